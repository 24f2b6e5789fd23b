'use client';

// Renaming and deleting the image in view: the same operations classifai clients have, on the
// file itself, so the user need not leave the workspace to drop a blurred shot or fix a name.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { DELETED_FOLDER_NAME, ILLEGAL_RENAME_CHARACTERS } from '@/server/api/schemas/image.schema';
import type { ImageListItem } from './useImageList';
import type { ProjectType } from './useProject';

const fileNameOf = (imgPath: string) => imgPath.slice(imgPath.lastIndexOf('/') + 1);
const folderOf = (imgPath: string) => imgPath.slice(0, imgPath.lastIndexOf('/') + 1);

/** The file's name without its extension, and the extension (kept by a rename), dot included. */
function splitExtension(fileName: string): { base: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? { base: fileName.slice(0, dot), extension: fileName.slice(dot) } : { base: fileName, extension: '' };
}

interface ImageFileDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProjectType;
  name: string;
  image: ImageListItem | undefined;
}

export function RenameImageDialog(props: ImageFileDialogProps & { onRenamed: (uuid: string, imgPath: string) => void }) {
  return (
    <Dialog title="Rename image" open={props.open && props.image !== undefined} onClose={props.onClose}>
      {props.image ? <RenameForm {...props} image={props.image} /> : null}
    </Dialog>
  );
}

function RenameForm({ onClose, type, name, image, onRenamed }: ImageFileDialogProps & { image: ImageListItem; onRenamed: (uuid: string, imgPath: string) => void }) {
  const trpc = useTRPC();
  const { base, extension } = splitExtension(fileNameOf(image.img_path));
  const [draft, setDraft] = useState(base);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useMutation(trpc.image.rename.mutationOptions());
  const wanted = draft.trim();

  const submit = () => {
    setProblem(null);
    if (wanted === base) return onClose();
    if (wanted === '') return setProblem('Type the new name');
    rename.mutate(
      { annotation_type: type, project_name: name, uuid: image.uuid, new_fname: wanted + extension },
      {
        onSuccess: (outcome) => {
          if (outcome.message === 1) {
            onRenamed(image.uuid, folderOf(image.img_path) + wanted + extension);
            onClose();
          } else setProblem(renameProblem(outcome.error_code, wanted + extension, outcome.error_message));
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <form className="stack" onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <label className="field">
        <span>New name for {fileNameOf(image.img_path)}</span>
        <span className="row">
          <input className="input" aria-label="New file name" value={draft} autoFocus spellCheck={false} onChange={(event) => setDraft(event.target.value)} />
          {extension ? <span className="muted">{extension}</span> : null}
        </span>
      </label>
      <p className="small muted">The file is renamed in its folder; its shapes stay with it. The extension is kept.</p>
      {problem ? <p className="error" role="alert">{problem}</p> : null}
      <div className="row end">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button primary" disabled={rename.isPending}>Rename</button>
      </div>
    </form>
  );
}

/** The rename's refusal in the user's words (classifai's codes: 1 exists, 2 illegal character). */
function renameProblem(code: number, fileName: string, serverText: string): string {
  if (code === 1) return `${fileName} is already in this folder: choose another name`;
  if (code === 2) return `A file name cannot be blank or contain spaces or any of ${ILLEGAL_RENAME_CHARACTERS.filter((character) => character !== ' ').join(' ')}`;
  return serverText;
}

export function DeleteImageDialog(props: ImageFileDialogProps & { shapeCount: number; beforeDelete: () => Promise<unknown>; onDeleted: (uuid: string) => void }) {
  return (
    <Dialog title="Delete image" open={props.open && props.image !== undefined} onClose={props.onClose}>
      {props.image ? <DeleteQuestion {...props} image={props.image} /> : null}
    </Dialog>
  );
}

function DeleteQuestion({ onClose, type, name, image, shapeCount, beforeDelete, onDeleted }: ImageFileDialogProps & { image: ImageListItem; shapeCount: number; beforeDelete: () => Promise<unknown>; onDeleted: (uuid: string) => void }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.image.delete.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  // From the press on: the saves it waits for first may take a moment.
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setProblem(null);
    setDeleting(true);
    // The image's last edits land first: a save arriving after the delete would be refused.
    await beforeDelete().catch(() => undefined);
    remove.mutate(
      { annotation_type: type, project_name: name, uuid_list: [image.uuid] },
      {
        onSuccess: () => {
          onDeleted(image.uuid);
          onClose();
        },
        onError: (error) => {
          setProblem(errorText(error));
          setDeleting(false);
        },
      },
    );
  };
  const shapes = shapeCount === 0 ? 'It has no shapes' : `Its ${shapeCount} shape${shapeCount === 1 ? '' : 's'} leave${shapeCount === 1 ? 's' : ''} the project with it`;
  return (
    <div className="stack">
      <p>
        Delete <strong className="break-anywhere">{image.img_path}</strong> from the project? {shapes}. The file is not erased: it is moved into the
        folder {DELETED_FOLDER_NAME} in the project folder, where you can take it back from.
      </p>
      {problem ? <p className="error" role="alert">{problem}</p> : null}
      <div className="row end">
        <button type="button" className="button" autoFocus onClick={onClose}>Keep</button>
        <button type="button" className="button danger" disabled={deleting} onClick={() => void confirm()}>{deleting ? 'Deleting…' : 'Delete image'}</button>
      </div>
    </div>
  );
}
