'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { errorText, useTRPC, useTRPCClient } from '@/components/trpc/provider';
import { foundImagesText, ScanProgress, type ProjectType } from './ScanProgress';
import { FolderBrowser } from './FolderBrowser';
import { useChooser } from './useChooser';

interface CreateRequest {
  status: 'raw';
  project_name: string;
  annotation_type: ProjectType;
  project_path: string;
  label_file_path: string;
}

/** A folder without images, waiting for the person to confirm an empty project. */
interface EmptyFolder {
  request: CreateRequest;
  otherFileCount: number;
}

export function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<ProjectType>('bndbox');
  const [folder, setFolder] = useState('');
  const [labelFile, setLabelFile] = useState('');
  const [started, setStarted] = useState<{ type: ProjectType; name: string } | null>(null);
  const [emptyFolder, setEmptyFolder] = useState<EmptyFolder | null>(null);
  const folderChooser = useChooser('folder');
  const fileChooser = useChooser('file');
  const trpcClient = useTRPCClient();
  // Counts before creating: an empty folder would otherwise become a 0-image project silently.
  const checkFolder = useMutation({ mutationFn: (projectPath: string) => trpcClient.project.checkFolder.query({ project_path: projectPath }) });
  const create = useMutation(trpc.project.create.mutationOptions());
  // A team server with project roots: folders are picked there, not in a dialog on the server.
  const roots = useQuery({ ...trpc.folders.roots.queryOptions(), enabled: open, retry: false }).data?.roots ?? null;

  const close = () => {
    setStarted(null);
    setEmptyFolder(null);
    setName('');
    setFolder('');
    setLabelFile('');
    checkFolder.reset();
    create.reset();
    void queryClient.invalidateQueries(trpc.project.pathFilter());
    onClose();
  };

  const createProject = async (request: CreateRequest) => {
    await create.mutateAsync(request);
    setEmptyFolder(null);
    setStarted({ type: request.annotation_type, name: request.project_name });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    create.reset();
    const request: CreateRequest = { status: 'raw', project_name: name.trim(), annotation_type: type, project_path: folder.trim(), label_file_path: labelFile.trim() };
    const contents = await checkFolder.mutateAsync(request.project_path);
    if (contents.image_count === 0) setEmptyFolder({ request, otherFileCount: contents.other_file_count });
    else await createProject(request);
  };

  const errors = [checkFolder.error, create.error, folderChooser.error, fileChooser.error].filter(Boolean);
  const errorList = errors.map((error, index) => (
    <p key={index} className="error" role="alert">{typeof error === 'string' ? error : errorText(error)}</p>
  ));

  return (
    <Dialog title="New project" open={open} onClose={close}>
      {started ? (
        <ScanProgress type={started.type} name={started.name} onDone={close} />
      ) : emptyFolder ? (
        <div className="stack">
          <p role="status">{foundImagesText(0, emptyFolder.otherFileCount)}</p>
          <p>Create an empty project anyway? Images can be added to it later.</p>
          {errorList}
          <div className="row end">
            <button type="button" className="button" onClick={() => { create.reset(); setEmptyFolder(null); }}>Choose another folder</button>
            <button type="button" className="button primary" disabled={create.isPending} onClick={() => void createProject(emptyFolder.request).catch(() => undefined)}>
              Create empty project
            </button>
          </div>
        </div>
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
              <input name="project_path" value={folder} onChange={(event) => setFolder(event.target.value)} required placeholder={roots?.[0] ?? '/home/me/images'} />
              {roots ? null : <button type="button" className="button" onClick={() => void folderChooser.choose().then((path) => path && setFolder(path))}>Choose…</button>}
            </div>
          </label>
          {roots ? <FolderBrowser onPick={setFolder} /> : null}
          <label className="field">
            <span>Label file (optional, one label per line)</span>
            <div className="row">
              <input name="label_file_path" value={labelFile} onChange={(event) => setLabelFile(event.target.value)} placeholder="/home/me/labels.txt" />
              {roots ? null : <button type="button" className="button" onClick={() => void fileChooser.choose().then((path) => path && setLabelFile(path))}>Choose…</button>}
            </div>
          </label>
          {errorList}
          <div className="row end">
            <button type="button" className="button" onClick={close}>Cancel</button>
            <button type="submit" className="button primary" disabled={checkFolder.isPending || create.isPending}>
              {checkFolder.isPending ? 'Checking the folder…' : 'Create project'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
