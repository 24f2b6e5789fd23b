import { describe, expect, it } from 'vitest';
import type { Point } from '../formats/geometry';
import { selfIntersection } from './geometry-checks';

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
const properly = (a: Point, b: Point, c: Point, d: Point) => {
  const [d1, d2, d3, d4] = [cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d)];
  return d1 * d2 < 0 && d3 * d4 < 0;
};
/** Every pair of non-adjacent edges: what the sweep must agree with. */
function bruteForce(points: readonly Point[]): [number, number] | null {
  const n = points.length;
  const at = (i: number) => points[i % n] as Point;
  for (let i = 0; i < n; i++) for (let j = i + 2; j < n; j++) if (!(i === 0 && j === n - 1) && properly(at(i), at(i + 1), at(j), at(j + 1))) return [i, j];
  return null;
}

describe('selfIntersection', () => {
  it('names the same first crossing as comparing every pair of edges', () => {
    let state = 99;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let round = 0; round < 300; round++) {
      const n = 4 + Math.floor(next() * 20);
      const points = Array.from({ length: n }, () => ({ x: Math.round(next() * 50), y: Math.round(next() * 50) }));
      expect(selfIntersection(points)).toEqual(bruteForce(points));
    }
  });

  it('checks a traced outline of thousands of vertices, and finds a bow tie in it', () => {
    const circle = Array.from({ length: 5000 }, (_, i) => ({ x: 1000 + 900 * Math.cos((2 * Math.PI * i) / 5000), y: 1000 + 900 * Math.sin((2 * Math.PI * i) / 5000) }));
    expect(selfIntersection(circle)).toBeNull();
    const tied = [...circle];
    [tied[10], tied[2510]] = [tied[2510] as Point, tied[10] as Point];
    expect(selfIntersection(tied)).not.toBeNull();
  });
});
