import { describe, expect, it } from 'vitest';
import { moveBox, movePolygon, resizeBox } from './geometry';
import { copiesFor, copiesMissingFrom, moveShapes, relabelShapes } from './shape-ops';
import type { EditorBox, EditorPolygon, EditorShape } from './types';

const size = { width: 100, height: 100 };
const box = (x: number, y: number, w: number, h: number): EditorBox => ({ id: 'b', kind: 'box', label: 'car', x, y, w, h });
const polygon = (...points: Array<[number, number]>): EditorPolygon => ({ id: 'p', kind: 'polygon', label: 'car', points: points.map(([x, y]) => ({ x, y })) });

describe('moving a shape that already reaches past the image edge (imported, or from a classifai client)', () => {
  it('leaves it where it is on a click, and only stops it going further out on a drag', () => {
    const past = box(-3, 10, 20, 20);
    expect(moveShapes([past], 0, 0, size)).toEqual([past]);
    expect(moveShapes([past], -5, 0, size)).toEqual([past]);
    expect(moveShapes([past], 10, 0, size)).toEqual([box(7, 10, 20, 20)]);
    expect(moveBox(past, 0, 0, size)).toEqual(past);
    expect(moveBox(past, 0.2, 0, size)).toMatchObject({ x: -2.8 });
    const tri = polygon([-3, 0], [20, 0], [20, 20]);
    expect(movePolygon(tri, 0, 0, size)).toEqual(tri);
  });

  it('keeps a shape wider than the image in place instead of throwing it to the far edge', () => {
    const wide = box(-10, 0, 120, 20);
    expect(moveShapes([wide], 4, 0, size)).toEqual([wide]);
    expect(moveBox(wide, -4, 0, size)).toEqual(wide);
  });
});

describe('resizing a box', () => {
  it('keeps its last pixels inside the image when a handle is dragged past the far edge', () => {
    expect(resizeBox(box(90, 10, 10, 10), 'w', { x: 140, y: 15 }, size)).toEqual(box(98, 10, 2, 10));
    expect(resizeBox(box(10, 90, 10, 10), 'n', { x: 15, y: 500 }, size)).toEqual(box(10, 98, 10, 2));
  });
});

describe('copies for an image of another size (paste, propagate, keep previous)', () => {
  let next = 0;
  const newId = () => `c${(next += 1)}`;

  it('cuts a polygon at the edge instead of bending it onto the edge', () => {
    const [copy] = copiesFor([polygon([50, 0], [150, 50], [50, 100])], size, newId);
    expect(copy).toMatchObject({ kind: 'polygon', points: [{ x: 50, y: 0 }, { x: 100, y: 25 }, { x: 100, y: 75 }, { x: 50, y: 100 }] });
  });

  it('clips boxes, drops what has less than a pixel inside, and gives every copy a new id', () => {
    const copies = copiesFor([box(80, 80, 40, 40), box(99.5, 0, 10, 10), polygon([120, 0], [150, 0], [150, 30])], size, newId);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ kind: 'box', x: 80, y: 80, w: 20, h: 20 });
    expect(copies[0]?.id).not.toBe('b');
  });
});

describe('copies missing from an image (propagate)', () => {
  const newId = () => 'new';

  it('leaves out copies the image already has, whatever their ids, and keeps the rest', () => {
    const there = [box(10, 10, 20, 20), polygon([50, 0], [90, 50], [50, 90])].map((shape, i) => ({ ...shape, id: `kept${i}` }));
    const copies = copiesMissingFrom(there, [box(10, 10, 20, 20), polygon([50, 0], [90, 50], [50, 90]), box(10, 10, 20, 21)], size, newId);
    expect(copies).toEqual([{ ...box(10, 10, 20, 21), id: 'new' }]);
  });

  it('counts a shape with another label as missing', () => {
    expect(copiesMissingFrom([{ ...box(10, 10, 20, 20), label: 'bus' }], [box(10, 10, 20, 20)], size, newId)).toHaveLength(1);
  });
});

describe('relabelShapes', () => {
  it('renames the label on every shape using it, and hands back the same list when none does', () => {
    const shapes: EditorShape[] = [
      { id: 'a', kind: 'box', x: 0, y: 0, w: 2, h: 2, label: 'car' },
      { id: 'b', kind: 'box', x: 4, y: 0, w: 2, h: 2, label: 'bus' },
    ];
    expect(relabelShapes(shapes, 'car', 'vehicle').map((shape) => shape.label)).toEqual(['vehicle', 'bus']);
    expect(shapes[0]?.label).toBe('car');
    expect(relabelShapes(shapes, 'bike', 'cycle')).toBe(shapes);
  });
});
