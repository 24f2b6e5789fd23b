'use client';

// A polygon half drawn with no label picked when the page goes (a closed tab, a reload) or the
// workspace is left: closed as a move closes it, it waited for the label prompt, which goes with
// the page, and its points were lost. They are kept in localStorage instead, and the workspace
// brings the polygon back, still being drawn, when it opens that image again. So is a shape
// already waiting in the label prompt: it comes back waiting there.
import { useEffect } from 'react';
import { localStorageStash, type ExitStash } from '@/components/editor/edit-journal';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { ToolController } from '@/components/editor/model/tools';
import type { EditorShape, ImageSize, Point } from '@/components/editor/model/types';
import { drawnPoints, leaveDrawing } from './useDrawingNotice';

const KEPT_PREFIX = 'labelport-drawing\u0000';
// The stash reads by prefix: ended by NUL, project seg/a's key is not a prefix of seg/ab's.
const keyOf = (project: string) => `${KEPT_PREFIX}${project}\u0000`;

export const RESTORED_NOTICE = 'The polygon being drawn when the page went was brought back: click on, close it and pick its label';
export const RESTORED_PENDING_NOTICE = 'The shape waiting for its label when the page went was brought back: pick its label, or press Escape to drop it';

/** The polygon being drawn (points), or the shape waiting for its label (shape), and the size of the image it was drawn on. */
type KeptDrawing = { uuid: string; size: ImageSize } & ({ points: readonly Point[] } | { shape: EditorShape });

/**
 * As the workspace goes: the shape waiting for its label is kept, and so is the polygon being
 * drawn when closing it would ask for its label; else the polygon goes as leaveDrawing says
 * (closed on its image, or dropped).
 */
export function leaveDrawingAsPageGoes(store: EditorStore, tools: ToolController, project: string, stash = localStorageStash()): void {
  const kept = keptOf(store);
  if (!stash || !kept) {
    leaveDrawing(store, tools);
    return;
  }
  try {
    stash.write(keyOf(project), JSON.stringify(kept));
  } catch {
    // Storage full or refused: nothing else can keep it while the page goes away.
  }
}

/** What the page going would lose: the shape waiting for its label, or a polygon that would ask for one. */
function keptOf(store: EditorStore): KeptDrawing | null {
  const { imageId, size, activeLabel, pendingLabel } = store.getState();
  if (!imageId) return null;
  if (pendingLabel) return { uuid: imageId, size, shape: pendingLabel };
  const points = drawnPoints(store);
  return points && !activeLabel ? { uuid: imageId, size, points } : null;
}

const finite = (...values: unknown[]) => values.every(Number.isFinite);
const validPoints = (points: unknown) => Array.isArray(points) && points.every((point: Partial<Point> | null) => finite(point?.x, point?.y));
const validShape = (shape: Partial<EditorShape> | undefined) =>
  typeof shape?.id === 'string' && (shape.kind === 'box' ? finite(shape.x, shape.y, shape.w, shape.h) : shape.kind === 'polygon' && validPoints(shape.points));

/**
 * The drawing kept for the project on this image, taken out of the stash: it is brought back once
 * at most. One kept for another image stays there for it.
 */
export function takeKeptDrawing(stash: ExitStash, project: string, imageId: string): KeptDrawing | null {
  const [text] = stash.read(keyOf(project));
  try {
    const kept = JSON.parse(text ?? 'null') as Partial<{ uuid: string; size: ImageSize; points: Point[]; shape: EditorShape }> | null;
    const valid = typeof kept?.uuid === 'string' && finite(kept.size?.width, kept.size?.height) && ('shape' in kept ? validShape(kept.shape) : validPoints(kept.points));
    if (valid && kept.uuid !== imageId) return null;
    stash.remove(keyOf(project));
    return valid ? (kept as KeptDrawing) : null;
  } catch {
    // A damaged entry helps nobody.
    stash.remove(keyOf(project));
    return null;
  }
}

/** Puts the kept drawing back in the editor as it was when the page went; says what to tell the user. */
export function bringBack(store: EditorStore, kept: KeptDrawing): string {
  if ('shape' in kept) {
    // Unnamed, it waits for its label again: the label prompt opens.
    store.addShape({ ...kept.shape, label: '' });
    return RESTORED_PENDING_NOTICE;
  }
  store.setTool('polygon');
  store.setDraft({ kind: 'polygon', points: [...kept.points], hover: null });
  return RESTORED_NOTICE;
}

/**
 * Brings back the drawing kept for the project when the editor holds the image it was drawn on.
 * Not only on the first image held: the opening may land elsewhere (its image labelled meanwhile
 * and so out of the To do list reopened, or the kept drawing left by another tab closed since),
 * and dropped there, it was lost without a word. It is dropped when its file was replaced by a
 * picture of another size: the shape, in the old picture's pixels, would be off the new one (out
 * of sight, and named, saved there).
 */
export function useKeptDrawing(store: EditorStore, project: string, tell: (text: string) => void) {
  useEffect(() => {
    const stash = localStorageStash();
    if (!stash) return;
    let lookedAt: string | null = null;
    const unsubscribe = store.subscribe(() => {
      const { imageId, between, size } = store.getState();
      if (!imageId || between || imageId === lookedAt) return;
      lookedAt = imageId;
      const kept = takeKeptDrawing(stash, project, imageId);
      if (kept && kept.size.width === size.width && kept.size.height === size.height) tell(bringBack(store, kept));
    });
    return () => void unsubscribe();
  }, [store, project, tell]);
}
