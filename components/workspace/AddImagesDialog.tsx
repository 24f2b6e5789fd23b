'use client';

// Adding images from the workspace, as classifai clients can: the files picked are copied into
// the project folder (a name already there gets a number, nothing is overwritten), then the
// project is reloaded so they become its images; each step shows its progress.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { ADD_IMAGE_STATUS } from '@/server/api/schemas/image.schema';
import { FILE_SYSTEM_STATUS } from '@/server/api/schemas/status.schema';
import type { ProjectType } from './useProject';

const ACCEPTED = '.jpg,.jpeg,.png,.bmp,.webp,image/jpeg,image/png,image/bmp,image/webp';
/** All the files go in one request as base64 (a third larger), under the server's 300 MB. */
const MAX_TOTAL_BYTES = 150 * 1024 * 1024;

type Step = 'choosing' | 'sending' | 'copying' | 'reload-starting' | 'reloading' | 'done';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

interface AddImagesDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  /** The project holds them now: their file names as written (a taken name numbered). */
  onAdded: (added: string[]) => void;
}

export function AddImagesDialog({ open, onClose, type, name, onAdded }: AddImagesDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useMemo(() => ({ annotation_type: type, project_name: name }), [type, name]);
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState<Step>('choosing');
  const [added, setAdded] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation(trpc.image.add.mutationOptions());
  const reload = useMutation(trpc.project.reload.mutationOptions());
  const busy = step !== 'choosing' && step !== 'done';

  const addStatus = useQuery({ ...trpc.image.addStatus.queryOptions(ids), enabled: step === 'copying', refetchInterval: 200 });
  const reloadStatus = useQuery({ ...trpc.project.reloadStatus.queryOptions(ids), enabled: step === 'reloading', refetchInterval: 200 });

  const fail = (text: string) => {
    setProblem(text);
    setStep('choosing');
  };

  const start = async () => {
    setProblem(null);
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > MAX_TOTAL_BYTES) return fail(`These files take ${megabytes(total)}: add at most ${megabytes(MAX_TOTAL_BYTES)} at once`);
    setStep('sending');
    // A status read before this add (the last one's end) must not end this one at once.
    queryClient.removeQueries(trpc.image.addStatus.queryFilter(ids));
    try {
      const dataUrls = await Promise.all(files.map(readAsDataUrl));
      await add.mutateAsync({ ...ids, img_name_list: files.map((file) => file.name), img_base64_list: dataUrls });
      setStep('copying');
    } catch (error) {
      fail(errorText(error));
    }
  };

  const copied = addStatus.data;
  useEffect(() => {
    if (step !== 'copying' || !copied || copied.add_image_status === ADD_IMAGE_STATUS.ADDING_IMAGES) return;
    if (copied.add_image_status === ADD_IMAGE_STATUS.OPERATION_FAILED) return fail(copied.error_message ?? 'The images could not be copied into the project folder');
    setAdded(copied.added_image_list ?? []);
    setStep('reload-starting');
    reload.mutate(ids, {
      onSuccess: () => {
        // The last reload's final status must not end this one at once.
        queryClient.removeQueries(trpc.project.reloadStatus.queryFilter(ids));
        setStep('reloading');
      },
      onError: (error) => fail(errorText(error)),
    });
  }, [step, copied, ids, reload, queryClient, trpc]);

  const scanned = reloadStatus.data;
  const scanning = scanned?.file_system_status === FILE_SYSTEM_STATUS.ITERATING_FOLDER || scanned?.file_system_status === FILE_SYSTEM_STATUS.DATABASE_UPDATING;
  useEffect(() => {
    if (step !== 'reloading' || !scanned || scanning) return;
    if (scanned.file_system_status === FILE_SYSTEM_STATUS.ABORTED) {
      return fail(`The images are in the project folder, but the reload stopped: ${scanned.error_message || 'the folder could not be read'}. Reload the project from the project list.`);
    }
    setStep('done');
    setFiles([]);
    onAdded(added);
  }, [step, scanned, scanning, added, onAdded]);

  const close = () => {
    if (busy) return;
    setStep('choosing');
    setProblem(null);
    onClose();
  };

  return (
    <Dialog title="Add images" open={open} onClose={close} dismissable={!busy}>
      <div className="stack">
        {step === 'done' ? (
          <p role="status">
            Added {plural(added.length, 'image')}: {added.join(', ')}.
          </p>
        ) : (
          <>
            <p className="small muted">
              JPEG, PNG, BMP or WebP files are copied into the project folder; a name already there gets a number, nothing is overwritten.
            </p>
            <input
              type="file"
              multiple
              accept={ACCEPTED}
              aria-label="Images to add"
              disabled={busy}
              onChange={(event) => {
                setProblem(null);
                setFiles([...(event.target.files ?? [])]);
              }}
            />
            {files.length > 0 ? <p className="small">{plural(files.length, 'file')}, {megabytes(files.reduce((sum, file) => sum + file.size, 0))}</p> : null}
          </>
        )}
        {step === 'sending' ? <ProgressBar label="Sending" /> : null}
        {step === 'copying' || step === 'reload-starting' ? <ProgressBar label="Copying into the folder" done={copied?.progress?.[0]} total={copied?.progress?.[1]} /> : null}
        {step === 'reloading' ? <ProgressBar label="Adding to the project" done={scanned?.progress?.[0]} total={scanned?.progress?.[1]} /> : null}
        {problem ? <p className="error" role="alert">{problem}</p> : null}
        <div className="row end">
          <button type="button" className="button" onClick={close} disabled={busy}>{step === 'done' ? 'Close' : 'Cancel'}</button>
          {step === 'done' ? null : (
            <button type="button" className="button primary" onClick={() => void start()} disabled={busy || files.length === 0}>
              Add {files.length > 0 ? plural(files.length, 'image') : 'images'}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
