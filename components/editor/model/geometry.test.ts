import { describe, expect, it } from 'vitest';
import { enclosesArea, fitView, followVertex, MIN_SHAPE_SIDE, resizeBox, toImage, zoomAround } from './geometry';
import type { EditorBox } from './types';

describe('geometry', () => {
  const box: EditorBox = { id: 'a', kind: 'box', x: 10, y: 10, w: 20, h: 20, label: '' };
  const size = { width: 100, height: 50 };

  it('flips a box dragged past its opposite edge and keeps it as large as the smallest box drawn', () => {
    expect(resizeBox(box, 'e', { x: 0, y: 15 }, size)).toMatchObject({ x: 0, w: 10 });
    expect(resizeBox(box, 'n', { x: 0, y: 30 }, size)).toMatchObject({ y: 30 - MIN_SHAPE_SIDE, h: MIN_SHAPE_SIDE });
    expect(resizeBox(box, 'se', { x: 500, y: 500 }, size)).toMatchObject({ x: 10, y: 10, w: 90, h: 40 });
  });

  it('keeps the edge not dragged where it was when a handle is dragged onto it', () => {
    // The west and north handles had pushed the east and south edges out by the minimum.
    expect(resizeBox(box, 'w', { x: 30, y: 15 }, size)).toMatchObject({ x: 30 - MIN_SHAPE_SIDE, w: MIN_SHAPE_SIDE });
    expect(resizeBox(box, 'w', { x: 31, y: 15 }, size)).toMatchObject({ x: 30, w: MIN_SHAPE_SIDE });
    expect(resizeBox(box, 'nw', { x: 29, y: 29 }, size)).toMatchObject({ x: 30 - MIN_SHAPE_SIDE, y: 30 - MIN_SHAPE_SIDE, w: MIN_SHAPE_SIDE, h: MIN_SHAPE_SIDE });
    expect(resizeBox(box, 'e', { x: 10, y: 15 }, size)).toMatchObject({ x: 10, w: MIN_SHAPE_SIDE });
    expect(resizeBox(box, 'e', { x: 9, y: 15 }, size)).toMatchObject({ x: 10 - MIN_SHAPE_SIDE, w: MIN_SHAPE_SIDE });
    // An edge box dragged onto its own edge stays inside the image.
    expect(resizeBox({ ...box, x: 0 }, 'e', { x: -5, y: 15 }, size)).toMatchObject({ x: 0, w: MIN_SHAPE_SIDE });
  });

  it('zooms around the cursor: the image point under it stays put', () => {
    const view = { scale: 1, x: 20, y: 30 };
    const cursor = { x: 220, y: 130 };
    const before = toImage(view, cursor);
    const zoomed = zoomAround(view, 2.5, cursor);
    expect(toImage(zoomed, cursor)).toEqual(before);
    expect(zoomAround(view, 1e9, cursor).scale).toBe(40);
  });

  it('follows a vertex through an insert or removal before it, and loses it with its vertex or a redrawn outline', () => {
    const square = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }];
    const without = (i: number) => square.filter((_, j) => j !== i);
    expect(followVertex(square, without(0), 2)).toBe(1);
    expect(followVertex(square, without(2), 2)).toBeNull();
    expect(followVertex(square, without(3), 2)).toBe(2);
    expect(followVertex(square, [...square.slice(0, 1), { x: 5, y: 0 }, ...square.slice(1)], 2)).toBe(3);
    expect(followVertex(square, [...square, { x: 0, y: 5 }], 2)).toBe(2);
    expect(followVertex(square, square.map((p, i) => (i === 1 ? { x: 20, y: 0 } : p)), 2)).toBe(2);
    expect(followVertex(square, square.map((p) => ({ x: p.x + 0.1, y: p.y + 0.2 })), 2)).toBe(2);
    expect(followVertex(square, [{ x: 1, y: 1 }, { x: 5, y: 1 }, { x: 9, y: 9 }, { x: 1, y: 7 }], 2)).toBeNull();
    expect(followVertex(square, square.slice(0, 2).concat({ x: 5, y: 5 }), 1)).toBeNull();
  });

  it('keeps only drawn polygons of some area, by the box tool\'s smallest side', () => {
    expect(enclosesArea([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 0 }])).toBe(false);
    expect(enclosesArea([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }])).toBe(false);
    expect(enclosesArea([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 1.5 }])).toBe(false);
    expect(enclosesArea([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 2 }])).toBe(true);
  });

  it('fits and centres the image in the viewport', () => {
    const view = fitView({ width: 1000, height: 500 }, { width: 548, height: 548 }, 24);
    expect(view.scale).toBe(0.5);
    expect(view).toMatchObject({ x: 24, y: 149 });
  });
});
