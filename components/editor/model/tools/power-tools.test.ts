// The power tools driven as a person uses them, through the tool controller and the store.
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../editor-store';
import { simplifyPolygon } from '../shape-ops';
import type { EditorPolygon, EditorShape, ProjectType } from '../types';
import { createToolController } from './index';

const box = (id: string, x: number, y: number, w = 20, h = 20, label = 'car'): EditorShape => ({ id, kind: 'box', x, y, w, h, label });
const square: EditorPolygon = { id: 'p', kind: 'polygon', label: 'road', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 50 }, { x: 10, y: 50 }] };

function setup(shapes: EditorShape[], projectType: ProjectType = 'bndbox', tool = 'select') {
  let id = 0;
  const store = createEditorStore({ newId: () => `n${++id}` });
  const saved: Array<[string, EditorShape[]]> = [];
  store.onDocumentChange((imageId, next) => saved.push([imageId, next]));
  store.load('img', { width: 200, height: 100 }, shapes);
  store.setActiveLabel('car');
  store.setTool(tool);
  const tools = createToolController(store, projectType);
  const drag = (from: { x: number; y: number }, to: { x: number; y: number }, modifiers = {}) => {
    tools.pointerDown(from, 4, modifiers);
    tools.pointerMove(to);
    tools.pointerUp(to);
  };
  return { store, tools, saved, drag, click: (at: { x: number; y: number }, modifiers = {}) => drag(at, at, modifiers) };
}

describe('several shapes at once', () => {
  it('a marquee picks the shapes wholly inside it, Shift+marquee adds, Shift+click toggles', () => {
    const { store, drag, click } = setup([box('a', 10, 10), box('b', 50, 10), box('c', 150, 60)]);
    drag({ x: 5, y: 5 }, { x: 80, y: 40 });
    expect(store.getState().selectedIds).toEqual(['a', 'b']);
    drag({ x: 140, y: 50 }, { x: 199, y: 99 }, { shift: true });
    expect(store.getState().selectedIds).toEqual(['a', 'b', 'c']);
    click({ x: 55, y: 15 }, { shift: true });
    expect(store.getState().selectedIds).toEqual(['a', 'c']);
  });

  it('moves, relabels, copies and deletes the selection together, each as one undo step', () => {
    const { store, drag, click } = setup([box('a', 10, 10), box('b', 50, 10), box('c', 150, 60)]);
    click({ x: 15, y: 15 });
    click({ x: 55, y: 15 }, { shift: true });
    // The group stops where its rightmost box meets the image edge.
    drag({ x: 15, y: 15 }, { x: 315, y: 15 });
    expect(store.getState().shapes.slice(0, 2)).toMatchObject([{ x: 140 }, { x: 180 }]);
    store.setActiveLabel('bus');
    expect(store.getState().shapes.map((s) => s.label)).toEqual(['bus', 'bus', 'car']);
    store.copy();
    store.paste(true);
    expect(store.getState().shapes).toHaveLength(5);
    expect(store.getState().shapes[3]).toMatchObject({ x: 140, y: 10, label: 'bus' });
    store.undo();
    expect(store.getState().selectedIds).toEqual([]);
    store.select(['a', 'b']);
    store.deleteSelected();
    expect(store.getState().shapes.map((s) => s.id)).toEqual(['c']);
    store.undo();
    store.undo();
    store.undo();
    expect(store.getState().shapes.slice(0, 2)).toMatchObject([{ x: 10, label: 'car' }, { x: 50, label: 'car' }]);
  });

  it('select all leaves out hidden and locked shapes, which no click or marquee reaches either', () => {
    const { store, drag, click } = setup([box('a', 10, 10), box('b', 50, 10, 20, 20, 'tree'), box('c', 150, 60)]);
    store.setVisibility({ hiddenLabels: ['tree'], lockedLabels: [], hiddenShapes: [], lockedShapes: ['c'] });
    store.selectAll();
    expect(store.getState().selectedIds).toEqual(['a']);
    click({ x: 155, y: 65 });
    expect(store.getState().selectedIds).toEqual([]);
    drag({ x: 155, y: 65 }, { x: 175, y: 85 });
    expect(store.getState().shapes[2]).toMatchObject({ x: 150, y: 60 });
    drag({ x: 0, y: 0 }, { x: 199, y: 99 });
    expect(store.getState().selectedIds).toEqual(['a']);
  });
});

describe('polygon vertices', () => {
  it('dragging a ghost midpoint inserts a vertex in one undo step; Escape takes it back', () => {
    const { store, tools, drag } = setup([square], 'seg');
    store.select(['p']);
    drag({ x: 30, y: 10 }, { x: 30, y: 0 });
    expect((store.getState().shapes[0] as EditorPolygon).points).toEqual([{ x: 10, y: 10 }, { x: 30, y: 0 }, { x: 50, y: 10 }, { x: 50, y: 50 }, { x: 10, y: 50 }]);
    store.undo();
    expect(store.getState().shapes[0]).toEqual(square);
    tools.pointerDown({ x: 50, y: 30 }, 4);
    tools.pointerMove({ x: 70, y: 30 });
    tools.cancel();
    expect(store.getState().shapes[0]).toEqual(square);
    expect(store.getState().canUndo).toBe(false);
  });

  it('Delete removes the picked vertex, never below three points', () => {
    const { store, tools, click } = setup([square], 'seg');
    store.select(['p']);
    click({ x: 50, y: 50 });
    expect(store.getState().selectedVertex).toBe(2);
    tools.deleteBackward();
    expect((store.getState().shapes[0] as EditorPolygon).points).toHaveLength(3);
    click({ x: 10, y: 10 });
    tools.deleteBackward();
    expect((store.getState().shapes[0] as EditorPolygon).points).toHaveLength(3);
    expect(store.getState().shapes).toHaveLength(1);
  });

  it('the picked vertex follows Alt+click removal and double-click insert of other vertices', () => {
    const { store, tools, click } = setup([square], 'seg');
    store.select(['p']);
    click({ x: 50, y: 50 });
    click({ x: 10, y: 10 }, { alt: true });
    expect(store.getState().selectedVertex).toBe(1);
    tools.doubleClick({ x: 50, y: 30 }, 4);
    expect(store.getState().selectedVertex).toBe(2);
    tools.deleteBackward();
    expect((store.getState().shapes[0] as EditorPolygon).points).toEqual([{ x: 50, y: 10 }, { x: 50, y: 30 }, { x: 10, y: 50 }]);
  });

  it('the picked vertex is dropped with its vertex, with a cancelled ghost vertex, and when simplify redraws the outline', () => {
    const { store, tools, click } = setup([square], 'seg');
    store.select(['p']);
    click({ x: 50, y: 50 });
    click({ x: 50, y: 50 }, { alt: true });
    expect(store.getState().selectedVertex).toBeNull();
    tools.pointerDown({ x: 30, y: 10 }, 4); // the ghost midpoint of the first edge
    tools.pointerMove({ x: 30, y: 0 });
    tools.cancel();
    expect(store.getState().selectedVertex).toBeNull();
    const wobbly: EditorPolygon = { ...square, points: [{ x: 0, y: 0 }, { x: 50, y: 0.4 }, { x: 100, y: 0 }, { x: 100.3, y: 50 }, { x: 100, y: 100 }, { x: 0, y: 100 }] };
    store.load('img', { width: 200, height: 100 }, [wobbly]);
    click({ x: 100, y: 100 });
    expect(store.getState().selectedVertex).toBe(4);
    // What the simplify panel's Apply does.
    store.commit(store.getState().shapes.map((shape) => (shape.id === 'p' ? simplifyPolygon(wobbly, 1) : shape)), 'record');
    expect(store.getState().selectedVertex).toBeNull();
  });

  it('Delete with a picked vertex past the polygon\'s end changes, records and saves nothing', () => {
    const { store, tools, saved } = setup([square], 'seg');
    store.select(['p']);
    store.selectVertex(7);
    tools.deleteBackward();
    expect(store.getState().shapes).toEqual([square]);
    expect(store.getState().canUndo).toBe(false);
    expect(saved).toHaveLength(0);
  });

  it('simplify drops points within tolerance of the outline and keeps a polygon', () => {
    const wobbly: EditorPolygon = { ...square, points: [{ x: 0, y: 0 }, { x: 50, y: 0.4 }, { x: 100, y: 0 }, { x: 100.3, y: 50 }, { x: 100, y: 100 }, { x: 0, y: 100 }] };
    expect(simplifyPolygon(wobbly, 1).points).toEqual([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }]);
    expect(simplifyPolygon(wobbly, 1000).points).toHaveLength(3);
    expect(simplifyPolygon(wobbly, 0.1).points).toHaveLength(6);
  });
});

describe('shapes a project cannot store', () => {
  it('a polygon drawn in a bndbox project is stored as its box', () => {
    const { store, tools } = setup([], 'bndbox', 'polygon');
    for (const point of [{ x: 10, y: 20 }, { x: 60, y: 10 }, { x: 40, y: 70 }]) tools.pointerDown(point, 4);
    tools.complete();
    expect(store.getState().shapes).toEqual([{ id: 'n1', kind: 'box', label: 'car', x: 10, y: 10, w: 50, h: 60 }]);
  });

  it('a box drawn in a seg project is stored as a 4-point polygon', () => {
    const { store, drag } = setup([], 'seg', 'box');
    drag({ x: 10, y: 10 }, { x: 40, y: 30 });
    expect(store.getState().shapes[0]).toMatchObject({ kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 40, y: 10 }, { x: 40, y: 30 }, { x: 10, y: 30 }] });
  });
});

describe('a drag across an image switch', () => {
  it('neither moves nor restores anything on the next image', () => {
    const { store, tools } = setup([box('a', 10, 10)]);
    tools.pointerDown({ x: 15, y: 15 }, 4);
    tools.pointerMove({ x: 25, y: 15 });
    store.load('next', { width: 200, height: 100 }, [box('b', 50, 50)]);
    tools.pointerMove({ x: 45, y: 15 });
    tools.cancel();
    tools.pointerUp({ x: 45, y: 15 });
    expect(store.getState().shapes).toEqual([box('b', 50, 50)]);
    expect(store.getState().canUndo).toBe(false);
  });
});

describe('edits of other images', () => {
  it('are saved for that image and undone there, one step per image', () => {
    const { store, saved } = setup([box('a', 10, 10)]);
    store.commitTo('other', [], [box('x', 1, 1)]);
    expect(saved.at(-1)).toEqual(['other', [box('x', 1, 1)]]);
    expect(store.getState().shapes).toEqual([box('a', 10, 10)]);
    store.load('other', { width: 200, height: 100 }, [box('x', 1, 1)]);
    store.undo();
    expect(store.getState().shapes).toEqual([]);
    expect(saved.at(-1)).toEqual(['other', []]);
  });
});
