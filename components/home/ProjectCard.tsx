'use client';

import Link from 'next/link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { ReloadProgress } from './ReloadProgress';
import { useMe } from './SignedInAs';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

export type ProjectOverview = inferRouterOutputs<AppRouter>['project']['overviews'][number];

const TYPE_NAMES = { bndbox: 'Bounding boxes', seg: 'Polygons' } as const;
const dateText = (ms: number) => new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function projectHref(project: Pick<ProjectOverview, 'type' | 'name'>) {
  return `/projects/${project.type}/${encodeURIComponent(project.name)}`;
}

export function ProjectCard({ project }: { project: ProjectOverview }) {
  const trpc = useTRPC();
  // A viewer or annotator on a team server: the admin's buttons would only be refused.
  const { isAdmin } = useMe();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries(trpc.project.overviews.queryFilter()), [queryClient, trpc]);
  const ids = { annotation_type: project.type, project_name: project.name };
  const star = useMutation(trpc.project.star.mutationOptions({ onSettled: refresh }));
  const rename = useMutation(trpc.project.rename.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.project.remove.mutationOptions({ onSuccess: refresh }));
  const close = useMutation(trpc.project.close.mutationOptions({ onSuccess: refresh }));
  const [reloading, setReloading] = useState(false);
  const reload = useMutation(
    trpc.project.reload.mutationOptions({
      onSuccess: () => {
        // An earlier reload's final status must not end this one at once.
        queryClient.removeQueries(trpc.project.reloadStatus.queryFilter(ids));
        setReloading(true);
      },
    }),
  );
  const [reloadFailure, setReloadFailure] = useState<string | null>(null);
  const [reloadSummary, setReloadSummary] = useState<string | null>(null);
  const reloaded = useCallback((failure: string | null, summary: string | null) => {
    setReloading(false);
    setReloadFailure(failure);
    setReloadSummary(summary);
    void refresh();
  }, [refresh]);
  // Only this card's own reload is summed up: a creation's scan found every image.
  const scanEndedElsewhere = useCallback((failure: string | null) => reloaded(failure, null), [reloaded]);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [newName, setNewName] = useState(project.name);
  const unlabeled = project.image_count - project.labeled_count;
  const percent = project.image_count > 0 ? Math.round((project.labeled_count / project.image_count) * 100) : 0;
  const failure = [star.error, rename.error, remove.error, reload.error, close.error].find(Boolean);

  return (
    <article className="card" aria-label={`Project ${project.name}`}>
      <header className="card-header">
        <Link className="card-title" href={projectHref(project)}>{project.name}</Link>
        <button
          className={project.is_starred ? 'icon-button starred' : 'icon-button'}
          aria-label={project.is_starred ? 'Unstar' : 'Star'}
          aria-pressed={project.is_starred}
          disabled={!isAdmin}
          onClick={() => star.mutate({ ...ids, status: project.is_starred ? 'false' : 'true' })}
        >
          {project.is_starred ? '★' : '☆'}
        </button>
      </header>
      <p className="badge">{TYPE_NAMES[project.type]}</p>
      <p className="card-path" title={project.folder}>{project.folder}</p>
      {!project.folder_exists ? <p className="warning" role="status">The folder is missing: plug in the drive or reload when it is back.</p> : null}
      <div className="meter" aria-label={`${project.labeled_count} of ${project.image_count} labeled`}>
        <div className="meter-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted small">
        {project.is_scanning ? 'Counting its images…' : `${project.image_count} images · ${project.labeled_count} labeled · ${unlabeled} to go`}
      </p>
      <p className="muted small">Created {dateText(project.created_at)} · edited {dateText(project.last_modified_at)}</p>
      {reloading ? (
        <ReloadProgress ids={ids} onDone={reloaded} />
      ) : project.is_scanning ? (
        // Started elsewhere (its creation, another tab's reload): the counts grow until it ends.
        <ReloadProgress ids={ids} onDone={scanEndedElsewhere} label="Scanning the folder" />
      ) : null}
      {reloadSummary && !reloading ? <p className="muted small" role="status">{reloadSummary}</p> : null}
      {failure ? <p className="error small" role="alert">{errorText(failure)}</p> : null}
      {reloadFailure && !reloading ? <p className="error small" role="alert">{reloadFailure}</p> : null}
      <footer className="row">
        <Link className="button primary" href={projectHref(project)}>Open</Link>
        {isAdmin ? <button className="button" onClick={() => reload.mutate(ids)} disabled={reload.isPending || reloading || project.is_scanning}>Reload</button> : null}
        {project.is_loaded ? (
          <button className="button" title="Another tab or a classifai client has it open" onClick={() => close.mutate({ ...ids, status: 'closed' })}>Close</button>
        ) : null}
        {isAdmin ? (
          <>
            <button className="button" onClick={() => setDialog('rename')}>Rename</button>
            <button className="button danger" onClick={() => setDialog('delete')}>Delete</button>
          </>
        ) : null}
      </footer>
      <Dialog title={`Rename ${project.name}`} open={dialog === 'rename'} onClose={() => setDialog(null)}>
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ ...ids, new_project_name: newName.trim() }, { onSuccess: () => setDialog(null) });
          }}
        >
          <label className="field">
            <span>New name</span>
            <input name="new_project_name" value={newName} onChange={(event) => setNewName(event.target.value)} autoFocus required />
          </label>
          {rename.error ? <p className="error" role="alert">{errorText(rename.error)}</p> : null}
          <div className="row end">
            <button type="button" className="button" onClick={() => setDialog(null)}>Cancel</button>
            <button type="submit" className="button primary">Rename</button>
          </div>
        </form>
      </Dialog>
      <Dialog title={`Delete ${project.name}?`} open={dialog === 'delete'} onClose={() => setDialog(null)}>
        <p>Labelport forgets this project and its annotations. The images in {project.folder} are not touched.</p>
        <div className="row end">
          <button className="button" onClick={() => setDialog(null)}>Cancel</button>
          <button className="button danger" onClick={() => remove.mutate(ids, { onSuccess: () => setDialog(null) })}>Delete project</button>
        </div>
      </Dialog>
    </article>
  );
}
