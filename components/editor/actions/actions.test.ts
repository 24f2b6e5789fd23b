// The actions' handlers, run as the keyboard handler runs them.
import { describe, expect, it } from 'vitest';
import { ACTIONS } from './actions';

describe('conversions', () => {
  it('turn picked polygons into their boxes, as one undo step', async () => {
    const { createEditorStore } = await import('../model/editor-store');
    const { createToolController } = await import('../model/tools');
    const store = createEditorStore();
    const polygon = { id: 'p', kind: 'polygon' as const, label: 'a', points: [{ x: 1, y: 2 }, { x: 9, y: 4 }, { x: 5, y: 8 }] };
    store.load('img', { width: 20, height: 20 }, [{ id: 'b', kind: 'box', label: 'a', x: 1, y: 1, w: 4, h: 3 }, polygon]);
    store.select(['p']);
    const run = (id: string) => {
      const context = { store, tools: createToolController(store, 'seg'), heldKeys: { holdKey: () => false }, projectType: 'seg' as const, labels: [], workspace: {} as never };
      ACTIONS.find((action) => action.id === id)?.run(context);
    };
    run('shape.toBox');
    // A seg project keeps polygons: the bounding box as four points.
    expect(store.getState().shapes[1]).toMatchObject({ kind: 'polygon', points: [{ x: 1, y: 2 }, { x: 9, y: 2 }, { x: 9, y: 8 }, { x: 1, y: 8 }] });
    store.undo();
    expect(store.getState().shapes[1]).toEqual(polygon);
  });
});
