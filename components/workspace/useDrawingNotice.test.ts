// The polygon being drawn when its image is left: closed there, or dropped with a word.
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '@/components/editor/model/editor-store';
import { createToolController } from '@/components/editor/model/tools';
import { leaveDrawing, whenNotDrawing } from './useDrawingNotice';

const setup = (label = 'car') => {
  const store = createEditorStore();
  store.load('img', { width: 100, height: 100 }, []);
  store.pickNextLabel(label);
  store.setTool('polygon');
  return { store, tools: createToolController(store, 'seg') };
};

describe('leaveDrawing', () => {
  it('closes a polygon that can close on the image it was drawn on', () => {
    const { store, tools } = setup();
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }], hover: null });
    expect(leaveDrawing(store, tools)).toEqual({ stay: false, notice: null });
    expect(store.getState().shapes).toMatchObject([{ kind: 'polygon', label: 'car', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }] }]);
    expect(store.getState().draft).toBeNull();
  });

  it('drops one too small or flat to close, and says so', () => {
    const { store, tools } = setup();
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }], hover: null });
    expect(leaveDrawing(store, tools)).toEqual({ stay: false, notice: 'The polygon being drawn (2 points) was dropped: a polygon needs at least 3 points that enclose an area' });
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 30, y: 10 }, { x: 50, y: 10 }], hover: null });
    expect(leaveDrawing(store, tools).notice).toMatch(/^The polygon being drawn \(3 points\) was dropped/);
    expect(store.getState()).toMatchObject({ shapes: [], draft: null });
  });

  it('keeps the move waiting for the label of a polygon closed with none picked', () => {
    const { store, tools } = setup('');
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }], hover: null });
    expect(leaveDrawing(store, tools)).toEqual({ stay: true, notice: null });
    expect(store.getState().pendingLabel).toMatchObject({ kind: 'polygon' });
  });

  it('says nothing with no polygon drawn', () => {
    const { store, tools } = setup();
    expect(leaveDrawing(store, tools)).toEqual({ stay: false, notice: null });
    store.setTool('box');
    store.setDraft({ kind: 'box', start: { x: 1, y: 1 }, current: { x: 9, y: 9 } });
    expect(leaveDrawing(store, tools)).toEqual({ stay: false, notice: null });
  });
});

describe('whenNotDrawing', () => {
  it('runs at once with no polygon drawn, and otherwise once the polygon is done, leaving it as it was', () => {
    const { store, tools } = setup();
    let runs = 0;
    whenNotDrawing(store, () => (runs += 1));
    expect(runs).toBe(1);
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }], hover: null });
    whenNotDrawing(store, () => (runs += 1));
    store.setDraft({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }], hover: null });
    expect(runs).toBe(1);
    expect(store.getState().draft).toMatchObject({ points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }] });
    expect(tools.complete()).toBe(true);
    expect(runs).toBe(2);
    store.setDraft({ kind: 'polygon', points: [{ x: 1, y: 1 }], hover: null });
    store.setDraft(null);
    expect(runs).toBe(2);
  });
});
