// The smart polygon's tool, driven like the others: the outliner stands in for the worker
// and answers when the test says so, so the ordering cases (a late answer, a switch) are real.
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../editor-store';
import type { ProjectType } from '../types';
import { createToolController } from './index';
import type { OutlineRequest } from './tool';

function setup(projectType: ProjectType = 'seg') {
  let id = 0;
  const store = createEditorStore({ newId: () => `s${++id}` });
  store.load('img', { width: 200, height: 100 }, []);
  store.setActiveLabel('cat');
  const requests: { request: OutlineRequest; answer: (points: { x: number; y: number }[]) => Promise<void> }[] = [];
  const outline = (request: OutlineRequest) =>
    new Promise<{ x: number; y: number }[]>((resolve) => {
      requests.push({ request, answer: async (points) => {
        resolve(points);
        await Promise.resolve();
      } });
    });
  const tools = createToolController(store, projectType, { outline });
  store.setTool('smart');
  const drag = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    tools.pointerDown(from, 4);
    tools.pointerMove(to);
    tools.pointerUp(to);
  };
  return { store, tools, requests, drag };
}

const triangle = [{ x: 30, y: 20 }, { x: 80, y: 25 }, { x: 50, y: 70 }];

describe('smart polygon tool', () => {
  it('asks for the outline of the dragged box and keeps it on Enter as one shape', async () => {
    const { store, tools, requests, drag } = setup();
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    expect(tools.state).toBe('working');
    expect(requests[0]?.request).toEqual({ imageId: 'img', box: { x: 20, y: 10, w: 70, h: 70 }, hints: [] });
    await requests[0]?.answer(triangle);
    expect(tools.state).toBe('proposing');
    expect(store.getState().shapes).toEqual([]); // a proposal is not an edit yet
    expect(tools.complete()).toBe(true);
    expect(store.getState().shapes).toEqual([{ id: 's1', kind: 'polygon', points: triangle, label: 'cat' }]);
    store.undo();
    expect(store.getState().shapes).toEqual([]);
  });

  it('a click adds a + hint, an Alt+click a - hint, Backspace takes the last back', async () => {
    const { tools, requests, drag } = setup();
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    await requests[0]?.answer(triangle);
    tools.pointerDown({ x: 40, y: 40 }, 4);
    tools.pointerUp({ x: 40, y: 40 });
    tools.pointerDown({ x: 60, y: 30 }, 4, { alt: true });
    tools.pointerUp({ x: 60, y: 30 });
    expect(requests[2]?.request.hints).toEqual([{ x: 40, y: 40, foreground: true }, { x: 60, y: 30, foreground: false }]);
    tools.deleteBackward();
    expect(requests[3]?.request.hints).toEqual([{ x: 40, y: 40, foreground: true }]);
  });

  it('drops an answer that an image switch or a newer request made stale', async () => {
    const { store, tools, requests, drag } = setup();
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    tools.pointerDown({ x: 40, y: 40 }, 4);
    tools.pointerUp({ x: 40, y: 40 });
    await requests[0]?.answer([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 2, y: 2 }]);
    expect(tools.state).toBe('working'); // still waiting for the request with the hint
    await requests[1]?.answer(triangle);
    expect(tools.state).toBe('proposing');
    drag({ x: 100, y: 10 }, { x: 150, y: 60 });
    store.load('other', { width: 200, height: 100 }, []);
    await requests[2]?.answer(triangle);
    expect(tools.complete()).toBe(false);
    expect(store.getState().shapes).toEqual([]);
  });

  it('keeps the outline as its tight box in a bndbox project; Escape drops a proposal', async () => {
    const { store, tools, requests, drag } = setup('bndbox');
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    await requests[0]?.answer(triangle);
    expect(tools.cancel()).toBe(true);
    expect(tools.complete()).toBe(false);
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    await requests[1]?.answer(triangle);
    tools.complete();
    expect(store.getState().shapes).toEqual([{ id: 's1', kind: 'box', x: 30, y: 20, w: 50, h: 50, label: 'cat' }]);
  });

  it('Enter while a correction is computed keeps the corrected outline once it comes', async () => {
    const { store, tools, requests, drag } = setup();
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    await requests[0]?.answer(triangle);
    tools.pointerDown({ x: 40, y: 40 }, 4);
    tools.pointerUp({ x: 40, y: 40 });
    expect(tools.state).toBe('working');
    expect(tools.complete()).toBe(true);
    expect(store.getState().shapes).toEqual([]); // not the outline from before the click
    const corrected = [{ x: 30, y: 20 }, { x: 85, y: 20 }, { x: 85, y: 75 }, { x: 30, y: 75 }];
    await requests[1]?.answer(corrected);
    expect(store.getState().shapes).toEqual([{ id: 's1', kind: 'polygon', points: corrected, label: 'cat' }]);
    expect(tools.state).toBe('idle');
  });

  it('Enter while working then Escape, a new drag or an image switch keeps nothing', async () => {
    const { store, tools, requests, drag } = setup();
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    tools.complete();
    tools.cancel();
    await requests[0]?.answer(triangle);
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    tools.complete();
    drag({ x: 100, y: 10 }, { x: 150, y: 60 });
    await requests[1]?.answer(triangle);
    await requests[2]?.answer(triangle);
    expect(tools.state).toBe('proposing'); // the new box's outline waits for its own Enter
    tools.pointerDown({ x: 120, y: 30 }, 4);
    tools.pointerUp({ x: 120, y: 30 });
    tools.complete();
    store.load('other', { width: 200, height: 100 }, []);
    await requests[3]?.answer(triangle);
    drag({ x: 20, y: 10 }, { x: 90, y: 80 });
    await requests[4]?.answer(triangle);
    expect(tools.state).toBe('proposing');
    expect(store.getState().shapes).toEqual([]);
  });

  it('takes a tiny drag for a slip, not an object', () => {
    const { tools, requests, drag } = setup();
    drag({ x: 20, y: 10 }, { x: 26, y: 12 });
    expect(requests).toHaveLength(0);
    expect(tools.state).toBe('idle');
  });
});
