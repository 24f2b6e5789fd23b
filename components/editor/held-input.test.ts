import { describe, expect, it } from 'vitest';
import { createEditorStore } from './model/editor-store';
import { createToolController } from './model/tools';
import { asMade, createInputHold, replayHeld, type HeldPointer, type InputHold } from './held-input';

const NEXT = '/api/image/bndbox/p/next';
const STAGE = { x: 0, y: 10, width: 1040, height: 520 };
const CAR_BOX = { tool: 'box', label: 'car' };

/** An editor with this tool and label picked, as the user left it before the image came. */
function editorWith(tool: string, label: string, projectType: 'bndbox' | 'seg') {
  const store = createEditorStore();
  store.setTool(tool);
  store.setActiveLabel(label);
  return { store, tools: createToolController(store, projectType) };
}

/** What is taken out of the hold for this image. */
const take = (hold: InputHold, image: string): HeldPointer[] => hold.take(image)?.events ?? [];

describe('input held until the image is in the editor', () => {
  it('replays a drag made before the image arrived as a box on that image, in its pixels', () => {
    const { store, tools } = editorWith('box', 'car', 'bndbox');
    const hold = createInputHold();
    // Pressed, dragged and released before the image was loaded: nothing reaches the store.
    hold.hold(NEXT, { kind: 'down', at: { x: 100, y: 100 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'move', at: { x: 150, y: 120 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'move', at: { x: 200, y: 150 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'up', at: { x: 200, y: 150 } }, STAGE, CAR_BOX);
    store.load('next', { width: 1000, height: 500 }, []);
    // Shown at half size, 20 px in from the stage's corner; the stage 10 px down the page.
    replayHeld(take(hold, NEXT), tools, { scale: 0.5, x: 20, y: 10 }, 8, { x: 0, y: 10 });
    expect(store.getState().shapes).toEqual([expect.objectContaining({ kind: 'box', label: 'car', x: 160, y: 160, w: 200, h: 100 })]);
    expect(take(hold, NEXT)).toEqual([]);
  });

  it('keeps only the latest move of a gesture, and no move or release without a held press', () => {
    const hold = createInputHold();
    hold.hold(NEXT, { kind: 'move', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'up', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    expect(hold.holding).toBe(false);
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'move', at: { x: 3, y: 3 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'move', at: { x: 4, y: 4 } }, STAGE, CAR_BOX);
    expect(hold.holding).toBe(true);
    expect(hold.take(NEXT)).toEqual({ image: NEXT, events: [expect.objectContaining({ kind: 'down' }), expect.objectContaining({ kind: 'move', at: { x: 4, y: 4 } })], stage: STAGE, ...CAR_BOX });
    expect(hold.holding).toBe(false);
  });

  it('keeps the tool and label of the first press, whatever is picked before the image comes', () => {
    const hold = createInputHold();
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'up', at: { x: 3, y: 3 } }, STAGE, { tool: 'box', label: 'tree' });
    expect(hold.take(NEXT)).toMatchObject(CAR_BOX);
    // Made before any label was chosen (right after a reload): the one chosen since.
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, { tool: 'box', label: '' });
    expect(hold.take(NEXT, 'tree')).toMatchObject({ tool: 'box', label: 'tree' });
  });

  it('drops what was held for an image the user has already left', () => {
    const hold = createInputHold();
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, CAR_BOX);
    hold.hold('/api/image/bndbox/p/after', { kind: 'down', at: { x: 5, y: 5 } }, STAGE, CAR_BOX);
    expect(take(hold, NEXT)).toEqual([]);
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, CAR_BOX);
    expect(take(hold, '/api/image/bndbox/p/after')).toEqual([]);
    expect(hold.holding).toBe(false);
  });

  it('gives input made before the page knew which image it shows to the first image that arrives', () => {
    const hold = createInputHold();
    hold.hold(null, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, CAR_BOX);
    hold.hold(null, { kind: 'move', at: { x: 3, y: 3 } }, STAGE, CAR_BOX);
    // The list has loaded: the rest of the gesture is for its image, with what came before.
    hold.hold(NEXT, { kind: 'up', at: { x: 4, y: 4 } }, STAGE, CAR_BOX);
    expect(take(hold, NEXT).map((event) => event.kind)).toEqual(['down', 'move', 'up']);
    hold.hold(null, { kind: 'down', at: { x: 2, y: 2 } }, STAGE, CAR_BOX);
    expect(take(hold, NEXT).map((event) => event.kind)).toEqual(['down']);
  });

  it('replays with the tool and label it was made with, then picks the ones chosen since, as the keys did', () => {
    const store = createEditorStore();
    const tools = createToolController(store, 'bndbox');
    store.load('next', { width: 1000, height: 500 }, []);
    // After the drag, before the image came: the polygon tool, then "tree" for the next shape.
    store.setTool('polygon');
    store.setActiveLabel('tree');
    const drag: HeldPointer[] = [
      { kind: 'down', at: { x: 10, y: 10 } },
      { kind: 'up', at: { x: 110, y: 60 } },
    ];
    asMade(store, CAR_BOX, () => replayHeld(drag, tools, { scale: 1, x: 0, y: 0 }, 8, { x: 0, y: 0 }));
    expect(store.getState().shapes).toEqual([expect.objectContaining({ kind: 'box', label: 'car', w: 100, h: 50 })]);
    expect(store.getState()).toMatchObject({ tool: 'polygon', activeLabel: 'tree' });
  });

  it('replays Enter, Backspace, undo and Escape pressed before the image came in their turn among the clicks', () => {
    const { store, tools } = editorWith('polygon', 'car', 'seg');
    const hold = createInputHold();
    const made = { tool: 'polygon', label: 'car' };
    const click = (x: number, y: number) => {
      hold.hold(NEXT, { kind: 'down', at: { x, y } }, STAGE, made);
      hold.hold(NEXT, { kind: 'up', at: { x, y } }, STAGE, made);
    };
    // Nothing held: the keys are the tools' own.
    expect(hold.holdKey('complete')).toBe(false);
    // A polygon dropped with Escape, then one whose slips are taken back with Backspace and undo.
    click(10, 10);
    click(50, 10);
    expect(hold.holdKey('cancel')).toBe(true);
    for (const [x, y] of [[100, 100], [300, 100], [900, 50], [700, 400]] as const) click(x, y);
    hold.holdKey('undo');
    hold.holdKey('back');
    click(200, 300);
    hold.holdKey('complete');
    store.load('next', { width: 1000, height: 500 }, []);
    replayHeld(take(hold, NEXT), tools, { scale: 1, x: 0, y: 0 }, 8, { x: 0, y: 0 });
    expect(store.getState().draft).toBeNull();
    expect(store.getState().shapes).toEqual([expect.objectContaining({ kind: 'polygon', label: 'car', points: [{ x: 100, y: 100 }, { x: 300, y: 100 }, { x: 200, y: 300 }] })]);
  });

  it('tells its listeners when input starts and stops waiting (the save status says "Unsaved changes" meanwhile)', () => {
    const hold = createInputHold();
    const seen: boolean[] = [];
    const stop = hold.subscribe(() => seen.push(hold.holding));
    hold.hold(NEXT, { kind: 'down', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    hold.hold(NEXT, { kind: 'up', at: { x: 9, y: 9 } }, STAGE, CAR_BOX);
    take(hold, NEXT);
    hold.hold(NEXT, { kind: 'down', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    // Held for another image: the first is let go, then the new one waits.
    hold.hold('/api/image/bndbox/p/after', { kind: 'down', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    expect(seen).toEqual([true, false, true, false, true]);
    stop();
    take(hold, '/api/image/bndbox/p/after');
    expect(seen).toHaveLength(5);
  });

  it('says for which image input is held, without taking it: an image that never arrives lets go only its own', () => {
    const hold = createInputHold();
    expect(hold.holdsFor(NEXT)).toBe(false);
    hold.hold(NEXT, { kind: 'down', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    expect(hold.holdsFor(NEXT)).toBe(true);
    expect(hold.holdsFor('/api/image/bndbox/p/other')).toBe(false);
    // Asking took nothing: the gesture is still there for its image.
    expect(take(hold, NEXT)).toHaveLength(1);
    expect(hold.holdsFor(NEXT)).toBe(false);
    // Held before the page knew its image: whichever image comes first may take it.
    hold.hold(null, { kind: 'down', at: { x: 1, y: 1 } }, STAGE, CAR_BOX);
    expect(hold.holdsFor(NEXT)).toBe(true);
  });
});
