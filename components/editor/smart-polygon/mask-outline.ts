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

/** The object's outline in crop pixels, simplified to tolerance pixels; [] when nothing was found. */
export function maskToPolygon(mask: Uint8Array, width: number, height: number, tolerance = 1): Point[] {
  const region = fillHoles(largestRegion(mask, width, height), width, height);
  const outline = traceOutline(region, width, height);
  if (outline.length < 3) return [];
  return simplifyPolygon({ id: '', kind: 'polygon', label: '', points: outline }, tolerance).points;
}
