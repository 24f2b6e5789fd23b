// Geometry a consumer chokes on, for one pixel-space shape. Pure; the callers decide which
// formats care and word the consequence.
import { outsideImage } from '../formats/outside-image';
import { polygonArea, shapeBounds, type PixelSize, type Point } from '../formats/geometry';
import type { Shape } from '../types';

// Edges are compared only with those whose x range overlaps theirs (sorted by left end), so a
// polygon of thousands of vertices costs about n log n; past this many the check is skipped.
export const SELF_INTERSECTION_MAX_POINTS = 20_000;

export type GeometryFinding = { rule: 'polygon-few-points' | 'zero-area' | 'polygon-self-intersecting' | 'outside-image'; detail: string };

/** The first finding that makes the shape unusable, else the ones it is written with. */
export function geometryFindings(shape: Shape, size: PixelSize): GeometryFinding[] {
  if (shape.kind === 'polygon' && shape.points.length < 3) {
    const count = shape.points.length;
    return [{ rule: 'polygon-few-points', detail: count === 2 ? '2 points: pycocotools would read its 4 numbers as a box' : `${count} point${count === 1 ? '' : 's'}` }];
  }
  const b = shapeBounds(shape);
  if (shape.kind === 'box' && (b.xMax - b.xMin <= 0 || b.yMax - b.yMin <= 0)) {
    return [{ rule: 'zero-area', detail: `box of ${round(b.xMax - b.xMin)} x ${round(b.yMax - b.yMin)} px` }];
  }
  if (shape.kind === 'polygon' && polygonArea(shape.points) <= 0) return [{ rule: 'zero-area', detail: `polygon of ${shape.points.length} points on one line` }];
  const findings: GeometryFinding[] = [];
  if (shape.kind === 'polygon') {
    const crossing = selfIntersection(shape.points);
    if (crossing) findings.push({ rule: 'polygon-self-intersecting', detail: `edges ${crossing[0] + 1} and ${crossing[1] + 1} cross` });
  }
  const outside = outsideImage(b, size);
  if (outside) findings.push({ rule: 'outside-image', detail: `${outside} on a ${size.width} x ${size.height} image` });
  return findings;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The first two non-adjacent edges that cross (0-based edge i runs from point i to i + 1), or null. */
export function selfIntersection(points: readonly Point[]): [number, number] | null {
  const n = points.length;
  if (n < 4 || n > SELF_INTERSECTION_MAX_POINTS) return null;
  const at = (i: number) => points[i % n] as Point;
  const left = (i: number) => Math.min(at(i).x, at(i + 1).x);
  const right = (i: number) => Math.max(at(i).x, at(i + 1).x);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => left(a) - left(b));
  let found: [number, number] | null = null;
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const end = right(i);
    for (let m = k + 1; m < n && left(order[m] as number) <= end; m++) {
      const j = order[m] as number;
      const [a, b] = i < j ? [i, j] : [j, i];
      if (b - a < 2 || (a === 0 && b === n - 1)) continue;
      // The first crossing in edge order, as the pairwise scan named it.
      if (segmentsCross(at(a), at(a + 1), at(b), at(b + 1)) && (!found || a < found[0] || (a === found[0] && b < found[1]))) found = [a, b];
    }
  }
  return found;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

// Proper crossings only: edges that merely touch at a vertex (a shared corner of a traced
// outline) are common in real data and every rasteriser fills them the same way.
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}
