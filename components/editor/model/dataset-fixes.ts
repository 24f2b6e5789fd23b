// The safe one-click fixes of "Check dataset": cut a shape at the image edge, or drop a shape
// no format can write (a box of no area, a polygon of fewer than 3 points). Pure, in image
// pixels; the workspace applies the result as one undo step per image.
import { clamp } from './geometry';
import type { EditorShape, ImageSize, Point } from './types';

export type DatasetFix = 'clip' | 'drop';

type Edge = { inside: (p: Point) => boolean; cut: (a: Point, b: Point) => Point };

// Sutherland–Hodgman against the four edges: clamping the vertices instead would bend a
// polygon that crosses an edge at a slant.
function clipPoints(points: readonly Point[], size: ImageSize): Point[] {
  const atX = (a: Point, b: Point, x: number): Point => ({ x, y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) });
  const atY = (a: Point, b: Point, y: number): Point => ({ x: a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y), y });
  const edges: Edge[] = [
    { inside: (p) => p.x >= 0, cut: (a, b) => atX(a, b, 0) },
    { inside: (p) => p.x <= size.width, cut: (a, b) => atX(a, b, size.width) },
    { inside: (p) => p.y >= 0, cut: (a, b) => atY(a, b, 0) },
    { inside: (p) => p.y <= size.height, cut: (a, b) => atY(a, b, size.height) },
  ];
  let current = [...points];
  for (const edge of edges) {
    const next: Point[] = [];
    current.forEach((point, i) => {
      const previous = current[(i + current.length - 1) % current.length] ?? point;
      if (edge.inside(point) !== edge.inside(previous)) next.push(edge.cut(previous, point));
      if (edge.inside(point)) next.push(point);
    });
    current = next;
  }
  return current.filter((p, i) => {
    const previous = current[(i + current.length - 1) % current.length];
    return !previous || previous === p || previous.x !== p.x || previous.y !== p.y;
  });
}

/** The part of the shape inside the image, or null when no area of it is. */
export function clipToImage(shape: EditorShape, size: ImageSize): EditorShape | null {
  if (shape.kind === 'box') {
    const x1 = clamp(Math.min(shape.x, shape.x + shape.w), 0, size.width);
    const x2 = clamp(Math.max(shape.x, shape.x + shape.w), 0, size.width);
    const y1 = clamp(Math.min(shape.y, shape.y + shape.h), 0, size.height);
    const y2 = clamp(Math.max(shape.y, shape.y + shape.h), 0, size.height);
    return x2 > x1 && y2 > y1 ? { ...shape, x: x1, y: y1, w: x2 - x1, h: y2 - y1 } : null;
  }
  const points = clipPoints(shape.points, size);
  return points.length >= 3 ? { ...shape, points } : null;
}

/** A shape no format can write: a box or polygon without area, a polygon of fewer than 3 points. */
function isDegenerate(shape: EditorShape): boolean {
  if (shape.kind === 'box') return shape.w === 0 || shape.h === 0;
  if (shape.points.length < 3) return true;
  const twiceArea = shape.points.reduce((sum, p, i) => {
    const q = shape.points[(i + 1) % shape.points.length] as Point;
    return sum + p.x * q.y - q.x * p.y;
  }, 0);
  return Math.abs(twiceArea) < 1e-9;
}

/**
 * The image's shapes with the fixes applied by shape id; the same array when nothing changed.
 * A drop takes only a shape that is still degenerate: a shape sharing the id (duplicate ids are
 * one of the findings) or one repaired since the check is kept.
 */
export function applyFixes(shapes: readonly EditorShape[], fixes: ReadonlyMap<string, DatasetFix>, size: ImageSize): EditorShape[] {
  let changed = false;
  const next = shapes.flatMap((shape) => {
    const fix = fixes.get(shape.id);
    if (!fix) return [shape];
    if (fix === 'drop' && !isDegenerate(shape)) return [shape];
    changed = true;
    if (fix === 'drop') return [];
    const clipped = clipToImage(shape, size);
    return clipped ? [clipped] : [];
  });
  return changed ? next : [...shapes];
}
