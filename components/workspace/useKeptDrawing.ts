'use client';

// A polygon half drawn with no label picked when the page goes (a closed tab, a reload) or the
// workspace is left: closed as a move closes it, it waited for the label prompt, which goes with
// the page, and its points were lost. They are kept in localStorage instead, and the workspace
// brings the polygon back, still being drawn, when it opens that image again.
import { useEffect } from 'react';
import { localStorageStash, type ExitStash } from '@/components/editor/edit-journal';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { ToolController } from '@/components/editor/model/tools';
import type { Point } from '@/components/editor/model/types';
import { drawnPoints, leaveDrawing } from './useDrawingNotice';

const KEPT_PREFIX = 'labelport-drawing\u0000';

export const RESTORED_NOTICE = 'The polygon being drawn when the page went was brought back: click on, close it and pick its label';

interface KeptDrawing {
  uuid: string;
  points: readonly Point[];
}

/**
 * As the workspace goes: the polygon being drawn is kept when closing it would ask for its label,
 * else it goes as leaveDrawing says (closed on its image, or dropped).
 */
export function leaveDrawingAsPageGoes(store: EditorStore, tools: ToolController, project: string, stash = localStorageStash()): void {
  const points = drawnPoints(store);
  const { imageId, activeLabel } = store.getState();
  if (!stash || !points || !imageId || activeLabel) {
    leaveDrawing(store, tools);
    return;
  }
  try {
    stash.write(KEPT_PREFIX + project, JSON.stringify({ uuid: imageId, points } satisfies KeptDrawing));
  } catch {
    // Storage full or refused: nothing else can keep it while the page goes away.
  }
}

/** The polygon kept for the project, taken out of the stash: it is brought back once at most. */
export function takeKeptDrawing(stash: ExitStash, project: string): KeptDrawing | null {
  const [text] = stash.read(KEPT_PREFIX + project);
  stash.remove(KEPT_PREFIX + project);
  try {
    const kept = JSON.parse(text ?? 'null') as KeptDrawing | null;
    const valid = typeof kept?.uuid === 'string' && Array.isArray(kept.points) && kept.points.every((point) => Number.isFinite(point?.x) && Number.isFinite(point?.y));
    return valid ? kept : null;
  } catch {
    // A damaged entry helps nobody.
    return null;
  }
}

/**
 * Brings back the polygon kept for the project on the first image the editor holds, when it is
 * the one it was drawn on; on any other (its image deleted meanwhile, say) it is dropped.
 */
export function useKeptDrawing(store: EditorStore, project: string, tell: (text: string) => void) {
  useEffect(() => {
    const stash = localStorageStash();
    if (!stash) return;
    const unsubscribe = store.subscribe(() => {
      const { imageId, between } = store.getState();
      if (!imageId || between) return;
      unsubscribe();
      const kept = takeKeptDrawing(stash, project);
      if (kept?.uuid !== imageId) return;
      store.setTool('polygon');
      store.setDraft({ kind: 'polygon', points: [...kept.points], hover: null });
      tell(RESTORED_NOTICE);
    });
    return () => void unsubscribe();
  }, [store, project, tell]);
}
