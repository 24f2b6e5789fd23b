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
import { useChooser } from './useChooser';

export function ImportConfigDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog title="Import a classifai configuration" open={open} onClose={onClose}>
      <ImportConfigForm onClose={onClose} />
    </Dialog>
  );
}

function ImportConfigForm({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState('');
  const chooser = useChooser('file');
  // Until the job ends (1 and 2: reading the file, writing the project).
  const job = useJobStatus(trpc.transfer.importStatus.queryOptions({ annotation_type: 'bndbox' }), (status) => [1, 2].includes(status.file_system_status));
  const start = useMutation(trpc.transfer.importFile.mutationOptions({ onSuccess: job.started }));
  const done = Boolean(job.status?.project_name) && !job.running;
  // The new project's card appears in the list behind the dialog.
  useEffect(() => {
    if (done) void queryClient.invalidateQueries(trpc.project.overviews.queryFilter());
  }, [done, queryClient, trpc]);

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
      {errors.map((error) => <p key={error} className="error small" role="alert">{error}</p>)}
      <div className="row end">
        <button type="button" className="button" onClick={onClose}>{done ? 'Close' : 'Cancel'}</button>
        <button type="submit" className="button primary" disabled={!file.trim() || job.running || start.isPending}>Import</button>
      </div>
    </form>
  );
}
