// Pointer and key input, in image coordinates, turned into edits. Drags follow the recipe:
// snapshot on press, recompute from the snapshot on every move (folded into one undo entry),
// restore the snapshot on Escape.
import type { EditorStore } from './editor-store';
import { boxFromCorners, clampPoint, handlePoint, hitTest, insertVertex, moveBox, movePolygon, moveVertex, nearestEdge, removeVertex, resizeBox } from './geometry';
import { HANDLES, type EditorBox, type EditorPolygon, type EditorShape, type Handle, type Point } from './types';

type Gesture =
  | { kind: 'move'; start: Point; snapshot: EditorShape; before: EditorShape[] }
  | { kind: 'resize'; handle: Handle; snapshot: EditorBox; before: EditorShape[] }
  | { kind: 'vertex'; index: number; snapshot: EditorPolygon; before: EditorShape[] }
  | null;

export const MIN_BOX_SIDE = 2;

export function createToolController(store: EditorStore) {
  let gesture: Gesture = null;

  const replace = (shape: EditorShape) => store.getState().shapes.map((item) => (item.id === shape.id ? shape : item));
  const selected = () => store.getState().shapes.find((shape) => shape.id === store.getState().selectedId) ?? null;

  const closePolygon = () => {
    const { draft, activeLabel } = store.getState();
    if (draft?.kind !== 'polygon' || draft.points.length < 3) return false;
    store.setDraft(null);
    store.addShape({ id: store.newId(), kind: 'polygon', points: draft.points, label: activeLabel });
    return true;
  };

  const addPolygonPoint = (draft: { points: Point[]; hover: Point | null }, point: Point, tolerance: number) => {
    const first = draft.points[0];
    const last = draft.points[draft.points.length - 1];
    // A second press on the same spot (a double click) adds no zero-length edge.
    if (last && Math.hypot(last.x - point.x, last.y - point.y) <= tolerance / 4) return;
    if (first && draft.points.length >= 3 && Math.hypot(first.x - point.x, first.y - point.y) <= tolerance) {
      closePolygon();
      return;
    }
    store.setDraft({ kind: 'polygon', ...draft, points: [...draft.points, point] });
  };

  /** A press on the selected shape's handle or vertex: true when it started a gesture or edit. */
  const grabSelected = (point: Point, tolerance: number, alt: boolean): boolean => {
    const state = store.getState();
    const current = selected();
    if (current?.kind === 'box') {
      const handle = HANDLES.find((h) => {
        const at = handlePoint(current, h);
        return Math.hypot(at.x - point.x, at.y - point.y) <= tolerance;
      });
      if (!handle) return false;
      gesture = { kind: 'resize', handle, snapshot: current, before: state.shapes };
      return true;
    }
    if (current?.kind === 'polygon') {
      const index = current.points.findIndex((p) => Math.hypot(p.x - point.x, p.y - point.y) <= tolerance);
      if (index < 0) return false;
      if (alt) store.commit(replace(removeVertex(current, index)), 'record');
      else gesture = { kind: 'vertex', index, snapshot: current, before: state.shapes };
      return true;
    }
    return false;
  };

  return {
    get dragging() {
      return gesture !== null;
    },

    /**
     * tolerance: how near (in image pixels) counts as on a handle, vertex or first point.
     * Select and Box: the selected shape's handles resize and a press on a shape selects and
     * moves it; Box draws only from empty canvas (or anywhere with Shift, to draw inside
     * another box). Polygon: every press draws, since neighbouring regions share edges and
     * vertices; only the vertices of a polygon the user picked (in the select tool) move.
     */
    pointerDown(raw: Point, tolerance: number, modifiers: { alt?: boolean; shift?: boolean } = {}) {
      const state = store.getState();
      const point = clampPoint(raw, state.size);
      if (state.pendingLabel) return;
      if (state.tool === 'polygon' && state.draft?.kind === 'polygon') {
        addPolygonPoint(state.draft, point, tolerance);
        return;
      }
      const pickedOnPurpose = state.selectionOrigin === 'user';
      if ((state.tool !== 'polygon' || pickedOnPurpose) && grabSelected(point, tolerance, modifiers.alt === true)) return;
      const drawing = state.tool !== 'select';
      const hit = drawing && (modifiers.shift || state.tool === 'polygon') ? null : hitTest(state.shapes, point, tolerance);
      if (hit || !drawing) {
        store.select(hit?.id ?? null);
        if (hit) gesture = { kind: 'move', start: point, snapshot: hit, before: state.shapes };
        return;
      }
      store.select(null);
      if (state.tool === 'box') store.setDraft({ kind: 'box', start: point, current: point });
      else store.setDraft({ kind: 'polygon', points: [point], hover: null });
    },

    pointerMove(raw: Point) {
      const state = store.getState();
      const point = clampPoint(raw, state.size);
      if (state.draft?.kind === 'box') {
        store.setDraft({ ...state.draft, current: point });
        return;
      }
      if (state.draft?.kind === 'polygon') {
        store.setDraft({ ...state.draft, hover: point });
        return;
      }
      if (!gesture) return;
      let next: EditorShape;
      if (gesture.kind === 'move') {
        const dx = point.x - gesture.start.x;
        const dy = point.y - gesture.start.y;
        next = gesture.snapshot.kind === 'box' ? moveBox(gesture.snapshot, dx, dy, state.size) : movePolygon(gesture.snapshot, dx, dy, state.size);
      } else if (gesture.kind === 'resize') {
        next = resizeBox(gesture.snapshot, gesture.handle, point, state.size);
      } else {
        next = moveVertex(gesture.snapshot, gesture.index, point, state.size);
      }
      store.commit(replace(next), 'fold');
    },

    pointerUp(raw: Point) {
      const state = store.getState();
      if (state.draft?.kind === 'box') {
        const box = boxFromCorners(state.draft.start, clampPoint(raw, state.size), state.size);
        store.setDraft(null);
        if (box.w >= MIN_BOX_SIDE && box.h >= MIN_BOX_SIDE) store.addShape({ id: store.newId(), kind: 'box', ...box, label: state.activeLabel });
        return;
      }
      if (gesture) {
        gesture = null;
        store.endGesture();
      }
    },

    /** Double click on a selected polygon's edge adds a vertex there. */
    doubleClick(raw: Point, tolerance: number) {
      const current = selected();
      if (store.getState().draft || current?.kind !== 'polygon') return;
      // Konva reports two quick clicks anywhere as a double click: on a vertex it is no edit.
      if (current.points.some((p) => Math.hypot(p.x - raw.x, p.y - raw.y) <= tolerance)) return;
      const edge = nearestEdge(current, raw);
      if (edge.distance <= tolerance) store.commit(replace(insertVertex(current, edge.index, edge.closest)), 'record');
    },

    /** Returns true when the key was used. */
    keyDown(key: string): boolean {
      const state = store.getState();
      if (key === 'Escape') {
        if (state.pendingLabel) {
          store.resolvePendingLabel(null);
          return true;
        }
        if (gesture) {
          const before = gesture.before;
          gesture = null;
          store.cancelGesture(before);
          return true;
        }
        if (state.draft) store.setDraft(null);
        else store.select(null);
        return true;
      }
      if (key === 'Enter') return closePolygon();
      if (key === 'Backspace' && state.draft?.kind === 'polygon') {
        store.setDraft({ ...state.draft, points: state.draft.points.slice(0, -1) });
        return true;
      }
      if ((key === 'Delete' || key === 'Backspace') && state.selectedId) {
        store.deleteSelected();
        return true;
      }
      return false;
    },
  };
}

export type ToolController = ReturnType<typeof createToolController>;
