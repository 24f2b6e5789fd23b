// A polygon half drawn with no label picked as the page goes: kept for the next opening, once.
import { describe, expect, it } from 'vitest';
import { memoryStash } from '@/components/editor/edit-journal';
import { createEditorStore } from '@/components/editor/model/editor-store';
import { createToolController } from '@/components/editor/model/tools';
import { leaveDrawingAsPageGoes, takeKeptDrawing } from './useKeptDrawing';

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
    expect(takeKeptDrawing(stash, 'seg/b')).toBeNull();
    expect(takeKeptDrawing(stash, 'seg/a')).toEqual({ uuid: 'img', points: POINTS });
    expect(takeKeptDrawing(stash, 'seg/a')).toBeNull();
  });

  it('closes one with a label picked on its image, keeping nothing', () => {
    const stash = memoryStash();
    const { store, tools } = drawing('car');
    leaveDrawingAsPageGoes(store, tools, 'seg/a', stash);
    expect(store.getState().shapes).toMatchObject([{ kind: 'polygon', label: 'car' }]);
    expect(takeKeptDrawing(stash, 'seg/a')).toBeNull();
  });

  it('drops a damaged entry without a word', () => {
    const stash = memoryStash();
    stash.write('labelport-drawing\u0000seg/a', '{"uuid":"img","points":[{"x":"1"}]}');
    expect(takeKeptDrawing(stash, 'seg/a')).toBeNull();
    stash.write('labelport-drawing\u0000seg/a', '{');
    expect(takeKeptDrawing(stash, 'seg/a')).toBeNull();
  });
});
