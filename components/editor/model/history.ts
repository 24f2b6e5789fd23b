import { relabelShapes } from './shape-ops';
import type { EditorShape } from './types';

export type HistoryMode = 'record' | 'fold' | 'none';

interface ImageHistory {
  past: EditorShape[][];
  future: EditorShape[][];
  /** A gesture (a drag) is in progress: its steps fold into one undo entry. */
  folding: boolean;
}

/** Undo and redo per image, unlimited, kept while switching images. */
export function createHistory() {
  const byImage = new Map<string, ImageHistory>();
  const of = (imageId: string) => {
    let history = byImage.get(imageId);
    if (!history) byImage.set(imageId, (history = { past: [], future: [], folding: false }));
    return history;
  };
  return {
    /** Notes the document as it was before a change. */
    push(imageId: string, before: EditorShape[], mode: HistoryMode): void {
      if (mode === 'none') return;
      const history = of(imageId);
      if (mode === 'fold' && history.folding) return;
      history.past.push(before);
      history.future = [];
      history.folding = mode === 'fold';
    },
    /** Drops the entry of a gesture that was cancelled: as if it never happened. */
    cancelGesture(imageId: string): void {
      const history = of(imageId);
      if (history.folding) history.past.pop();
      history.folding = false;
    },
    endGesture(imageId: string): void {
      of(imageId).folding = false;
    },
    undo(imageId: string, current: EditorShape[]): EditorShape[] | null {
      const history = of(imageId);
      const previous = history.past.pop();
      if (!previous) return null;
      history.future.push(current);
      history.folding = false;
      return previous;
    },
    redo(imageId: string, current: EditorShape[]): EditorShape[] | null {
      const history = of(imageId);
      const next = history.future.pop();
      if (!next) return null;
      history.past.push(current);
      return next;
    },
    /** A label renamed or merged on the server: undo and redo bring shapes back under the new name, the old one being gone. */
    relabel(from: string, to: string): void {
      const renamed = (shapes: EditorShape[]) => relabelShapes(shapes, from, to);
      for (const history of byImage.values()) {
        history.past = history.past.map(renamed);
        history.future = history.future.map(renamed);
      }
    },
    /** The image's undo and redo go: its shapes were replaced from outside. */
    forget(imageId: string): void {
      byImage.delete(imageId);
    },
    forgetAll(): void {
      byImage.clear();
    },
    canUndo: (imageId: string) => of(imageId).past.length > 0,
    canRedo: (imageId: string) => of(imageId).future.length > 0,
  };
}
