import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEditorStore } from './model/editor-store';
import { createToolController } from './model/tools';
import { createInputHold, replayHeld, type HeldPointer, type InputHold } from './held-input';

const NEXT = '/api/image/bndbox/p/next';
const STAGE = { x: 0, y: 10, width: 1040, height: 520 };

/** What a replay for this image hands over. */
function take(hold: InputHold, image: string): HeldPointer[] {
  let taken: HeldPointer[] = [];
  hold.replay(image, (events) => (taken = events));
  return taken;
}

describe('input held until the image is in the editor', () => {
  it('replays a drag made before the image arrived as a box on that image, in its pixels', () => {
    const store = createEditorStore();
    store.setTool('box');
    store.setActiveLabel('car');
    const tools = createToolController(store, 'bndbox');
    const hold = createInputHold();
    // Pressed, dragged and released before the image was loaded: nothing reaches the store.
    hold.hold(NEXT, { kind: 'down', at: { x: 100, y: 100 } }, STAGE);
    hold.hold(NEXT, { kind: 'move', at: { x: 150, y: 120 } }, STAGE);
    hold.hold(NEXT, { kind: 'move', at: { x: 200, y: 150 } }, STAGE);
    hold.hold(NEXT, { kind: 'up', at: { x: 200, y: 150 } }, STAGE);
    store.load('next', { width: 1000, height: 500 }, []);
    // Shown at half size, 20 px in from the stage's corner; the stage 10 px down the page.
    replayHeld(take(hold, NEXT), tools, { scale: 0.5, x: 20, y: 10 }, 8, { x: 0, y: 10 });
    expect(store.getState().shapes).toEqual([expect.objectContaining({ kind: 'box', label: 'car', x: 160, y: 160, w: 200, h: 100 })]);
    expect(take(hold, NEXT)).toEqual([]);
  });

  it('keeps only the latest move of a gesture, and no move or release without a held press', () => {
    const hold = createInputHold();
    hold.hold(NEXT, { kind: 'move', at: { x: 1, y: 1 } }, STAGE);
    hold.hold(NEXT, { kind: 'up', at: { x: 1, y: 1 } }, STAGE);
    expect(hold.holding).toBe(false);
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE);
    hold.hold(NEXT, { kind: 'move', at: { x: 3, y: 3 } }, STAGE);
    hold.hold(NEXT, { kind: 'move', at: { x: 4, y: 4 } }, STAGE);
    expect(hold.holding).toBe(true);
    expect(hold.pending()).toEqual({ image: NEXT, events: [expect.objectContaining({ kind: 'down' }), expect.objectContaining({ kind: 'move' })], stage: STAGE });
    expect(take(hold, NEXT).map((event) => [event.kind, event.at.x])).toEqual([['down', 2], ['move', 4]]);
    expect(hold.pending()).toBeNull();
  });

  it('drops what was held for an image the user has already left', () => {
    const hold = createInputHold();
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE);
    hold.hold('/api/image/bndbox/p/after', { kind: 'down', at: { x: 5, y: 5 } }, STAGE);
    expect(take(hold, NEXT)).toEqual([]);
    hold.hold(NEXT, { kind: 'down', at: { x: 2, y: 2 } }, STAGE);
    expect(take(hold, '/api/image/bndbox/p/after')).toEqual([]);
  });

  it('gives input made before the page knew which image it shows to the first image that arrives', () => {
    const hold = createInputHold();
    hold.hold(null, { kind: 'down', at: { x: 2, y: 2 } }, STAGE);
    hold.hold(null, { kind: 'move', at: { x: 3, y: 3 } }, STAGE);
    // The list has loaded: the rest of the gesture is for its image, with what came before.
    hold.hold(NEXT, { kind: 'up', at: { x: 4, y: 4 } }, STAGE);
    expect(take(hold, NEXT).map((event) => event.kind)).toEqual(['down', 'move', 'up']);
    hold.hold(null, { kind: 'down', at: { x: 2, y: 2 } }, STAGE);
    expect(take(hold, NEXT).map((event) => event.kind)).toEqual(['down']);
  });

  describe('a move to another image', () => {
    afterEach(() => vi.useRealTimers());

    it('waits until the held input reached its image, and goes at once when nothing is held', () => {
      vi.useFakeTimers();
      const hold = createInputHold();
      const moves: string[] = [];
      hold.afterReplay(() => moves.push('free'));
      expect(moves).toEqual(['free']);
      hold.hold(NEXT, { kind: 'down', at: { x: 1, y: 1 } }, STAGE);
      hold.afterReplay(() => moves.push('after the box'));
      vi.advanceTimersByTime(10);
      expect(moves).toEqual(['free']);
      const replayed: string[] = [];
      hold.replay(NEXT, (events) => replayed.push(...events.map((event) => event.kind)));
      vi.advanceTimersByTime(0);
      expect(replayed).toEqual(['down']);
      expect(moves).toEqual(['free', 'after the box']);
    });

    it('gives up on an image that never comes: its input is dropped and the move goes on', () => {
      vi.useFakeTimers();
      const hold = createInputHold();
      hold.hold(NEXT, { kind: 'down', at: { x: 1, y: 1 } }, STAGE);
      let moved = false;
      hold.afterReplay(() => (moved = true));
      vi.advanceTimersByTime(3000);
      expect(moved).toBe(true);
      expect(hold.holding).toBe(false);
    });
  });
});
