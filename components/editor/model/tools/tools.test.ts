// Drives pointer and key input into a real store, no canvas: what a person does, what they get.
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../editor-store';
import { MIN_SHAPE_SIDE } from '../geometry';
import type { EditorShape, ProjectType } from '../types';
import { createToolController } from './index';
import { POLYGON_CLOSE_RULE } from './polygon.tool';

function setup(shapes: EditorShape[] = [], projectType: ProjectType = 'bndbox') {
  let id = 0;
  const store = createEditorStore({ newId: () => `s${++id}` });
  const saved: EditorShape[][] = [];
  store.onDocumentChange((_imageId, next) => saved.push(next));
  store.load('img', { width: 200, height: 100 }, shapes);
  store.setActiveLabel('car');
  return { store, tools: createToolController(store, projectType), saved };
}

describe('box tool', () => {
  it('draws a box from two corners, inside the image, as one undo step', () => {
    const { store, tools, saved } = setup();
    store.setTool('box');
    tools.pointerDown({ x: 150, y: 20 }, 4);
    tools.pointerMove({ x: 120, y: 60 });
    expect(saved).toHaveLength(0); // the preview is not an edit
    tools.pointerUp({ x: 250, y: 80 });
    expect(store.getState().shapes).toEqual([{ id: 's1', kind: 'box', x: 150, y: 20, w: 50, h: 60, label: 'car' }]);
    expect(store.getState().selectedId).toBe('s1');
    expect(saved).toHaveLength(1);
    store.undo();
    expect(store.getState().shapes).toEqual([]);
    store.redo();
    expect(store.getState().shapes).toHaveLength(1);
  });

  it('ignores a click without a drag and drops the preview on Escape', () => {
    const { store, tools } = setup();
    store.setTool('box');
    tools.pointerDown({ x: 10, y: 10 }, 4);
    tools.pointerUp({ x: 11, y: 10 });
    tools.pointerDown({ x: 10, y: 10 }, 4);
    tools.pointerMove({ x: 50, y: 50 });
    tools.cancel();
    expect(store.getState().draft).toBeNull();
    expect(store.getState().shapes).toEqual([]);
  });
});

describe('polygon tool', () => {
  it('does not add a vertex when the closing click is followed by a quick second click', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }, { x: 10, y: 10 }]) tools.pointerDown(point, 4);
    tools.doubleClick({ x: 10, y: 10 }, 4);
    expect((store.getState().shapes[0] as { points: unknown[] }).points).toHaveLength(3);
  });

  it('closes on the first point, or with Enter once it has 3 points', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    tools.pointerDown({ x: 12, y: 11 }, 4);
    expect(store.getState().shapes).toEqual([{ id: 's1', kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }], label: 'car' }]);
    tools.pointerDown({ x: 100, y: 10 }, 4);
    tools.pointerDown({ x: 150, y: 10 }, 4);
    expect(tools.complete()).toBe(false);
    tools.deleteBackward();
    expect(store.getState().draft).toMatchObject({ points: [{ x: 100, y: 10 }] });
    tools.pointerDown({ x: 150, y: 10 }, 4);
    tools.pointerDown({ x: 120, y: 60 }, 4);
    expect(tools.complete()).toBe(true);
    expect(store.getState().shapes).toHaveLength(2);
  });

  it('undo while drawing takes back the last point, not the polygon drawn before', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    tools.complete();
    for (const point of [{ x: 100, y: 10 }, { x: 150, y: 10 }, { x: 120, y: 60 }]) tools.pointerDown(point, 4);
    store.undo();
    expect(store.getState().shapes).toHaveLength(1);
    expect(store.getState().draft).toMatchObject({ points: [{ x: 100, y: 10 }, { x: 150, y: 10 }] });
    tools.pointerDown({ x: 130, y: 70 }, 4);
    expect(tools.complete()).toBe(true);
    expect(store.getState().shapes).toHaveLength(2);
  });

  it('redo while drawing puts back the point undo took, and neither drops the polygon nor brings back a shape undone before it', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    tools.complete();
    store.undo();
    for (const point of [{ x: 100, y: 10 }, { x: 150, y: 10 }, { x: 120, y: 60 }]) tools.pointerDown(point, 4);
    store.undo();
    store.undo();
    tools.pointerMove({ x: 140, y: 50 });
    store.redo();
    expect(store.getState().draft).toMatchObject({ points: [{ x: 100, y: 10 }, { x: 150, y: 10 }] });
    store.redo();
    store.redo();
    expect(store.getState().draft).toMatchObject({ points: [{ x: 100, y: 10 }, { x: 150, y: 10 }, { x: 120, y: 60 }] });
    expect(store.getState().shapes).toEqual([]);
    // A click ends what redo may put back, as a new edit ends the history's redo.
    store.undo();
    tools.pointerDown({ x: 130, y: 70 }, 4);
    store.redo();
    expect(store.getState().draft).toMatchObject({ points: [{ x: 100, y: 10 }, { x: 150, y: 10 }, { x: 130, y: 70 }] });
    expect(tools.complete()).toBe(true);
    expect(store.getState().shapes).toEqual([expect.objectContaining({ points: [{ x: 100, y: 10 }, { x: 150, y: 10 }, { x: 130, y: 70 }] })]);
  });
  it('is no longer drawing once every point is undone: Delete reaches the shapes picked meanwhile', () => {
    const { store, tools } = setup([{ id: 'old', kind: 'polygon', points: [{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 0, y: 9 }], label: 'car' }], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 100, y: 10 }, { x: 150, y: 10 }]) tools.pointerDown(point, 4);
    store.undo();
    store.undo();
    expect(tools.state).not.toBe('drawing');
    store.selectAll();
    tools.deleteBackward();
    expect(store.getState().shapes).toEqual([]);
  });

  it('keeps the points undo took for redo, though the polygon is empty meanwhile', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 100, y: 10 }, { x: 150, y: 10 }]) tools.pointerDown(point, 4);
    store.undo();
    store.undo();
    tools.pointerMove({ x: 120, y: 40 });
    store.redo();
    expect(store.getState().draft).toMatchObject({ points: [{ x: 100, y: 10 }] });
  });

  it('redoes the image history once Backspace took every point of a polygon: nothing is drawn any more', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    expect(tools.complete()).toBe(true);
    store.undo();
    for (const point of [{ x: 100, y: 10 }, { x: 150, y: 10 }]) tools.pointerDown(point, 4);
    tools.deleteBackward();
    tools.deleteBackward();
    store.redo();
    expect(store.getState().shapes).toHaveLength(1);
    expect(store.getState().draft).toBeNull();
  });

  it('does not bring back with redo a polygon Escaped after every point was undone', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    for (let i = 0; i < 3; i++) store.undo();
    tools.cancel();
    for (let i = 0; i < 3; i++) store.redo();
    expect(store.getState().draft).toBeNull();
    expect(tools.complete()).toBe(false);
    expect(store.getState().shapes).toEqual([]);
  });

  it('shows a hidden label again when a polygon is drawn with it: it vanished on close, yet stayed selected', () => {
    const { store, tools } = setup([], 'seg');
    store.setVisibility({ hiddenLabels: ['car', 'tree'], lockedLabels: [], hiddenShapes: [], lockedShapes: [] });
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    expect(tools.complete()).toBe(true);
    expect(store.getState().visibility.hiddenLabels).toEqual(['tree']);
    expect(store.getState().selectedIds).toEqual(['s1']);
  });

  it('does not keep a polygon drawn with a locked label selected: Delete cannot reach what cannot be edited', () => {
    const { store, tools } = setup([], 'seg');
    store.setVisibility({ hiddenLabels: [], lockedLabels: ['car'], hiddenShapes: [], lockedShapes: [] });
    store.setTool('polygon');
    for (const point of [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }]) tools.pointerDown(point, 4);
    expect(tools.complete()).toBe(true);
    expect(store.getState().shapes).toHaveLength(1);
    expect(store.getState().selectedIds).toEqual([]);
    tools.deleteBackward();
    expect(store.getState().shapes).toHaveLength(1);
  });
});

describe('polygon tool refuses shapes with no area', () => {
  const click = (tools: ReturnType<typeof setup>['tools'], points: Array<{ x: number; y: number }>) => {
    for (const point of points) tools.pointerDown(point, 4);
  };

  it('a click on the first point of a two-point draft neither closes nor adds a point, and says why', () => {
    const { store, saved } = setup([], 'seg');
    const told: string[] = [];
    const tools = createToolController(store, 'seg', { tell: (text) => told.push(text) });
    store.setTool('polygon');
    click(tools, [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 11, y: 10 }]);
    expect(store.getState().draft).toMatchObject({ points: [{ x: 10, y: 10 }, { x: 50, y: 10 }] });
    expect(told).toEqual([POLYGON_CLOSE_RULE]);
    expect(tools.complete()).toBe(false);
    expect(saved).toHaveLength(0);
    click(tools, [{ x: 30, y: 40 }, { x: 11, y: 10 }]);
    expect(store.getState().shapes).toEqual([{ id: 's1', kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 30, y: 40 }], label: 'car' }]);
  });

  it('keeps the draft of points in a line (or nearly) until a point off the line gives it an area', () => {
    for (const projectType of ['seg', 'bndbox'] as const) {
      const { store, tools, saved } = setup([], projectType);
      store.setTool('polygon');
      click(tools, [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 90, y: 10 }]);
      expect(tools.complete()).toBe(false);
      click(tools, [{ x: 10, y: 10 }]);
      expect(store.getState().draft).toMatchObject({ points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 90, y: 10 }] });
      click(tools, [{ x: 90, y: 11 }]); // a box 1 px high, as the box tool refuses it
      expect(tools.complete()).toBe(false);
      expect(saved).toHaveLength(0);
      click(tools, [{ x: 50, y: 40 }]);
      expect(tools.complete()).toBe(true);
      expect(store.getState().shapes).toHaveLength(1);
    }
  });

  it('refuses a sliver across the image whose extent is large but whose area is not', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    click(tools, [{ x: 0, y: 0 }, { x: 100, y: 100 }, { x: 50, y: 50.01 }]);
    expect(tools.complete()).toBe(false);
    expect(store.getState().shapes).toEqual([]);
  });
});

describe('select tool', () => {
  const car: EditorShape = { id: 'a', kind: 'box', x: 10, y: 10, w: 40, h: 20, label: 'car' };

  it('moves a shape with one undo entry per drag, clamped to the image', () => {
    const { store, tools, saved } = setup([car]);
    tools.pointerDown({ x: 20, y: 20 }, 4);
    for (let x = 21; x <= 400; x += 20) tools.pointerMove({ x, y: 20 });
    tools.pointerUp({ x: 400, y: 20 });
    expect(store.getState().shapes[0]).toMatchObject({ x: 160, y: 10, w: 40, h: 20 });
    expect(saved.length).toBeGreaterThan(1);
    store.undo();
    expect(store.getState().shapes[0]).toEqual(car);
    expect(store.getState().canUndo).toBe(false);
  });

  it('resizes a selected box by its handle and Escape restores it with no undo entry', () => {
    const { store, tools } = setup([car]);
    store.select(['a']);
    tools.pointerDown({ x: 50, y: 30 }, 4); // se corner
    tools.pointerMove({ x: 80, y: 90 });
    expect(store.getState().shapes[0]).toMatchObject({ x: 10, y: 10, w: 70, h: 80 });
    tools.cancel();
    expect(store.getState().shapes[0]).toEqual(car);
    expect(store.getState().canUndo).toBe(false);
  });

  it('relabels the selected shape with the picked label, and deletes it', () => {
    const { store, tools } = setup([car]);
    tools.pointerDown({ x: 20, y: 20 }, 4);
    tools.pointerUp({ x: 20, y: 20 });
    store.setActiveLabel('person');
    expect(store.getState().shapes[0]?.label).toBe('person');
    tools.deleteBackward();
    expect(store.getState().shapes).toEqual([]);
    store.undo();
    store.undo();
    expect(store.getState().shapes).toEqual([car]);
  });

  it('adds a vertex on a double-clicked edge, drags and removes vertices', () => {
    const triangle: EditorShape = { id: 't', kind: 'polygon', points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 50 }], label: 'road' };
    const { store, tools } = setup([triangle], 'seg');
    store.setTool('select');
    store.select(['t']);
    tools.doubleClick({ x: 0, y: 1 }, 4); // on a vertex: nothing
    expect((store.getState().shapes[0] as { points: unknown[] }).points).toHaveLength(3);
    tools.doubleClick({ x: 50, y: 1 }, 4);
    expect(store.getState().shapes[0]).toMatchObject({ points: [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 50 }] });
    tools.pointerDown({ x: 50, y: 0 }, 4);
    tools.pointerMove({ x: 50, y: -30 });
    tools.pointerUp({ x: 50, y: -30 });
    expect(store.getState().shapes[0]).toMatchObject({ points: [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 50 }] });
    tools.pointerDown({ x: 50, y: 0 }, 4, { alt: true });
    expect((store.getState().shapes[0] as { points: unknown[] }).points).toHaveLength(3);
  });

  it('keeps undo history per image across image switches', () => {
    const { store, tools } = setup([car]);
    store.select(['a']);
    tools.deleteBackward();
    store.load('other', { width: 10, height: 10 }, []);
    expect(store.getState().canUndo).toBe(false);
    store.load('img', { width: 200, height: 100 }, []);
    store.undo();
    expect(store.getState().shapes).toEqual([car]);
  });

  it('pastes copies as new shapes 10 px further', () => {
    const { store } = setup([car]);
    store.select(['a']);
    store.copy();
    store.paste();
    expect(store.getState().shapes[1]).toMatchObject({ id: 's1', x: 20, y: 20, w: 40, h: 20, label: 'car' });
  });

  it('pastes again 10 px further each time, and in place where the shape was copied from, not where it was last pasted', () => {
    const { store } = setup([car]);
    store.select(['a']);
    store.copy();
    store.paste();
    store.paste();
    expect(store.getState().shapes.slice(1).map((shape) => shape.kind === 'box' && [shape.x, shape.y])).toEqual([[20, 20], [30, 30]]);
    store.load('next', { width: 200, height: 100 }, []);
    store.paste(true);
    expect(store.getState().shapes[0]).toMatchObject({ x: car.x, y: car.y, w: 40, h: 20 });
    // A new copy starts the steps again from itself.
    store.select([store.getState().shapes[0]!.id]);
    store.copy();
    store.paste();
    expect(store.getState().shapes[1]).toMatchObject({ x: car.x + 10, y: car.y + 10 });
  });

  it('pastes a shape copied on a larger image inside this one, clipped as paste in place clips it', () => {
    const big: EditorShape = { id: 'big', kind: 'box', x: 0, y: 0, w: 1000, h: 500, label: 'car' };
    const far: EditorShape = { id: 'far', kind: 'box', x: 1500, y: 50, w: 100, h: 30, label: 'car' };
    const wide: EditorShape = { id: 'wide', kind: 'polygon', points: [{ x: 100, y: 100 }, { x: 900, y: 100 }, { x: 500, y: 700 }], label: 'road' };
    const { store } = setup();
    store.load('large', { width: 1920, height: 1080 }, [big, far, wide]);
    store.selectAll();
    store.copy();
    store.load('img', { width: 200, height: 100 }, []);
    store.paste();
    const [box, small, polygon] = store.getState().shapes;
    expect(box).toMatchObject({ x: 0, y: 0, w: 200, h: 100 });
    expect(small).toMatchObject({ x: 100, y: 60, w: 100, h: 30 });
    expect(polygon?.kind === 'polygon' && polygon.points.every((p) => p.x >= 0 && p.x <= 200 && p.y >= 0 && p.y <= 100)).toBe(true);
    // The clipboard keeps the whole shape: pasted back on a large image, nothing is lost.
    store.load('large', { width: 1920, height: 1080 }, []);
    store.paste();
    expect(store.getState().shapes[0]).toMatchObject({ x: 10, y: 10, w: 1000, h: 500 });
  });
});

describe('labels while drawing', () => {
  const drawBox = (tools: ReturnType<typeof setup>['tools'], x: number) => {
    tools.pointerDown({ x, y: 10 }, 4);
    tools.pointerMove({ x: x + 20, y: 30 });
    tools.pointerUp({ x: x + 20, y: 30 });
  };

  it('a label picked after drawing labels the next box, not the one just drawn', () => {
    const { store, tools } = setup();
    store.setTool('box');
    drawBox(tools, 10);
    store.setActiveLabel('tree');
    drawBox(tools, 60);
    store.setActiveLabel('sky');
    drawBox(tools, 110);
    expect(store.getState().shapes.map((shape) => shape.label)).toEqual(['car', 'tree', 'sky']);
  });

  it('relabels a box the user clicked, in the drawing tool too, and any selection in the select tool', () => {
    const { store, tools } = setup();
    store.setTool('box');
    drawBox(tools, 10);
    drawBox(tools, 60);
    tools.pointerDown({ x: 20, y: 20 }, 4);
    tools.pointerUp({ x: 20, y: 20 });
    store.setActiveLabel('tree');
    expect(store.getState().shapes.map((shape) => shape.label)).toEqual(['tree', 'car']);
    drawBox(tools, 110);
    store.setTool('select');
    store.setActiveLabel('sky');
    expect(store.getState().shapes.map((shape) => shape.label)).toEqual(['tree', 'car', 'sky']);
  });

  it('holds a shape drawn with no label until one is named, and drops it on Escape', () => {
    const { store, tools, saved } = setup();
    store.load('img', { width: 200, height: 100 }, []);
    store.setTool('box');
    store.setActiveLabel('');
    drawBox(tools, 10);
    expect(store.getState().shapes).toEqual([]);
    expect(store.getState().pendingLabel).toMatchObject({ kind: 'box', label: '' });
    expect(saved).toHaveLength(0);
    store.resolvePendingLabel('tree');
    expect(store.getState().shapes.map((shape) => shape.label)).toEqual(['tree']);
    expect(store.getState().activeLabel).toBe('tree');
    store.setActiveLabel('');
    drawBox(tools, 60);
    tools.cancel();
    expect(store.getState().pendingLabel).toBeNull();
    expect(store.getState().shapes).toHaveLength(1);
  });
});

describe('box tool on existing boxes', () => {
  const box: EditorShape = { id: 'b', kind: 'box', x: 20, y: 20, w: 40, h: 30, label: 'car' };

  it('resizes by a handle of the selected box instead of drawing a new one', () => {
    const { store, tools } = setup([box]);
    store.setTool('box');
    store.select(['b']);
    tools.pointerDown({ x: 60, y: 50 }, 4);
    tools.pointerMove({ x: 80, y: 70 });
    tools.pointerUp({ x: 80, y: 70 });
    expect(store.getState().shapes).toEqual([{ ...box, w: 60, h: 50 }]);
  });

  it('keeps a box resized onto its opposite corner as large as the smallest box drawn', () => {
    const { store, tools } = setup([box]);
    store.setTool('box');
    store.select(['b']);
    tools.pointerDown({ x: 20, y: 20 }, 4);
    tools.pointerMove({ x: 60, y: 50 });
    tools.pointerUp({ x: 60, y: 50 });
    expect(store.getState().shapes[0]).toMatchObject({ w: MIN_SHAPE_SIDE, h: MIN_SHAPE_SIDE });
  });

  it('selects and moves a box pressed inside, and draws inside it only with Shift', () => {
    const { store, tools } = setup([box]);
    store.setTool('box');
    tools.pointerDown({ x: 30, y: 30 }, 4);
    tools.pointerMove({ x: 40, y: 35 });
    tools.pointerUp({ x: 40, y: 35 });
    expect(store.getState().shapes).toEqual([{ ...box, x: 30, y: 25 }]);
    expect(store.getState().selectedId).toBe('b');
    tools.pointerDown({ x: 35, y: 30 }, 4, { shift: true });
    tools.pointerMove({ x: 45, y: 40 });
    tools.pointerUp({ x: 45, y: 40 });
    expect(store.getState().shapes).toHaveLength(2);
  });
});

describe('polygon tool next to existing polygons', () => {
  const square: EditorShape = { id: 'p', kind: 'polygon', points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 50 }, { x: 10, y: 50 }], label: 'car' };
  const draw = (tools: ReturnType<typeof setup>['tools'], points: Array<{ x: number; y: number }>) => {
    for (const point of points) tools.pointerDown(point, 4);
    tools.complete();
  };

  it('starts a new polygon on a shared vertex of the polygon just drawn', () => {
    const { store, tools } = setup([], 'seg');
    store.setTool('polygon');
    draw(tools, [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 50 }]);
    draw(tools, [{ x: 50, y: 10 }, { x: 90, y: 10 }, { x: 50, y: 50 }]);
    expect(store.getState().shapes).toHaveLength(2);
    expect(store.getState().shapes[0]).toMatchObject({ points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 50 }] });
  });

  it('draws from inside an existing polygon, and moves the vertex of a polygon picked in the select tool', () => {
    const { store, tools } = setup([square], 'seg');
    store.setTool('polygon');
    draw(tools, [{ x: 20, y: 20 }, { x: 40, y: 20 }, { x: 30, y: 40 }]);
    expect(store.getState().shapes).toHaveLength(2);
    store.setTool('select');
    tools.pointerDown({ x: 30, y: 10.5 }, 4);
    tools.pointerUp({ x: 30, y: 10.5 });
    store.setTool('polygon');
    tools.pointerDown({ x: 50, y: 50 }, 4);
    tools.pointerMove({ x: 60, y: 60 });
    tools.pointerUp({ x: 60, y: 60 });
    expect(store.getState().shapes[0]).toMatchObject({ points: [{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 60, y: 60 }, { x: 10, y: 50 }] });
    expect(store.getState().draft).toBeNull();
  });
});
