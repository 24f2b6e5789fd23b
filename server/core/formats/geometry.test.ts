import { describe, expect, it } from 'vitest';
import { clipBounds, clipPolygon, clipShape, polygonArea, polygonBounds, toPixelShapes } from './geometry';
import { annotation, box, polygon } from './test-fixtures';

const image = { width: 1000, height: 500 };
// The client drew the 1000x500 image at (100, 50), scaled to 500x250: one canvas unit = 2 px.
const placement = { x: 100, y: 50, w: 500, h: 250 };

describe('toPixelShapes', () => {
  it('maps canvas coordinates through the placement', () => {
    const [shape] = toPixelShapes(annotation([box(150, 75, 350, 175)], placement), image);
    expect(shape).toMatchObject({ kind: 'box', x1: 100, y1: 50, x2: 500, y2: 250 });
  });

  it('normalises box corners given in any order', () => {
    const [shape] = toPixelShapes(annotation([box(350, 175, 150, 75)], placement), image);
    expect(shape).toMatchObject({ x1: 100, y1: 50, x2: 500, y2: 250 });
  });

  it('maps polygon points and drops canvas offsets', () => {
    const shapes = toPixelShapes(annotation([polygon([[100, 50], [600, 50], [350, 300]])], placement), image);
    expect(shapes[0]).toMatchObject({
      kind: 'polygon',
      points: [
        { x: 0, y: 0, distanceToImg: null },
        { x: 1000, y: 0, distanceToImg: null },
        { x: 500, y: 500, distanceToImg: null },
      ],
    });
  });

  it('treats a placement without size as pixels already', () => {
    for (const identity of [{ x: 0, y: 0, w: 0, h: 0 }, { x: 30, y: 40, w: 0, h: 250 }, { x: 30, y: 40, w: 500, h: 0 }]) {
      expect(toPixelShapes(annotation([box(12.5, 30, 140, 200)], identity), image)[0]).toMatchObject({ x1: 12.5, y1: 30, x2: 140, y2: 200 });
    }
  });

  it('keeps label, id and style', () => {
    const [shape] = toPixelShapes(annotation([box(150, 75, 350, 175, 'dog', '42')], placement), image);
    expect(shape).toMatchObject({ label: 'dog', id: '42', lineWidth: 2, color: 'rgba(255,0,0,1.0)' });
  });
});

describe('polygon helpers', () => {
  it('computes the shoelace area whatever the winding', () => {
    const square = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }];
    expect(polygonArea(square)).toBe(100);
    expect(polygonArea([...square].reverse())).toBe(100);
    expect(polygonArea([{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 0, y: 3 }])).toBe(6);
  });

  it('computes the bounding box', () => {
    expect(polygonBounds([{ x: 5, y: 9 }, { x: -2, y: 3 }, { x: 7, y: 4 }])).toEqual({ xMin: -2, yMin: 3, xMax: 7, yMax: 9 });
    const huge = Array.from({ length: 300_000 }, (_, i) => ({ x: i, y: 1 - i }));
    expect(polygonBounds(huge)).toEqual({ xMin: 0, yMin: -299_998, xMax: 299_999, yMax: 1 });
  });
});

describe('clipping to the image', () => {
  it('cuts bounds at the edges and drops what is outside', () => {
    expect(clipBounds({ xMin: -10, yMin: 20, xMax: 1200, yMax: 600 }, image)).toEqual({ xMin: 0, yMin: 20, xMax: 1000, yMax: 500 });
    expect(clipBounds({ xMin: 1100, yMin: 20, xMax: 1200, yMax: 60 }, image)).toBeNull();
    expect(clipBounds({ xMin: 10, yMin: 20, xMax: 10, yMax: 60 }, image)).toBeNull();
  });

  it('cuts polygons along the edge instead of moving their points', () => {
    // A triangle poking out on the left: the part inside is a quadrilateral.
    const clipped = clipPolygon([{ x: -100, y: 100 }, { x: 100, y: 0 }, { x: 100, y: 200 }], image);
    expect(clipped).not.toBeNull();
    expect(polygonBounds(clipped ?? [])).toEqual({ xMin: 0, yMin: 0, xMax: 100, yMax: 200 });
    expect(polygonArea(clipped ?? [])).toBeCloseTo(20000 - 5000, 6);
  });

  it('leaves polygons inside untouched and drops those outside', () => {
    const inside = [{ x: 1, y: 1 }, { x: 9, y: 1 }, { x: 5, y: 8 }];
    expect(clipPolygon(inside, image)).toEqual(inside);
    expect(clipPolygon([{ x: -9, y: 1 }, { x: -1, y: 1 }, { x: -5, y: 8 }], image)).toBeNull();
  });

  it('clips whole shapes and keeps their other fields', () => {
    expect(clipShape(box(-20, -20, 40, 30, 'dog'), image)).toMatchObject({ x1: 0, y1: 0, x2: 40, y2: 30, label: 'dog' });
    expect(clipShape(box(2000, 0, 2100, 30), image)).toBeNull();
    const tri = clipShape(polygon([[990, 10], [1010, 10], [990, 30]]), image);
    expect(tri?.kind === 'polygon' ? polygonBounds(tri.points) : null).toEqual({ xMin: 990, yMin: 10, xMax: 1000, yMax: 30 });
  });
});
