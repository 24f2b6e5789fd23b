import type { EditorBox, EditorPolygon, EditorShape, Handle, ImageSize, Point, View } from './types';

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const clampPoint = (point: Point, size: ImageSize): Point => ({ x: clamp(point.x, 0, size.width), y: clamp(point.y, 0, size.height) });

/**
 * How far a shape spanning [min, max] on an axis of this length may move by delta: it stops at
 * the edge, but one already past it (imported, or from another tool) is not pulled in by a
 * click or a move that does not push it further out.
 */
export const moveWithin = (delta: number, min: number, max: number, length: number) => clamp(delta, Math.min(0, -min), Math.max(0, length - max));

/** The box spanned by two corners, in any order, kept inside the image. */
export function boxFromCorners(a: Point, b: Point, size: ImageSize): { x: number; y: number; w: number; h: number } {
  const p = clampPoint(a, size);
  const q = clampPoint(b, size);
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), w: Math.abs(p.x - q.x), h: Math.abs(p.y - q.y) };
}

/** Moves a box by (dx, dy) from its snapshot; it keeps its size and stays inside the image. */
export function moveBox(snapshot: EditorBox, dx: number, dy: number, size: ImageSize): EditorBox {
  const cx = moveWithin(dx, snapshot.x, snapshot.x + snapshot.w, size.width);
  const cy = moveWithin(dy, snapshot.y, snapshot.y + snapshot.h, size.height);
  return { ...snapshot, x: snapshot.x + cx, y: snapshot.y + cy };
}

/** Drags one handle of a box snapshot to point; flips past the opposite edge; never smaller than a box drawn (MIN_SHAPE_SIDE). */
export function resizeBox(snapshot: EditorBox, handle: Handle, point: Point, size: ImageSize): EditorBox {
  const p = clampPoint(point, size);
  let left = snapshot.x;
  let top = snapshot.y;
  let right = snapshot.x + snapshot.w;
  let bottom = snapshot.y + snapshot.h;
  if (handle.includes('w')) left = p.x;
  if (handle.includes('e')) right = p.x;
  if (handle.includes('n')) top = p.y;
  if (handle.includes('s')) bottom = p.y;
  const box = boxFromCorners({ x: left, y: top }, { x: right, y: bottom }, size);
  const horizontal = atLeastMinSide(box.x, box.w, handle.includes('w') ? { anchor: right, fromStart: true } : handle.includes('e') ? { anchor: left, fromStart: false } : null, p.x, size.width);
  const vertical = atLeastMinSide(box.y, box.h, handle.includes('n') ? { anchor: bottom, fromStart: true } : handle.includes('s') ? { anchor: top, fromStart: false } : null, p.y, size.height);
  return { ...snapshot, x: horizontal.start, y: vertical.start, w: horizontal.length, h: vertical.length };
}

/**
 * One side of a resized box, never shorter than a box drawn: a handle dragged onto the opposite
 * edge left a box the box tool would not draw. The edge not dragged (anchor) stays where it
 * is, and the box keeps to the handle's side of it (its own side until dragged past it); a
 * side no handle moves (an imported sliver) grows from its start. Kept inside the image: a
 * handle dragged past the far edge left it just outside.
 */
function atLeastMinSide(start: number, length: number, dragged: { anchor: number; fromStart: boolean } | null, handleAt: number, axisLength: number) {
  if (length >= MIN_SHAPE_SIDE) return { start, length };
  let grown = start;
  if (dragged) {
    const pastAnchor = dragged.fromStart ? handleAt > dragged.anchor : handleAt < dragged.anchor;
    grown = dragged.fromStart !== pastAnchor ? dragged.anchor - MIN_SHAPE_SIDE : dragged.anchor;
  }
  return { start: Math.max(0, Math.min(grown, axisLength - MIN_SHAPE_SIDE)), length: MIN_SHAPE_SIDE };
}

export function handlePoint(box: EditorBox, handle: Handle): Point {
  const x = handle.includes('w') ? box.x : handle.includes('e') ? box.x + box.w : box.x + box.w / 2;
  const y = handle.includes('n') ? box.y : handle.includes('s') ? box.y + box.h : box.y + box.h / 2;
  return { x, y };
}

export function movePolygon(snapshot: EditorPolygon, dx: number, dy: number, size: ImageSize): EditorPolygon {
  const xs = snapshot.points.map((p) => p.x);
  const ys = snapshot.points.map((p) => p.y);
  const cx = moveWithin(dx, Math.min(...xs), Math.max(...xs), size.width);
  const cy = moveWithin(dy, Math.min(...ys), Math.max(...ys), size.height);
  return { ...snapshot, points: snapshot.points.map((p) => ({ x: p.x + cx, y: p.y + cy })) };
}

export function moveVertex(polygon: EditorPolygon, index: number, point: Point, size: ImageSize): EditorPolygon {
  return { ...polygon, points: polygon.points.map((p, i) => (i === index ? clampPoint(point, size) : p)) };
}

export function insertVertex(polygon: EditorPolygon, edgeIndex: number, point: Point): EditorPolygon {
  const points = [...polygon.points];
  points.splice(edgeIndex + 1, 0, point);
  return { ...polygon, points };
}

/** Removes a vertex; a polygon never drops below 3 points. No such vertex: the same polygon, so nothing is recorded. */
export function removeVertex(polygon: EditorPolygon, index: number): EditorPolygon {
  if (polygon.points.length <= 3 || !(index >= 0 && index < polygon.points.length)) return polygon;
  return { ...polygon, points: polygon.points.filter((_, i) => i !== index) };
}

const samePoint = (a: Point | undefined, b: Point | undefined) => a !== undefined && b !== undefined && a.x === b.x && a.y === b.y;

/** The same outline with one vertex moved (a drag), or all moved alike (the shape moved). */
function movedAlike(before: readonly Point[], after: readonly Point[]): boolean {
  const offsets = before.map((p, i) => ({ x: (after[i] as Point).x - p.x, y: (after[i] as Point).y - p.y }));
  const first = offsets[0] ?? { x: 0, y: 0 };
  if (offsets.filter((d) => d.x !== 0 || d.y !== 0).length <= 1) return true;
  return offsets.every((d) => Math.abs(d.x - first.x) < 1e-6 && Math.abs(d.y - first.y) < 1e-6);
}

/**
 * Where vertex index of an outline is after an edit of it: shifted by a vertex inserted or
 * removed before it, null when it was the one removed or when the outline was redrawn
 * (simplified, replaced) and no vertex can be told to be it.
 */
export function followVertex(before: readonly Point[], after: readonly Point[], index: number): number | null {
  if (before === after) return index;
  const grown = after.length - before.length;
  if (grown === 0) return movedAlike(before, after) ? index : null;
  if (Math.abs(grown) !== 1) return null;
  const [longer, shorter] = grown > 0 ? [after, before] : [before, after];
  let at = 0;
  while (at < shorter.length && samePoint(longer[at], shorter[at])) at += 1;
  if (!shorter.slice(at).every((p, i) => samePoint(p, longer[at + 1 + i]))) return null;
  if (grown > 0) return index >= at ? index + 1 : index;
  return index === at ? null : index > at ? index - 1 : index;
}

/** The smallest side of a shape drawn on purpose: below it, it is a slip of the mouse or a click. */
export const MIN_SHAPE_SIDE = 2;

export function polygonArea(points: readonly Point[]): number {
  const twice = points.reduce((sum, a, i) => {
    const b = points[(i + 1) % points.length] as Point;
    return sum + a.x * b.y - b.x * a.y;
  }, 0);
  return Math.abs(twice) / 2;
}

/**
 * Whether drawn points make a polygon worth keeping: its box no smaller than the box tool
 * keeps (a bndbox project stores it as that box), its area at least the smallest triangle in
 * that box, so points in a line, or a point clicked twice, make none.
 */
export function enclosesArea(points: readonly Point[]): boolean {
  if (points.length < 3) return false;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  if (Math.max(...xs) - Math.min(...xs) < MIN_SHAPE_SIDE || Math.max(...ys) - Math.min(...ys) < MIN_SHAPE_SIDE) return false;
  return polygonArea(points) >= (MIN_SHAPE_SIDE * MIN_SHAPE_SIDE) / 2;
}

function distanceToSegment(p: Point, a: Point, b: Point): { distance: number; closest: Point } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0, 1);
  const closest = { x: a.x + t * dx, y: a.y + t * dy };
  return { distance: Math.hypot(p.x - closest.x, p.y - closest.y), closest };
}

/** The polygon edge nearest to point: its index (edge i runs from point i to i+1) and distance. */
export function nearestEdge(polygon: EditorPolygon, point: Point): { index: number; distance: number; closest: Point } {
  let best = { index: 0, distance: Infinity, closest: point };
  polygon.points.forEach((a, index) => {
    const b = polygon.points[(index + 1) % polygon.points.length] ?? a;
    const hit = distanceToSegment(point, a, b);
    if (hit.distance < best.distance) best = { index, ...hit };
  });
  return best;
}

export function pointInPolygon(point: Point, points: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i] as Point;
    const b = points[j] as Point;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The topmost shape under point (later shapes are drawn on top), within tolerance of a box edge. */
export function hitTest(shapes: readonly EditorShape[], point: Point, tolerance: number): EditorShape | null {
  for (let index = shapes.length - 1; index >= 0; index -= 1) {
    const shape = shapes[index] as EditorShape;
    if (shape.kind === 'box') {
      const inside = point.x >= shape.x - tolerance && point.x <= shape.x + shape.w + tolerance && point.y >= shape.y - tolerance && point.y <= shape.y + shape.h + tolerance;
      if (inside) return shape;
    } else if (pointInPolygon(point, shape.points) || nearestEdge(shape, point).distance <= tolerance) {
      return shape;
    }
  }
  return null;
}

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 40;

/** Zooms by factor keeping the image point under screenPoint where it is. */
export function zoomAround(view: View, factor: number, screenPoint: Point): View {
  const scale = clamp(view.scale * factor, MIN_SCALE, MAX_SCALE);
  const imageX = (screenPoint.x - view.x) / view.scale;
  const imageY = (screenPoint.y - view.y) / view.scale;
  return { scale, x: screenPoint.x - imageX * scale, y: screenPoint.y - imageY * scale };
}

/** The view showing the whole image centred in the viewport. */
/** How near (screen pixels) a press must come to a shape, handle or vertex to pick it. */
export const PICK_TOLERANCE_PX = 8;

export function fitView(image: ImageSize, viewport: ImageSize, padding = 24): View {
  const scale = clamp(Math.min((viewport.width - padding * 2) / image.width, (viewport.height - padding * 2) / image.height), MIN_SCALE, MAX_SCALE);
  return { scale, x: (viewport.width - image.width * scale) / 2, y: (viewport.height - image.height * scale) / 2 };
}

export const toImage = (view: View, screen: Point): Point => ({ x: (screen.x - view.x) / view.scale, y: (screen.y - view.y) / view.scale });
