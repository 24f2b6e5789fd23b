// The select tool's child states, shared by the drawing tools: translating the selection,
// resizing a box by a handle, dragging a vertex (or a ghost midpoint, which becomes one), and
// the marquee. Drags follow one recipe: snapshot on press, recompute from the snapshot on
// every move (folded into one undo entry), restore the snapshot on cancel.
import { handlePoint, hitTest, insertVertex, moveVertex, removeVertex, resizeBox } from '../geometry';
import { edgeMidpoints, moveShapes, shapesInside } from '../shape-ops';
import { HANDLES, type EditorBox, type EditorPolygon, type EditorShape, type Handle, type Point } from '../types';
import { isEditable } from '../visibility';
import type { PointerInput, ToolContext } from './tool';

type Gesture =
  | { kind: 'translating'; start: Point; snapshots: EditorShape[]; before: EditorShape[] }
  | { kind: 'resizing'; handle: Handle; snapshot: EditorBox; before: EditorShape[] }
  | { kind: 'dragging-vertex'; index: number; snapshot: EditorPolygon; before: EditorShape[] }
  | { kind: 'marquee'; add: boolean };

const near = (a: Point, b: Point, tolerance: number) => Math.hypot(a.x - b.x, a.y - b.y) <= tolerance;

export function createGestures({ store }: ToolContext) {
  let underway: { gesture: Gesture; imageId: string | null } | null = null;
  /**
   * The gesture under way, if it still belongs to the image in view: a drag carried across an
   * image switch must neither move nor restore anything on the new image.
   */
  const active = (): Gesture | null => {
    if (underway && underway.imageId !== store.getState().imageId) underway = null;
    return underway?.gesture ?? null;
  };
  const begin = (gesture: Gesture) => {
    underway = { gesture, imageId: store.getState().imageId };
  };

  const editable = () => {
    const { shapes, visibility } = store.getState();
    return shapes.filter((shape) => isEditable(shape, visibility));
  };
  const theSelected = () => {
    const { selectedId } = store.getState();
    return editable().find((shape) => shape.id === selectedId) ?? null;
  };
  const replace = (next: EditorShape[]) => {
    const byId = new Map(next.map((shape) => [shape.id, shape]));
    return store.getState().shapes.map((shape) => byId.get(shape.id) ?? shape);
  };

  return {
    get state(): string {
      return active()?.kind ?? 'idle';
    },

    /** A press on the one selected shape's handle, vertex or ghost midpoint: true when it started something. */
    grabHandle({ point, tolerance, alt }: PointerInput): boolean {
      const current = theSelected();
      const before = store.getState().shapes;
      if (current?.kind === 'box') {
        const handle = HANDLES.find((h) => near(handlePoint(current, h), point, tolerance));
        if (!handle) return false;
        begin({ kind: 'resizing', handle, snapshot: current, before });
        return true;
      }
      if (current?.kind !== 'polygon') return false;
      const index = current.points.findIndex((p) => near(p, point, tolerance));
      if (index >= 0) {
        if (alt) {
          const fewer = removeVertex(current, index);
          // A polygon keeps three points: nothing changed, nothing to undo or save.
          if (fewer !== current) store.commit(replace([fewer]), 'record');
          return true;
        }
        store.selectVertex(index);
        begin({ kind: 'dragging-vertex', index, snapshot: current, before });
        return true;
      }
      const edge = edgeMidpoints(current).findIndex((mid) => near(mid, point, tolerance));
      if (edge < 0) return false;
      const inserted = insertVertex(current, edge, edgeMidpoints(current)[edge] as Point);
      store.commit(replace([inserted]), 'fold');
      store.selectVertex(edge + 1);
      begin({ kind: 'dragging-vertex', index: edge + 1, snapshot: inserted, before });
      return true;
    },

    /**
     * A press on a shape: Shift toggles it in the selection; otherwise it is selected (or
     * the selection it belongs to kept) and starts moving. False when nothing was under it.
     */
    pressShape({ point, tolerance, shift }: PointerInput, toggle: boolean): boolean {
      const hit = hitTest(editable(), point, tolerance);
      if (!hit) return false;
      if (toggle && shift) {
        store.toggleSelected(hit.id);
        return true;
      }
      const { selectedIds } = store.getState();
      // Pressing one of several selected shapes moves them all (pasted ones included).
      const ids = selectedIds.includes(hit.id) && selectedIds.length > 1 ? selectedIds : [hit.id];
      store.select(ids);
      begin({ kind: 'translating', start: point, snapshots: editable().filter((shape) => ids.includes(shape.id)), before: store.getState().shapes });
      return true;
    },

    startMarquee({ point, shift }: PointerInput) {
      if (!shift) store.select([]);
      begin({ kind: 'marquee', add: shift });
      store.setDraft({ kind: 'marquee', start: point, current: point });
    },

    /** True when a gesture used the move. */
    move({ point }: PointerInput): boolean {
      const gesture = active();
      if (!gesture) return false;
      const { size, draft } = store.getState();
      if (gesture.kind === 'marquee') {
        if (draft?.kind === 'marquee') store.setDraft({ ...draft, current: point });
        return true;
      }
      if (gesture.kind === 'translating') {
        store.commit(replace(moveShapes(gesture.snapshots, point.x - gesture.start.x, point.y - gesture.start.y, size)), 'fold');
      } else if (gesture.kind === 'resizing') {
        store.commit(replace([resizeBox(gesture.snapshot, gesture.handle, point, size)]), 'fold');
      } else {
        store.commit(replace([moveVertex(gesture.snapshot, gesture.index, point, size)]), 'fold');
      }
      return true;
    },

    release(): boolean {
      const done = active();
      underway = null;
      if (!done) return false;
      if (done.kind === 'marquee') {
        const { draft } = store.getState();
        store.setDraft(null);
        if (draft?.kind === 'marquee') store.select(shapesInside(editable(), draft.start, draft.current).map((shape) => shape.id), done.add);
        return true;
      }
      store.endGesture();
      return true;
    },

    cancel(): boolean {
      const done = active();
      underway = null;
      if (!done) return false;
      if (done.kind === 'marquee') store.setDraft(null);
      else store.cancelGesture(done.before);
      return true;
    },
  };
}

export type Gestures = ReturnType<typeof createGestures>;
