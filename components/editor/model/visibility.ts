// Hiding and locking, per label and per shape: a view on the document, never part of it (the
// server and exports see every shape). Hidden shapes are not drawn; hidden or locked ones
// cannot be picked, moved or deleted.
import type { EditorShape } from './types';

export interface Visibility {
  hiddenLabels: readonly string[];
  lockedLabels: readonly string[];
  hiddenShapes: readonly string[];
  lockedShapes: readonly string[];
}

export const emptyVisibility = (): Visibility => ({ hiddenLabels: [], lockedLabels: [], hiddenShapes: [], lockedShapes: [] });

export const toggleIn = (list: readonly string[], item: string): string[] => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

type Named = Pick<EditorShape, 'id' | 'label'>;

export const isHidden = (shape: Named, v: Visibility) => v.hiddenLabels.includes(shape.label) || v.hiddenShapes.includes(shape.id);
export const isLocked = (shape: Named, v: Visibility) => v.lockedLabels.includes(shape.label) || v.lockedShapes.includes(shape.id);

export const isEditable = (shape: EditorShape | undefined, v: Visibility): shape is EditorShape => Boolean(shape) && !isHidden(shape as EditorShape, v) && !isLocked(shape as EditorShape, v);
