'use client';

// The polygon being drawn when the user moves to another image, and what the workspace says
// about it: it went with the image left, without a word.
import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { ToolController } from '@/components/editor/model/tools';
import { POLYGON_CLOSE_RULE } from '@/components/editor/model/tools/polygon.tool';
import type { EditorShape, Point } from '@/components/editor/model/types';
import { countOf } from '@/components/ui/count-text';

export const drawnPoints = (store: EditorStore): readonly Point[] | null => {
  const { draft } = store.getState();
  return draft?.kind === 'polygon' && draft.points.length > 0 ? draft.points : null;
};

/** What the workspace says of a polygon being drawn that could not close when its image was left. */
export const droppedNotice = (points: number) => `The polygon being drawn (${countOf(points, 'point')}) was dropped: ${POLYGON_CLOSE_RULE.toLowerCase()}`;

/**
 * Before the image is left: the polygon being drawn is closed on it when it can be, as Enter
 * would, else dropped, and notice says so. stay: it closed with no label picked, and the move
 * waits for the label prompt's answer (made, it would take the unnamed shape with the image).
 */
export function leaveDrawing(store: EditorStore, tools: ToolController): { stay: boolean; notice: string | null } {
  const points = drawnPoints(store);
  if (!points) return { stay: false, notice: null };
  if (tools.complete()) return { stay: store.getState().pendingLabel !== null, notice: null };
  store.setDraft(null);
  return { stay: false, notice: droppedNotice(points.length) };
}

/** Runs `then` now when the store is not busy, else on its first change that leaves it so. */
function whenStoreSettles(store: EditorStore, busy: () => boolean, then: () => void): void {
  if (!busy()) {
    then();
    return;
  }
  const unsubscribe = store.subscribe(() => {
    if (busy()) return;
    unsubscribe();
    then();
  });
}

/**
 * Runs `then` once no polygon is being drawn: now, or when the one being drawn is closed, escaped
 * or left. For what the user did not ask for at that moment (the scan at open ending), which
 * would otherwise close or drop a polygon half drawn.
 */
export const whenNotDrawing = (store: EditorStore, then: () => void): void => whenStoreSettles(store, () => drawnPoints(store) !== null, then);

/** Runs `then` once no shape waits for its label: now, or when the label prompt is answered. */
export const whenLabelled = (store: EditorStore, then: () => void): void => whenStoreSettles(store, () => store.getState().pendingLabel !== null, then);

/**
 * Says something about the drawing in the workspace's notice: it holds until the drawing
 * changes (a point added or taken back, the polygon closed or escaped, a new one begun, the
 * label prompt answered), and is then no longer true.
 */
export function useDrawingNotice(store: EditorStore, setNotice: Dispatch<SetStateAction<string | null>>) {
  const said = useRef<{ text: string; points: readonly Point[] | null; pending: EditorShape | null } | null>(null);
  useEffect(() => {
    const unsubscribe = store.subscribe(() => {
      const current = said.current;
      if (!current || (drawnPoints(store) === current.points && store.getState().pendingLabel === current.pending)) return;
      said.current = null;
      setNotice((shown) => (shown === current.text ? null : shown));
    });
    return () => void unsubscribe();
  }, [store, setNotice]);
  return useCallback(
    (text: string) => {
      said.current = { text, points: drawnPoints(store), pending: store.getState().pendingLabel };
      setNotice(text);
    },
    [store, setNotice],
  );
}
