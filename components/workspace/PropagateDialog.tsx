'use client';

// Copies the selected shapes (or all of the image's) onto the next N images or a range of
// positions: each target gets them added, clipped to its size, as one undo step there, and is
// saved like any edit.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import { copiesMissingFrom } from '@/components/editor/model/shape-ops';
import type { EditorShape } from '@/components/editor/model/types';
import { useTRPC } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import { editorImageQuery } from './useEditorPersistence';
import type { ImageListItem } from './useImageList';
import type { ProjectType } from './useProject';

/** No more images per copy: past this a mistake costs too much to undo image by image. */
const MAX_PROPAGATION = 500;
const READ_ONLY = 'You can view this project but not change it: nothing can be copied.';

interface PropagateProps {
  open: boolean;
  onClose: () => void;
  store: EditorStore;
  type: ProjectType;
  name: string;
  /** The current position (0-based) and the list's length. */
  index: number;
  total: number;
  ensure: (index: number) => Promise<ImageListItem | undefined>;
}

export function PropagateDialog(props: PropagateProps) {
  return (
    <Dialog title="Copy shapes to other images" open={props.open} onClose={props.onClose}>
      <PropagateForm {...props} />
    </Dialog>
  );
}

function PropagateForm({ onClose, store, type, name, index, total, ensure }: PropagateProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { shapes, selectedIds, readOnly } = store.getState();
  const selected = shapes.filter((shape) => selectedIds.includes(shape.id));
  const [which, setWhich] = useState<'selected' | 'all'>(selected.length > 0 ? 'selected' : 'all');
  const [mode, setMode] = useState<'next' | 'range'>('next');
  const [count, setCount] = useState('1');
  const [from, setFrom] = useState(String(Math.min(index + 2, total)));
  const [to, setTo] = useState(String(Math.min(index + 2, total)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  // Closing the dialog stops a copy under way: the images done so far keep their copies.
  const open = useRef(true);
  useEffect(() => {
    // Set again on mount: React's development double mount ran the cleanup once already.
    open.current = true;
    return () => void (open.current = false);
  }, []);

  const targets = (): number[] | string => {
    if (mode === 'next' && index + 1 >= total) return 'This is the last image: there is no image after it to copy to.';
    const [first, last] = mode === 'next' ? [index + 2, index + 1 + Number(count)] : [Number(from), Number(to)];
    if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first) return 'Give whole numbers, the first not after the last.';
    // Positions count in the strip's list, which a filter (To do, a label) makes shorter than the project.
    if (last > total) return `The list in the strip has ${total} images.`;
    if (last - first + 1 > MAX_PROPAGATION) return `At most ${MAX_PROPAGATION} images at a time.`;
    return Array.from({ length: last - first + 1 }, (_, i) => first - 1 + i).filter((position) => position !== index);
  };

  const apply = async () => {
    // Every refusal is said: a silent close looked as if copies were made. Read now: the rights
    // can change while the dialog is open (a role lowered, a save refused).
    if (store.getState().readOnly) return setError(READ_ONLY);
    const source: EditorShape[] = which === 'selected' ? selected : shapes;
    const positions = targets();
    if (typeof positions === 'string') return setError(positions);
    if (source.length === 0) return setError('There are no shapes to copy.');
    if (positions.length === 0) return setError('That range holds only this image: there is no other image to copy to.');
    setBusy(true);
    let alreadyThere = 0;
    try {
      for (const [done, position] of positions.entries()) {
        setProgress({ done, of: positions.length });
        if (!open.current) return;
        const item = await ensure(position);
        if (!item) continue;
        const [image] = await queryClient.fetchQuery(editorImageQuery(trpc, type, name, item.uuid));
        // Cancelled while this image was read: it gets no copies either.
        if (!image || !open.current) continue;
        const before = image.shapes as EditorShape[];
        const copies = copiesMissingFrom(before, source, { width: image.width, height: image.height }, store.newId);
        if (copies.length === 0) alreadyThere += 1;
        else store.commitTo(item.uuid, before, [...before, ...copies]);
      }
      if (!open.current) return;
      // A second Copy of the same shapes changes nothing: said, or it looked like a copy made.
      if (alreadyThere === positions.length) setError(positions.length === 1 ? 'That image already has these shapes: nothing was copied.' : 'Those images already have these shapes: nothing was copied.');
      else onClose();
    } catch (cause) {
      if (open.current) setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      if (open.current) {
        setBusy(false);
        setProgress(null);
      }
    }
  };

  return (
    <form className="stack" onSubmit={(event) => (event.preventDefault(), void apply())}>
      <fieldset className="row">
        <label><input type="radio" name="which" checked={which === 'selected'} disabled={selected.length === 0} onChange={() => setWhich('selected')} /> Selected shapes ({selected.length})</label>
        <label><input type="radio" name="which" checked={which === 'all'} onChange={() => setWhich('all')} /> All shapes ({shapes.length})</label>
      </fieldset>
      <fieldset className="row">
        <label><input type="radio" name="mode" checked={mode === 'next'} onChange={() => setMode('next')} /> Next</label>
        <input className="input narrow" aria-label="Number of next images" inputMode="numeric" value={count} onChange={(event) => (setMode('next'), setCount(event.target.value))} />
        <span>images</span>
      </fieldset>
      <fieldset className="row">
        <label><input type="radio" name="mode" checked={mode === 'range'} onChange={() => setMode('range')} /> Images</label>
        <input className="input narrow" aria-label="From image" inputMode="numeric" value={from} onChange={(event) => (setMode('range'), setFrom(event.target.value))} />
        <span>to</span>
        <input className="input narrow" aria-label="To image" inputMode="numeric" value={to} onChange={(event) => (setMode('range'), setTo(event.target.value))} />
      </fieldset>
      {/* A viewer's refusal, said once: above the buttons while the dialog is open, or since a click found it. */}
      {readOnly || error === READ_ONLY ? <p className="error small" role="alert">{READ_ONLY}</p> : null}
      {error && error !== READ_ONLY ? <p className="error small" role="alert">{error}</p> : null}
      {progress ? <p className="small" role="status" aria-label="Copy progress">Copying: {progress.done} / {progress.of} images done…</p> : null}
      <div className="row end">
        <button className="button" type="button" onClick={onClose}>Cancel</button>
        <button className="button primary" type="submit" disabled={busy || readOnly}>Copy</button>
      </div>
    </form>
  );
}
