// Select: press a shape to pick and move it (Shift+click adds or removes it), drag on empty
// canvas for a marquee, grab the picked shape's handles, vertices and ghost midpoints.
import { nearestEdge } from '../geometry';
import { insertVertex } from '../geometry';
import { createGestures } from './gestures';
import type { EditorTool, ToolDefinition } from './tool';

export const selectTool: ToolDefinition = {
  id: 'select',
  title: 'Select',
  icon: '↖',
  hint: 'Pick and move shapes; Shift+click or drag a marquee to pick several',
  defaultKeys: ['v'],
  create(context): EditorTool {
    const { store } = context;
    const gestures = createGestures(context);
    return {
      get state() {
        return gestures.state;
      },
      pointerDown(input) {
        if (gestures.grabHandle(input) || gestures.pressShape(input, true)) return;
        gestures.startMarquee(input);
      },
      pointerMove: (input) => void gestures.move(input),
      pointerUp: () => void gestures.release(),
      /** Double click on the picked polygon's edge adds a vertex there. */
      doubleClick({ raw, tolerance }) {
        const { shapes, selectedId, draft } = store.getState();
        const current = shapes.find((shape) => shape.id === selectedId);
        if (draft || current?.kind !== 'polygon') return;
        // Konva reports two quick clicks anywhere as a double click: on a vertex it is no edit.
        if (current.points.some((p) => Math.hypot(p.x - raw.x, p.y - raw.y) <= tolerance)) return;
        const edge = nearestEdge(current, raw);
        if (edge.distance <= tolerance) store.commit(shapes.map((shape) => (shape.id === current.id ? insertVertex(current, edge.index, edge.closest) : shape)), 'record');
      },
      cancel() {
        if (gestures.cancel()) return true;
        if (store.getState().selectedIds.length === 0) return false;
        store.select([]);
        return true;
      },
      exit: () => void gestures.cancel(),
    };
  },
};
