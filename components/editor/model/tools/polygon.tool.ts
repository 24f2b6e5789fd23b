// Polygon: every click adds a point (neighbouring regions share edges and vertices, so a
// press on another polygon draws too); Enter or a click on the first point closes it, once it
// encloses an area (geometry's enclosesArea). Only
// a polygon the user picked shows live vertices and ghost midpoints here. In a bndbox
// project the polygon is stored as its bounding box.
import { enclosesArea } from '../geometry';
import type { Point } from '../types';
import { createGestures } from './gestures';
import { asProjectShape } from './project-shapes';
import type { EditorTool, ToolDefinition } from './tool';

/** What close() asks of the points, in the words the workspace says it with. */
export const POLYGON_CLOSE_RULE = 'A polygon needs at least 3 points that enclose an area';

export const polygonTool: ToolDefinition = {
  id: 'polygon',
  title: 'Polygon',
  icon: '⬠',
  hint: 'Click points; Enter or a click on the first point closes; Backspace removes the last point',
  defaultKeys: ['p'],
  create(context): EditorTool {
    const { store, projectType, tell } = context;
    const gestures = createGestures(context);
    // A draft whose every point was undone is no drawing (redo can still put them back): keys
    // and clicks act as if none were begun, or Delete and Backspace did nothing visible.
    const draft = () => {
      const current = store.getState().draft;
      return current?.kind === 'polygon' && current.points.length > 0 ? current : null;
    };

    const close = (): boolean => {
      const current = draft();
      // Too flat or too small for a shape: the draft stays, so the user can click on.
      if (!current || !enclosesArea(current.points)) return false;
      store.setDraft(null);
      store.addShape(asProjectShape({ id: store.newId(), kind: 'polygon', points: current.points, label: store.getState().activeLabel }, projectType));
      return true;
    };

    const addPoint = (point: Point, tolerance: number) => {
      const current = draft();
      if (!current) return;
      const first = current.points[0];
      const last = current.points[current.points.length - 1];
      // A second press on the same spot (a double click) adds no zero-length edge.
      if (last && Math.hypot(last.x - point.x, last.y - point.y) <= tolerance / 4) return;
      // A click on the first point means "close", even before the polygon can: never a point on
      // top of it, and a word on why it stays open, as Enter says.
      if (first && Math.hypot(first.x - point.x, first.y - point.y) <= tolerance) {
        if (!close()) tell?.(POLYGON_CLOSE_RULE);
        return;
      }
      store.setDraft({ ...current, points: [...current.points, point] });
    };

    return {
      get state() {
        return draft() ? 'drawing' : gestures.state;
      },
      pointerDown(input) {
        const state = store.getState();
        if (state.pendingLabel) return;
        if (draft()) {
          addPoint(input.point, input.tolerance);
          return;
        }
        if (state.selectionOrigin === 'user' && gestures.grabHandle(input)) return;
        store.select([]);
        store.setDraft({ kind: 'polygon', points: [input.point], hover: null });
      },
      pointerMove(input) {
        const current = draft();
        if (current) store.setDraft({ ...current, hover: input.point });
        else gestures.move(input);
      },
      pointerUp: () => void gestures.release(),
      cancel() {
        if (draft()) {
          store.setDraft(null);
          return true;
        }
        // One whose every point was undone goes too, unseen: redo would draw the polygon escaped.
        if (store.getState().draft?.kind === 'polygon') store.setDraft(null);
        if (gestures.cancel()) return true;
        if (store.getState().selectedIds.length === 0) return false;
        store.select([]);
        return true;
      },
      complete: close,
      deleteBackward() {
        const current = draft();
        if (!current) return false;
        // Its last point taken, the polygon goes: Backspace is no undo, so redo has nothing of it
        // to put back, and an empty draft kept would take redo from the image's history.
        store.setDraft(current.points.length > 1 ? { ...current, points: current.points.slice(0, -1) } : null);
        return true;
      },
      exit: () => {
        if (store.getState().draft?.kind === 'polygon') store.setDraft(null);
        gestures.cancel();
      },
    };
  },
};
