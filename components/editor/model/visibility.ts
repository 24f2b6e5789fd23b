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

/**
 * A label renamed (or merged into another): its hidden and locked state go with its name. On
 * a merge into a label that exists, the target is hidden (locked) when either of the two was,
 * so the merged-away label's state is never dropped silently.
 */
export function relabelVisibility(v: Visibility, from: string, to: string): Visibility {
  if (from === to) return v;
  const follow = (list: readonly string[]) => (list.includes(from) ? [...new Set(list.map((label) => (label === from ? to : label)))] : list);
  const hiddenLabels = follow(v.hiddenLabels);
  const lockedLabels = follow(v.lockedLabels);
  return hiddenLabels === v.hiddenLabels && lockedLabels === v.lockedLabels ? v : { ...v, hiddenLabels, lockedLabels };
}

type Named = Pick<EditorShape, 'id' | 'label'>;

export const isHidden = (shape: Named, v: Visibility) => v.hiddenLabels.includes(shape.label) || v.hiddenShapes.includes(shape.id);
export const isLocked = (shape: Named, v: Visibility) => v.lockedLabels.includes(shape.label) || v.lockedShapes.includes(shape.id);

export const isEditable = (shape: EditorShape | undefined, v: Visibility): shape is EditorShape => Boolean(shape) && !isHidden(shape as EditorShape, v) && !isLocked(shape as EditorShape, v);
