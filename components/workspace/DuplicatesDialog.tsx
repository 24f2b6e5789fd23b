'use client';

// Duplicate images: "Find duplicates" hashes the images no thumbnail has hashed yet (a job
// with progress), then the groups show, exact copies apart from near ones; a click opens one.
import { errorText } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { useDuplicates } from './useSplit';
import type { ProjectType } from './useProject';

interface DuplicatesDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  thumbUrl: (uuid: string) => string;
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
  const { status, groups, find, running } = useDuplicates(type, name, true);
  const progress = status.data;
  const list = groups.data;
  const failure = find.error ? errorText(find.error) : groups.error ? errorText(groups.error) : progress?.state === 'failed' ? progress.message : null;
  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="button primary" disabled={running || find.isPending} onClick={() => find.mutate({ annotation_type: type, project_name: name })}>
          Find duplicates
        </button>
        {list && !running ? (
          <span className="muted small" aria-label="Duplicate summary">
            {list.groups.length === 0 ? 'No duplicates found' : list.groups.length === 1 ? '1 group' : `${list.groups.length} groups`}
            {list.unhashed > 0 ? ` · ${list.unhashed} images not checked yet` : ''}
          </span>
        ) : null}
      </div>
      {running && progress ? <ProgressBar label="Hashing images" done={progress.done} total={progress.total} /> : null}
      {progress?.state === 'done' && progress.failed > 0 ? <p className="muted small">{progress.failed} images could not be read and are in no group.</p> : null}
      <p className="muted small">
        Exact duplicates are the same file bytes; near duplicates look the same (resized, re-encoded). A split keeps each group on one side.
      </p>
      {list && !running ? (
        <ul className="duplicate-groups" aria-label="Duplicate groups">
          {list.groups.map((group) => (
            <li key={group.members[0]?.uuid} className="duplicate-group" data-kind={group.kind}>
              <span className={`duplicate-kind ${group.kind}`}>{group.kind === 'exact' ? 'Exact' : 'Near'}</span>
              {group.members.map((member) => (
                <button
                  key={member.uuid}
                  type="button"
                  className="duplicate-member"
                  title={member.img_path}
                  onClick={() => {
                    onOpen(member.img_path);
                    onClose();
                  }}
                >
                  <img src={thumbUrl(member.uuid)} alt="" width={48} height={48} loading="lazy" />
                  <span>{member.img_path}</span>
                </button>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? <p className="error small" role="alert">{failure}</p> : null}
      <div className="row end">
        <button type="button" className="button" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
