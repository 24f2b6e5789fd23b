// A polygon half drawn with no label picked, or a shape waiting for its label, as the page goes:
// kept for the next opening, once.
import { describe, expect, it } from 'vitest';
import { memoryStash } from '@/components/editor/edit-journal';
import { createEditorStore } from '@/components/editor/model/editor-store';
import { createToolController } from '@/components/editor/model/tools';
import { bringBack, leaveDrawingAsPageGoes, RESTORED_PENDING_NOTICE, takeKeptDrawing } from './useKeptDrawing';

const POINTS = [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }];

const drawing = (label: string) => {
  const store = createEditorStore();
  store.load('img', { width: 100, height: 100 }, []);
  store.pickNextLabel(label);
  store.setTool('polygon');
  store.setDraft({ kind: 'polygon', points: POINTS, hover: null });
  return { store, tools: createToolController(store, 'seg') };
};

describe('leaveDrawingAsPageGoes', () => {
  it('keeps a polygon that would ask for its label, for its project, and gives it back once', () => {
    const stash = memoryStash();
    const { store, tools } = drawing('');
    leaveDrawingAsPageGoes(store, tools, 'seg/a', stash);
    expect(store.getState().pendingLabel).toBeNull();
    expect(takeKeptDrawing(stash, 'seg/b', 'img')).toBeNull();
    // Nor by a project whose name it starts with, which must leave it in place.
    expect(takeKeptDrawing(stash, 'seg/', 'img')).toBeNull();
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toEqual({ uuid: 'img', size: { width: 100, height: 100 }, points: POINTS });
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();
  });

  it('closes one with a label picked on its image, keeping nothing', () => {
    const stash = memoryStash();
    const { store, tools } = drawing('car');
    leaveDrawingAsPageGoes(store, tools, 'seg/a', stash);
    expect(store.getState().shapes).toMatchObject([{ kind: 'polygon', label: 'car' }]);
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();
  });

  it('keeps a box waiting for its label, and brings it back waiting there on its image', () => {
    const stash = memoryStash();
    const { store, tools } = drawing('');
    const box = { id: 'b1', kind: 'box', x: 10, y: 20, w: 30, h: 40, label: '' } as const;
    store.addShape(box);
    leaveDrawingAsPageGoes(store, tools, 'seg/a', stash);
    const kept = takeKeptDrawing(stash, 'seg/a', 'img');
    expect(kept).toEqual({ uuid: 'img', size: { width: 100, height: 100 }, shape: box });
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();

    const next = createEditorStore();
    next.load('img', { width: 100, height: 100 }, []);
    expect(bringBack(next, kept!)).toBe(RESTORED_PENDING_NOTICE);
    expect(next.getState()).toMatchObject({ pendingLabel: box, shapes: [] });
    next.resolvePendingLabel('car');
    expect(next.getState().shapes).toEqual([{ ...box, label: 'car' }]);
  });

  it('keeps a polygon closed and waiting for its label as it is, not as points to draw on', () => {
    const stash = memoryStash();
    const { store, tools } = drawing('');
    expect(tools.complete()).toBe(true);
    const pending = store.getState().pendingLabel;
    expect(pending).toMatchObject({ kind: 'polygon', points: POINTS });
    leaveDrawingAsPageGoes(store, tools, 'seg/a', stash);
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toEqual({ uuid: 'img', size: { width: 100, height: 100 }, shape: pending });
  });

  it('leaves one kept for another image in place, for the opening of that image', () => {
    const stash = memoryStash();
    const { store, tools } = drawing('');
    leaveDrawingAsPageGoes(store, tools, 'seg/a', stash);
    expect(takeKeptDrawing(stash, 'seg/a', 'other')).toBeNull();
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toEqual({ uuid: 'img', size: { width: 100, height: 100 }, points: POINTS });
  });

  it('drops a damaged entry without a word', () => {
    const stash = memoryStash();
    stash.write('labelport-drawing\u0000seg/a\u0000', '{"uuid":"img","points":[{"x":"1"}]}');
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();
    stash.write('labelport-drawing\u0000seg/a\u0000', '{');
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();
    stash.write('labelport-drawing\u0000seg/a\u0000', '{"uuid":"img","shape":{"id":"b1","kind":"box","x":1,"y":1,"w":null,"h":2}}');
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();
    stash.write('labelport-drawing\u0000seg/a\u0000', '{"uuid":"img","shape":{"id":"p1","kind":"polygon"}}');
    expect(takeKeptDrawing(stash, 'seg/a', 'img')).toBeNull();
  });
});
