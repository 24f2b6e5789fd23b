'use client';

// Duplicate images: "Find duplicates" hashes the images no thumbnail has hashed yet (a job
// with progress), then the groups show, exact copies apart from near ones; a click opens one.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { countText } from '@/components/ui/count-text';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { useDuplicates } from './useSplit';
import type { ProjectType } from './useProject';

type DuplicateGroup = NonNullable<ReturnType<typeof useDuplicates>['groups']['data']>['groups'][number];

// A folder of video frames or blank shots can put tens of thousands of images in a few groups:
// drawn all at once (100,000 thumbnails) they froze the tab for a minute and a half. Each group
// shows its first members and a button for more; past the first groups, a button shows more.
const MEMBERS_FIRST = 12;
const MEMBERS_MORE = 120;
const GROUPS_FIRST = 100;

interface DuplicatesDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  /** The file's version is in it, as in every picture's URL: a file replaced shows anew. */
  thumbUrl: (member: { uuid: string; file_version: string }) => string;
  /** Opens the image with this path in the workspace. */
  onOpen: (imgPath: string) => void;
}

export function DuplicatesDialog(props: DuplicatesDialogProps) {
  return (
    <Dialog wide title="Duplicates" open={props.open} onClose={props.onClose}>
      <DuplicatesView {...props} />
    </Dialog>
  );
}

function DuplicatesView({ onClose, type, name, thumbUrl, onOpen }: DuplicatesDialogProps) {
  const { status, groups, find, running } = useDuplicates(type, name, true, MEMBERS_FIRST);
  const progress = status.data;
  // The groups of an earlier opening are not shown while they are read again.
  const list = groups.isFetchedAfterMount ? groups.data : undefined;
  const openAndClose = (imgPath: string) => {
    onOpen(imgPath);
    onClose();
  };
  const failure = find.error ? errorText(find.error) : groups.error ? errorText(groups.error) : progress?.state === 'failed' ? progress.message : null;
  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="button primary" disabled={running || find.isPending} onClick={() => find.mutate({ annotation_type: type, project_name: name })}>
          Find duplicates
        </button>
        {list && !running ? (
          <span className="muted small" aria-label="Duplicate summary">
            {list.groups.length === 0 ? 'No duplicates found' : list.groups.length === 1 ? '1 group' : `${countText(list.groups.length)} groups`}
            {list.unhashed > 0 ? ` · ${countText(list.unhashed)} images not checked yet` : ''}
          </span>
        ) : !running && groups.isFetching ? (
          <span className="muted small">Reading the groups…</span>
        ) : null}
      </div>
      {running && progress ? <ProgressBar label="Hashing images" done={progress.done} total={progress.total} /> : null}
      {progress?.state === 'done' && progress.failed > 0 ? <p className="muted small">{progress.failed} images could not be read and are in no group.</p> : null}
      <p className="muted small">
        Exact duplicates are the same file bytes; near duplicates look the same (resized, re-encoded). A split keeps each group on one side.
      </p>
      {list && !running ? <DuplicateGroups ids={{ annotation_type: type, project_name: name }} groups={list.groups} thumbUrl={thumbUrl} onOpen={openAndClose} /> : null}
      {failure ? <p className="error small" role="alert">{failure}</p> : null}
      <div className="row end">
        <button type="button" className="button" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}

interface GroupsProps {
  ids: { annotation_type: ProjectType; project_name: string };
  thumbUrl: DuplicatesDialogProps['thumbUrl'];
  onOpen: (imgPath: string) => void;
}

/**
 * The button under a cut list: "Show all 13" when one more step shows the rest, else "Show 120
 * more (500 not shown)". "Show 1 more of 1" under a group of 13 read as if the group had one.
 */
function showMoreText(hidden: number, step: number, whole: string): string {
  return hidden <= step ? `Show all ${whole}` : `Show ${countText(step)} more (${countText(hidden)} not shown)`;
}

function DuplicateGroups({ groups, ...props }: GroupsProps & { groups: readonly DuplicateGroup[] }) {
  const [groupsShown, setGroupsShown] = useState(GROUPS_FIRST);
  const hidden = groups.length - groupsShown;
  return (
    <ul className="duplicate-groups" aria-label="Duplicate groups">
      {groups.slice(0, groupsShown).map((group) => (
        <DuplicateGroupRow key={group.members[0]?.uuid} group={group} {...props} />
      ))}
      {hidden > 0 ? (
        <li>
          <button type="button" className="button" onClick={() => setGroupsShown(groupsShown + GROUPS_FIRST)}>
            {showMoreText(hidden, GROUPS_FIRST, `${countText(groups.length)} groups`)}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** The group's first members, as the groups were read; the rest are read when asked for. */
function DuplicateGroupRow({ group, ids, thumbUrl, onOpen }: GroupsProps & { group: DuplicateGroup }) {
  const trpc = useTRPC();
  const [shown, setShown] = useState(MEMBERS_FIRST);
  // Only a group with more members than were read, once more are asked for: a small group read
  // whole asked the server for itself again, each of up to 100 on every opening.
  const whole = useQuery({
    ...trpc.split.duplicateGroup.queryOptions({ ...ids, first_uuid: group.members[0]?.uuid ?? '' }),
    enabled: group.size > group.members.length && shown > group.members.length,
  });
  // null: the group changed since (hashes made meanwhile); what was read stays.
  const members = whole.data?.members ?? group.members;
  const size = whole.data ? whole.data.size : whole.data === null ? group.members.length : group.size;
  const hidden = size - Math.min(shown, size);
  return (
    <li className="duplicate-group" data-kind={group.kind}>
      <span className={`duplicate-kind ${group.kind}`}>
        {group.kind === 'exact' ? 'Exact' : 'Near'}
        {size > MEMBERS_FIRST ? ` · ${countText(size)} images` : ''}
      </span>
      {members.slice(0, shown).map((member) => (
        <button key={member.uuid} type="button" className="duplicate-member" title={member.img_path} onClick={() => onOpen(member.img_path)}>
          <img src={thumbUrl(member)} alt="" width={48} height={48} loading="lazy" />
          <span>{member.img_path}</span>
        </button>
      ))}
      {hidden > 0 ? (
        <button type="button" className="button small" disabled={whole.isFetching} onClick={() => setShown(shown + MEMBERS_MORE)}>
          {showMoreText(hidden, MEMBERS_MORE, countText(size))}
        </button>
      ) : null}
      {whole.data === null ? <span className="muted small">This group has changed since: open Duplicates again to see it whole.</span> : null}
      {whole.error ? <span className="error small" role="alert">{errorText(whole.error)}</span> : null}
    </li>
  );
}
