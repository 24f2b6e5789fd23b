// Whole-shape operations the power tools are made of: group moves, conversions between boxes
// and polygons, simplification. Pure, in image pixels.
import { clipToImage } from './dataset-fixes';
import { moveWithin } from './geometry';
import type { EditorBox, EditorPolygon, EditorShape, ImageSize, Point } from './types';

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function shapeBounds(shape: EditorShape): Bounds {
  if (shape.kind === 'box') return { minX: shape.x, minY: shape.y, maxX: shape.x + shape.w, maxY: shape.y + shape.h };
  const xs = shape.points.map((p) => p.x);
  const ys = shape.points.map((p) => p.y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

function unionBounds(shapes: readonly EditorShape[]): Bounds | null {
  if (shapes.length === 0) return null;
  return shapes.map(shapeBounds).reduce((a, b) => ({ minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) }));
}

export function translate(shape: EditorShape, dx: number, dy: number): EditorShape {
  if (shape.kind === 'box') return { ...shape, x: shape.x + dx, y: shape.y + dy };
  return { ...shape, points: shape.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) };
}

/** Moves shapes together by (dx, dy) from their snapshots: the group stops at the image edge, keeping its layout. */
export function moveShapes(snapshots: readonly EditorShape[], dx: number, dy: number, size: ImageSize): EditorShape[] {
  const bounds = unionBounds(snapshots);
  if (!bounds) return [];
  const cx = moveWithin(dx, bounds.minX, bounds.maxX, size.width);
  const cy = moveWithin(dy, bounds.minY, bounds.maxY, size.height);
  return snapshots.map((shape) => translate(shape, cx, cy));
}

export function boxToPolygon(box: EditorBox): EditorPolygon {
  const { x, y, w, h } = box;
  return { id: box.id, kind: 'polygon', label: box.label, points: [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }] };
}

export function polygonToBox(polygon: EditorPolygon): EditorBox {
  const b = shapeBounds(polygon);
  return { id: polygon.id, kind: 'box', label: polygon.label, x: b.minX, y: b.minY, w: b.maxX - b.minX, h: b.maxY - b.minY };
}

/** Shapes lying wholly inside the rectangle spanned by a and b (a marquee). */
export function shapesInside(shapes: readonly EditorShape[], a: Point, b: Point): EditorShape[] {
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  return shapes.filter((shape) => {
    const s = shapeBounds(shape);
    return s.minX >= minX && s.maxX <= maxX && s.minY >= minY && s.maxY <= maxY;
  });
}

/** The midpoint of each edge (edge i runs from point i to i+1): where a ghost vertex sits. */
export function edgeMidpoints(polygon: EditorPolygon): Point[] {
  return polygon.points.map((a, index) => {
    const b = polygon.points[(index + 1) % polygon.points.length] ?? a;
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  });
}

function distanceToLine(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  return Math.abs(dy * p.x - dx * p.y + b.x * a.y - b.y * a.x) / length;
}

function douglasPeucker(points: readonly Point[], tolerance: number): Point[] {
  if (points.length < 3) return [...points];
  const first = points[0] as Point;
  const last = points[points.length - 1] as Point;
  let farthest = 0;
  let index = 0;
  for (let i = 1; i < points.length - 1; i += 1) {
    const distance = distanceToLine(points[i] as Point, first, last);
    if (distance > farthest) {
      farthest = distance;
      index = i;
    }
  }
  if (farthest <= tolerance) return [first, last];
  return [...douglasPeucker(points.slice(0, index + 1), tolerance).slice(0, -1), ...douglasPeucker(points.slice(index), tolerance)];
}

/**
 * Douglas-Peucker on a closed outline: split at the vertex farthest from the first, so both
 * halves are open chains, and never fewer than 3 points (a polygon stays a polygon).
 */
export function simplifyPolygon(polygon: EditorPolygon, tolerance: number): EditorPolygon {
  const points = polygon.points;
  if (points.length <= 3 || tolerance <= 0) return polygon;
  const start = points[0] as Point;
  let split = 1;
  points.forEach((p, i) => {
    const best = points[split] as Point;
    if (Math.hypot(p.x - start.x, p.y - start.y) > Math.hypot(best.x - start.x, best.y - start.y)) split = i;
  });
  const there = douglasPeucker(points.slice(0, split + 1), tolerance);
  const back = douglasPeucker([...points.slice(split), start], tolerance);
  const simplified = [...there.slice(0, -1), ...back.slice(0, -1)];
  if (simplified.length >= 3) return { ...polygon, points: simplified };
  // Too flat to keep three of its own corners by tolerance: keep the three that span it most.
  const third = points.reduce((best, p) => (distanceToLine(p, start, points[split] as Point) > distanceToLine(best, start, points[split] as Point) ? p : best), points[1] as Point);
  return { ...polygon, points: [start, points[split] as Point, third].sort((a, b) => points.indexOf(a) - points.indexOf(b)) };
}

/** Shapes clipped to an image of another size (polygons cut at its edges, not bent); shapes left with less than a pixel across are dropped. */
export function copiesFor(shapes: readonly EditorShape[], size: ImageSize, newId: () => string): EditorShape[] {
  return shapes.flatMap((shape): EditorShape[] => {
    const clipped = clipToImage(shape, size);
    if (!clipped) return [];
    const b = shapeBounds(clipped);
    return b.maxX - b.minX >= 1 && b.maxY - b.minY >= 1 ? [{ ...clipped, id: newId() }] : [];
  });
}

// The server stores a box as corners and answers width as x2 - x1: a drawn box's fractional
// coordinates come back a rounding error away.
const near = (a: number, b: number | undefined) => b !== undefined && Math.abs(a - b) < 1e-6;

/** The same label and outline, whatever the ids: a shape and its stored copy, or a copy of it. */
export function sameOutline(a: EditorShape, b: EditorShape): boolean {
  if (a.label !== b.label) return false;
  if (a.kind === 'box') return b.kind === 'box' && near(a.x, b.x) && near(a.y, b.y) && near(a.w, b.w) && near(a.h, b.h);
  return b.kind === 'polygon' && a.points.length === b.points.length && a.points.every((point, i) => near(point.x, b.points[i]?.x) && near(point.y, b.points[i]?.y));
}

/**
 * copiesFor() without those the image already has: copying the same shapes to the same images
 * twice (a second click of Copy, a range overlapping the last one) adds nothing the second time.
 */
export function copiesMissingFrom(existing: readonly EditorShape[], shapes: readonly EditorShape[], size: ImageSize, newId: () => string): EditorShape[] {
  return copiesFor(shapes, size, newId).filter((copy) => !existing.some((shape) => sameOutline(shape, copy)));
}

/** The shapes with label from renamed to; the same array when none has it (a state's identity says whether it changed). */
export function relabelShapes<S extends { label: string }>(shapes: S[], from: string, to: string): S[] {
  return shapes.some((shape) => shape.label === from) ? shapes.map((shape) => (shape.label === from ? { ...shape, label: to } : shape)) : shapes;
}
