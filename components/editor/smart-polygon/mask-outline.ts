// From a GrabCut mask to the outline a user edits: the biggest object region (holes
// filled: an outline has no holes), traced along pixel edges, then thinned to the corners
// that matter so the polygon has tens of vertices, not hundreds.
import { simplifyPolygon } from '../model/shape-ops';
import type { Point } from '../model/types';

/** Labels 8-connected regions of value 1; returns the biggest one's pixels as a new mask. */
export function largestRegion(mask: Uint8Array, width: number, height: number): Uint8Array {
  const region = new Int32Array(mask.length).fill(-1);
  const stack: number[] = [];
  let best = -1;
  let bestSize = 0;
  let id = 0;
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1 || region[start] !== -1) continue;
    let size = 0;
    region[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const node = stack.pop() as number;
      size += 1;
      const x = node % width;
      const y = (node - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const other = ny * width + nx;
          if (mask[other] === 1 && region[other] === -1) {
            region[other] = id;
            stack.push(other);
          }
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = id;
    }
    id += 1;
  }
  const out = new Uint8Array(mask.length);
  region.forEach((value, node) => (out[node] = value === best && best !== -1 ? 1 : 0));
  return out;
}

/** Background pixels the border cannot reach (4-connected) become object: holes go. */
export function fillHoles(mask: Uint8Array, width: number, height: number): Uint8Array {
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  const seed = (node: number) => {
    if (mask[node] === 0 && outside[node] === 0) {
      outside[node] = 1;
      stack.push(node);
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  while (stack.length > 0) {
    const node = stack.pop() as number;
    const x = node % width;
    if (x > 0) seed(node - 1);
    if (x < width - 1) seed(node + 1);
    if (node >= width) seed(node - width);
    if (node < (height - 1) * width) seed(node + width);
  }
  return Uint8Array.from(outside, (value) => (value === 1 ? 0 : 1));
}

// Directions clockwise on screen (y down): east, south, west, north.
const STEP = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
] as const;

/**
 * The region's outer boundary along pixel edges, clockwise, with the region on the right.
 * At each corner the trace tries a left turn first, so a region that only touches itself
 * diagonally stays inside one outline.
 */
export function traceOutline(mask: Uint8Array, width: number, height: number): Point[] {
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1;
  const first = mask.indexOf(1);
  if (first < 0) return [];
  const startX = first % width;
  const startY = (first - startX) / width;
  /** The edge leaving corner (x, y) in direction d has the region on its right only. */
  const borders = (x: number, y: number, d: number): boolean => {
    switch (d) {
      case 0:
        return inside(x, y) && !inside(x, y - 1);
      case 1:
        return inside(x - 1, y) && !inside(x, y);
      case 2:
        return inside(x - 1, y - 1) && !inside(x - 1, y);
      default:
        return inside(x, y - 1) && !inside(x - 1, y - 1);
    }
  };
  const points: Point[] = [];
  let x = startX;
  let y = startY;
  let d = 0;
  const limit = 4 * (mask.length + width + height);
  for (let steps = 0; steps < limit; steps++) {
    const heading = [(d + 3) % 4, d, (d + 1) % 4, (d + 2) % 4].find((candidate) => borders(x, y, candidate));
    if (heading === undefined) break;
    if (steps > 0 && x === startX && y === startY && heading === 0) break;
    if (heading !== d || steps === 0) points.push({ x, y });
    d = heading;
    x += STEP[d]![0];
    y += STEP[d]![1];
  }
  return points;
}

/** Sign of the turn a -> b -> c: 1 left, -1 right, 0 straight. */
function turn(a: Point, b: Point, c: Point): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

/**
 * True when two edges of the closed outline cross properly (each passes strictly through the
 * other). Touching at a vertex is allowed: a traced outline does that where its region meets
 * itself diagonally. O(n^2), fine for the outlines here (tens to a few hundred vertices).
 */
export function crossesItself(points: readonly Point[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i] as Point;
    const b = points[(i + 1) % n] as Point;
    // Edges next to each other share a vertex and cannot cross properly: start two further on.
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const c = points[j] as Point;
      const d = points[(j + 1) % n] as Point;
      if (turn(a, b, c) * turn(a, b, d) < 0 && turn(c, d, a) * turn(c, d, b) < 0) return true;
    }
  }
  return false;
}

/** Tolerances tried in turn: Douglas-Peucker can cut across a narrow neck of a raster contour. */
const TOLERANCE_STEPS = [1, 0.5, 0.25];

/**
 * The object's outline in crop pixels, simplified to tolerance pixels (less where that would
 * make it cross itself, which no polygon reader accepts); [] when nothing was found.
 */
export function maskToPolygon(mask: Uint8Array, width: number, height: number, tolerance = 1): Point[] {
  const region = fillHoles(largestRegion(mask, width, height), width, height);
  const outline = traceOutline(region, width, height);
  if (outline.length < 3) return [];
  for (const step of TOLERANCE_STEPS) {
    const simplified = simplifyPolygon({ id: '', kind: 'polygon', label: '', points: outline }, tolerance * step).points;
    if (!crossesItself(simplified)) return simplified;
  }
  // The trace follows pixel edges around one region, so it never crosses itself.
  return outline;
}
