'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { useChooser } from './useChooser';

type ProjectType = 'bndbox' | 'seg';

function ScanProgress({ type, name, onDone }: { type: ProjectType; name: string; onDone: () => void }) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.project.creationStatus.queryOptions({ annotation_type: type, project_name: name }),
    refetchInterval: (query) => {
      const code = query.state.data?.file_system_status;
      return code === 3 || code === 5 ? false : 250;
    },
  });
  const data = status.data;
  if (data?.file_system_status === 3) {
    const unsupported = data.unsupported_image_list ?? [];
    return (
      <div className="stack">
        <ProgressBar label="Folder scanned" done={1} total={1} />
        {unsupported.length > 0 ? <p className="muted">{unsupported.length} file(s) could not be read as images and were skipped.</p> : null}
        <div className="row end">
          <button className="button primary" onClick={onDone}>Done</button>
        </div>
      </div>
    );
  }
  if (data?.file_system_status === 5) return <p className="error">The scan failed: {data.error_message}</p>;
  return <ProgressBar label="Scanning the folder" done={data?.progress?.[0]} total={data?.progress?.[1]} />;
}

export function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<ProjectType>('bndbox');
  const [folder, setFolder] = useState('');
  const [labelFile, setLabelFile] = useState('');
  const [started, setStarted] = useState<{ type: ProjectType; name: string } | null>(null);
  const folderChooser = useChooser('folder');
  const fileChooser = useChooser('file');
  const create = useMutation(trpc.project.create.mutationOptions());

  const close = () => {
    setStarted(null);
    setName('');
    setFolder('');
    setLabelFile('');
    create.reset();
    void queryClient.invalidateQueries(trpc.project.pathFilter());
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await create.mutateAsync({ status: 'raw', project_name: name.trim(), annotation_type: type, project_path: folder.trim(), label_file_path: labelFile.trim() });
    setStarted({ type, name: name.trim() });
  };

  return (
    <Dialog title="New project" open={open} onClose={close}>
      {started ? (
        <ScanProgress type={started.type} name={started.name} onDone={close} />
      ) : (
        <form className="stack" onSubmit={(event) => void submit(event).catch(() => undefined)}>
          <label className="field">
            <span>Name</span>
            <input name="project_name" value={name} onChange={(event) => setName(event.target.value)} required autoFocus placeholder="street-scenes" />
          </label>
          <fieldset className="field">
            <span>Annotation type</span>
            <div className="segmented">
              <label><input type="radio" name="type" checked={type === 'bndbox'} onChange={() => setType('bndbox')} /> Bounding boxes</label>
              <label><input type="radio" name="type" checked={type === 'seg'} onChange={() => setType('seg')} /> Polygons</label>
            </div>
          </fieldset>
          <label className="field">
            <span>Image folder</span>
            <div className="row">
              <input name="project_path" value={folder} onChange={(event) => setFolder(event.target.value)} required placeholder="/home/me/images" />
              <button type="button" className="button" onClick={() => void folderChooser.choose().then((path) => path && setFolder(path))}>Choose…</button>
            </div>
          </label>
          <label className="field">
            <span>Label file (optional, one label per line)</span>
            <div className="row">
              <input name="label_file_path" value={labelFile} onChange={(event) => setLabelFile(event.target.value)} placeholder="/home/me/labels.txt" />
              <button type="button" className="button" onClick={() => void fileChooser.choose().then((path) => path && setLabelFile(path))}>Choose…</button>
            </div>
          </label>
          {[create.error, folderChooser.error, fileChooser.error].filter(Boolean).map((error, index) => (
            <p key={index} className="error" role="alert">{typeof error === 'string' ? error : errorText(error)}</p>
          ))}
          <div className="row end">
            <button type="button" className="button" onClick={close}>Cancel</button>
            <button type="submit" className="button primary" disabled={create.isPending}>Create project</button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
