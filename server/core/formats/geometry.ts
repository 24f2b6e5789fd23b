// Pixel-space geometry shared by every export and import format. classifai keeps shapes in
// the canvas space of the client, so every format goes through toPixelShapes first.
import type { BoxShape, ImageAnnotation, PolygonPoint, PolygonShape, Shape } from '@/server/core/types';

export interface PixelSize {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Bounds {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/**
 * Canvas-space shapes → pixel-space shapes of the upright image, box corners normalised
 * (x1 < x2, y1 < y2). A placement without a positive size means the shapes were never
 * placed by the client (imports, or never saved): they are taken as pixels already.
 * distanceToImg is a canvas offset and means nothing in pixels, so it is dropped.
 */
export function toPixelShapes(annotation: ImageAnnotation, image: PixelSize): Shape[] {
  const { placement } = annotation;
  const identity = !(placement.w > 0 && placement.h > 0);
  const scaleX = identity ? 1 : image.width / placement.w;
  const scaleY = identity ? 1 : image.height / placement.h;
  const px = (x: number) => (identity ? x : (x - placement.x) * scaleX);
  const py = (y: number) => (identity ? y : (y - placement.y) * scaleY);
  return annotation.shapes.map((shape): Shape => {
    if (shape.kind === 'box') {
      const [x1, x2] = ordered(px(shape.x1), px(shape.x2));
      const [y1, y2] = ordered(py(shape.y1), py(shape.y2));
      return { ...shape, x1, y1, x2, y2, distanceToImg: null };
    }
    return { ...shape, points: shape.points.map((p) => ({ x: px(p.x), y: py(p.y), distanceToImg: null })) };
  });
}

const ordered = (a: number, b: number): [number, number] => (a <= b ? [a, b] : [b, a]);

/** Shoelace area, always positive whatever the winding. */
export function polygonArea(points: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    if (a && b) twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

// A loop, not Math.min(...xs): spreading a polygon of 100k points overflows the stack.
export function polygonBounds(points: readonly Point[]): Bounds {
  if (points.length === 0) return { xMin: 0, yMin: 0, xMax: 0, yMax: 0 };
  const bounds = { xMin: Infinity, yMin: Infinity, xMax: -Infinity, yMax: -Infinity };
  for (const { x, y } of points) {
    bounds.xMin = Math.min(bounds.xMin, x);
    bounds.yMin = Math.min(bounds.yMin, y);
    bounds.xMax = Math.max(bounds.xMax, x);
    bounds.yMax = Math.max(bounds.yMax, y);
  }
  return bounds;
}

export function shapeBounds(shape: Shape): Bounds {
  if (shape.kind === 'box') {
    const [xMin, xMax] = ordered(shape.x1, shape.x2);
    const [yMin, yMax] = ordered(shape.y1, shape.y2);
    return { xMin, yMin, xMax, yMax };
  }
  return polygonBounds(shape.points);
}

/** Corners clockwise from the top left (image y grows downwards). */
export function boundsCorners(bounds: Bounds): Point[] {
  return [
    { x: bounds.xMin, y: bounds.yMin },
    { x: bounds.xMax, y: bounds.yMin },
    { x: bounds.xMax, y: bounds.yMax },
    { x: bounds.xMin, y: bounds.yMax },
  ];
}

/** The outline of any shape: a box becomes its four corners. */
export function shapeOutline(shape: Shape): Point[] {
  return shape.kind === 'box' ? boundsCorners(shapeBounds(shape)) : shape.points.map((p) => ({ x: p.x, y: p.y }));
}

/** Intersection with [0,width]x[0,height]; null when no area is left. */
export function clipBounds(bounds: Bounds, size: PixelSize): Bounds | null {
  const clipped = {
    xMin: clamp(bounds.xMin, 0, size.width),
    yMin: clamp(bounds.yMin, 0, size.height),
    xMax: clamp(bounds.xMax, 0, size.width),
    yMax: clamp(bounds.yMax, 0, size.height),
  };
  return clipped.xMax > clipped.xMin && clipped.yMax > clipped.yMin ? clipped : null;
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type Edge = { inside: (p: Point) => boolean; cut: (a: Point, b: Point) => Point };

// Sutherland–Hodgman against the four image edges: clamping vertices instead would
// distort a polygon that crosses an edge diagonally.
export function clipPolygon(points: readonly Point[], size: PixelSize): Point[] | null {
  const atX = (a: Point, b: Point, x: number): Point => ({ x, y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) });
  const atY = (a: Point, b: Point, y: number): Point => ({ x: a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y), y });
  const edges: Edge[] = [
    { inside: (p) => p.x >= 0, cut: (a, b) => atX(a, b, 0) },
    { inside: (p) => p.x <= size.width, cut: (a, b) => atX(a, b, size.width) },
    { inside: (p) => p.y >= 0, cut: (a, b) => atY(a, b, 0) },
    { inside: (p) => p.y <= size.height, cut: (a, b) => atY(a, b, size.height) },
  ];
  let current: Point[] = points.map((p) => ({ x: p.x, y: p.y }));
  for (const edge of edges) {
    const next: Point[] = [];
    current.forEach((point, i) => {
      const previous = current[(i + current.length - 1) % current.length] ?? point;
      const inNow = edge.inside(point);
      if (inNow !== edge.inside(previous)) next.push(edge.cut(previous, point));
      if (inNow) next.push(point);
    });
    current = next;
  }
  const deduped = current.filter((p, i) => {
    const previous = current[(i + current.length - 1) % current.length];
    return current.length === 1 || !previous || previous.x !== p.x || previous.y !== p.y;
  });
  return deduped.length >= 3 && polygonArea(deduped) > 0 ? deduped : null;
}

/** The part of a pixel-space shape inside the image, or null when nothing of it is. */
export function clipShape<S extends Shape>(shape: S, size: PixelSize): S | null {
  if (shape.kind === 'box') {
    const bounds = clipBounds(shapeBounds(shape), size);
    if (!bounds) return null;
    const box: BoxShape = { ...shape, x1: bounds.xMin, y1: bounds.yMin, x2: bounds.xMax, y2: bounds.yMax };
    return box as S;
  }
  const clipped = clipPolygon(shape.points, size);
  if (!clipped) return null;
  const points: PolygonPoint[] = clipped.map((p) => ({ x: p.x, y: p.y, distanceToImg: null }));
  const polygon: PolygonShape = { ...shape, points };
  return polygon as S;
}
