// Box: drag on empty canvas draws a box (Shift+drag draws inside another shape); pressing a
// shape picks and moves it, the picked box's handles resize it. In a seg project the box is
// stored as a 4-point polygon.
import { boxFromCorners, MIN_SHAPE_SIDE } from '../geometry';
import { createGestures } from './gestures';
import { asProjectShape } from './project-shapes';
import { selectTool } from './select.tool';
import type { EditorTool, ToolDefinition } from './tool';

export const boxTool: ToolDefinition = {
  id: 'box',
  title: 'Box',
  icon: '▭',
  hint: 'Drag to draw a box; drag a box to move it, its handles to resize; Shift+drag draws inside a shape',
  defaultKeys: ['b'],
  create(context): EditorTool {
    const { store, projectType } = context;
    const gestures = createGestures(context);
    const select = selectTool.create(context);
    const drawing = () => store.getState().draft?.kind === 'box';
    return {
      get state() {
        return drawing() ? 'drawing' : gestures.state;
      },
      pointerDown(input) {
        if (store.getState().pendingLabel) return;
        if (!input.shift && (gestures.grabHandle(input) || gestures.pressShape(input, false))) return;
        store.select([]);
        store.setDraft({ kind: 'box', start: input.point, current: input.point });
      },
      pointerMove(input) {
        const { draft } = store.getState();
        if (draft?.kind === 'box') store.setDraft({ ...draft, current: input.point });
        else gestures.move(input);
      },
      pointerUp(input) {
        const { draft, size, activeLabel } = store.getState();
        if (draft?.kind !== 'box') {
          gestures.release();
          return;
        }
        const box = boxFromCorners(draft.start, input.point, size);
        store.setDraft(null);
        if (box.w < MIN_SHAPE_SIDE || box.h < MIN_SHAPE_SIDE) return;
        store.addShape(asProjectShape({ id: store.newId(), kind: 'box', ...box, label: activeLabel }, projectType));
      },
      doubleClick: (input) => select.doubleClick?.(input),
      cancel() {
        if (drawing()) {
          store.setDraft(null);
          return true;
        }
        return gestures.cancel() || select.cancel();
      },
      exit: () => {
        if (drawing()) store.setDraft(null);
        gestures.cancel();
      },
    };
  },
};
