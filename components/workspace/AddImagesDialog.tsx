'use client';

// Adding images from the workspace, as classifai clients can: the files picked are copied into
// the project folder (a name already there gets a number, nothing is overwritten), then the
// project is reloaded so they become its images; each step shows its progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ReloadProgress } from '@/components/home/ReloadProgress';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { useJobStatus } from '@/components/trpc/useJobStatus';
import { countOf } from '@/components/ui/count-text';
import { Dialog } from '@/components/ui/Dialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { ADD_IMAGE_STATUS } from '@/server/api/schemas/image.schema';
import { dataUrlOf } from './read-import-files';
import type { ProjectType } from './useProject';

const ACCEPTED = '.jpg,.jpeg,.png,.bmp,.webp,image/jpeg,image/png,image/bmp,image/webp';
/** All the files go in one request as base64 (a third larger), under the server's 300 MB. */
const MAX_TOTAL_BYTES = 150 * 1024 * 1024;

type Step = 'choosing' | 'copying' | 'reload-starting' | 'reloading' | 'done';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

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
  const copy = useJobStatus(trpc.image.addStatus.queryOptions(ids), (status) => status.add_image_status === ADD_IMAGE_STATUS.ADDING_IMAGES, 200);
  const busy = step !== 'choosing' && step !== 'done';

  const fail = (text: string) => {
    setProblem(text);
    setStep('choosing');
  };

  const start = async () => {
    setProblem(null);
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > MAX_TOTAL_BYTES) return fail(`These files take ${megabytes(total)}: add at most ${megabytes(MAX_TOTAL_BYTES)} at once`);
    setStep('copying');
    copy.reset();
    try {
      const dataUrls = await Promise.all(files.map(dataUrlOf));
      await add.mutateAsync({ ...ids, img_name_list: files.map((file) => file.name), img_base64_list: dataUrls });
      copy.started();
    } catch (error) {
      fail(errorText(error));
    }
  };

  // Copied: the project is reloaded so that the new files become its images.
  const copied = copy.status;
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

  const reloaded = useCallback(
    (failure: string | null) => {
      // Once: the dialog leaves this step at the first word.
      if (step !== 'reloading') return;
      if (failure) return fail(`The images are in the project folder. ${failure}. Reload the project from the project list.`);
      setStep('done');
      setFiles([]);
      onAdded(added);
    },
    [step, added, onAdded],
  );

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
            Added {countOf(added.length, 'image')}: {added.join(', ')}.
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
            {files.length > 0 ? <p className="small">{countOf(files.length, 'file')}, {megabytes(files.reduce((sum, file) => sum + file.size, 0))}</p> : null}
          </>
        )}
        {step === 'copying' || step === 'reload-starting' ? <ProgressBar label="Copying into the folder" done={copied?.progress?.[0]} total={copied?.progress?.[1]} /> : null}
        {step === 'reloading' ? <ReloadProgress ids={ids} onDone={reloaded} /> : null}
        {problem ? <p className="error" role="alert">{problem}</p> : null}
        <div className="row end">
          <button type="button" className="button" onClick={close} disabled={busy}>{step === 'done' ? 'Close' : 'Cancel'}</button>
          {step === 'done' ? null : (
            <button type="button" className="button primary" onClick={() => void start()} disabled={busy || files.length === 0}>
              Add {files.length > 0 ? countOf(files.length, 'image') : 'images'}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
