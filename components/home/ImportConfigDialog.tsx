'use client';

// A project made again from a classifai configuration file (what classifai and the cfg export
// write next to the images): the file's path typed or picked with the system dialog, since the
// images are found beside it on this machine.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { useJobStatus } from '@/components/trpc/useJobStatus';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';
import { useChooser } from './useChooser';

type ImportStatus = inferRouterOutputs<AppRouter>['transfer']['importStatus'];
/** The import's job as useJobStatus watches it. */
interface ImportJob {
  status: ImportStatus | undefined;
  running: boolean;
  started: () => void;
  reset: () => void;
}

export function ImportConfigDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Watched here, not in the form: the dialog may be closed while the import goes on, and its
  // project's card must still appear when it is done.
  const job = useJobStatus(trpc.transfer.importStatus.queryOptions({ annotation_type: 'bndbox' }), (status) => [1, 2].includes(status.file_system_status));
  const done = Boolean(job.status?.project_name) && !job.running;
  useEffect(() => {
    if (done) void queryClient.invalidateQueries(trpc.project.overviews.queryFilter());
  }, [done, queryClient, trpc]);
  // Closed after it ended, the next opening starts afresh; closed while it runs, it shows it still.
  const close = () => {
    if (!job.running) job.reset();
    onClose();
  };
  return (
    <Dialog title="Import a classifai configuration" open={open} onClose={close}>
      <ImportConfigForm onClose={close} job={job} done={done} />
    </Dialog>
  );
}

function ImportConfigForm({ onClose, job, done }: { onClose: () => void; job: ImportJob; done: boolean }) {
  const trpc = useTRPC();
  const [file, setFile] = useState('');
  const chooser = useChooser('file');
  const start = useMutation(trpc.transfer.importFile.mutationOptions({ onSuccess: job.started }));

  const errors = [start.error ? errorText(start.error) : null, chooser.error, !job.running && job.status?.error_message ? job.status.error_message : null].filter(Boolean);
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        job.reset();
        start.mutate({ config_path: file.trim() });
      }}
    >
      <label className="field">
        Configuration file (.json)
        <span className="row">
          <input className="input" aria-label="Configuration file" value={file} onChange={(event) => setFile(event.target.value)} placeholder="/path/to/project.json" />
          <button type="button" className="button" onClick={() => void chooser.choose().then((path) => path && setFile(path))}>Choose…</button>
        </span>
      </label>
      {job.running ? <ProgressBar done={job.status?.progress?.[0]} total={job.status?.progress?.[1]} label="Importing" /> : null}
      {done ? <p role="status">Imported project <strong>{job.status?.project_name}</strong>.</p> : null}
      {done && job.status?.missing_image_count ? (
        <div className="small" role="alert">
          {job.status.missing_image_count} image(s) of the file were missing from its folder and were left out:
          <ul style={{ maxHeight: '8rem', overflow: 'auto' }}>{job.status.missing_image_list?.map((name) => <li key={name}>{name}</li>)}</ul>
        </div>
      ) : null}
      {errors.map((error) => <p key={error} className="error small" role="alert">{error}</p>)}
      <div className="row end">
        {/* Running, the import goes on without the dialog: closing it cancels nothing. */}
        <button type="button" className="button" onClick={onClose}>{done || job.running ? 'Close' : 'Cancel'}</button>
        <button type="submit" className="button primary" disabled={!file.trim() || job.running || start.isPending}>Import</button>
      </div>
    </form>
  );
}
