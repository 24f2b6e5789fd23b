// One YOLO label line as it was read, kept per shape so a same-format export writes it back:
// the class index, the coordinate tokens verbatim (their precision, a box line in a
// segmentation file, a closing repeat of the first vertex) and any extra column after a box
// (a confidence). Written back while the shape is where it was imported; once moved, its
// coordinates are computed again and the extra columns and a closed ring kept.
import type { AnnotationType, DatasetFields, Shape } from '@/server/core/types';
import { boundsOutline, importedShape } from './common';
import { shapeBounds, type PixelSize, type Point } from './geometry';

export interface YoloLineFields {
  /** The class index as the file wrote it. */
  class: number;
  /** Every token after the class, as written. */
  coordinates: string[];
  /** How many of them are extra columns after the box (a confidence). */
  extra: number;
  /** The polygon repeated its first vertex at the end. */
  closed: boolean;
}

/**
 * `cx cy w h` (plus one extra column, as detectors write a confidence) or `x1 y1 x2 y2 …`.
 * closed: the file repeated the first vertex at the end, as Roboflow writes rings.
 */
export function yoloOutline(numbers: readonly number[], size: PixelSize): { points: Point[]; closed: boolean; extra: number } | null {
  const { width, height } = size;
  if (numbers.length === 4 || numbers.length === 5) {
    const [cx = 0, cy = 0, w = 0, h = 0] = numbers;
    const points = boundsOutline((cx - w / 2) * width, (cy - h / 2) * height, (cx + w / 2) * width, (cy + h / 2) * height);
    return { points, closed: false, extra: numbers.length - 4 };
  }
  if (numbers.length < 6 || numbers.length % 2 !== 0) return null;
  const points = numbers.flatMap((value, i) => (i % 2 === 0 ? [{ x: value * width, y: (numbers[i + 1] ?? 0) * height }] : []));
  const first = points[0];
  const last = points[points.length - 1];
  // Without this the clipper drops the first vertex as the last one's duplicate, and the ring starts one later.
  const closed = points.length >= 4 && first !== undefined && last !== undefined && first.x === last.x && first.y === last.y;
  return { points: closed ? points.slice(0, -1) : points, closed, extra: 0 };
}

export const yoloLineFields = (fields: YoloLineFields): DatasetFields => ({ yolo: { ...fields } });

export function readYoloLineFields(dataset: DatasetFields | undefined): YoloLineFields | null {
  const yolo = dataset?.yolo;
  if (!yolo) return null;
  const { class: cls, coordinates, extra, closed } = yolo;
  if (typeof cls !== 'number' || !Array.isArray(coordinates) || !coordinates.every((t) => typeof t === 'string' && /^\S+$/.test(t))) return null;
  const count = typeof extra === 'number' && Number.isInteger(extra) && extra >= 0 && extra <= coordinates.length ? extra : 0;
  return { class: cls, coordinates: coordinates as string[], extra: count, closed: closed === true };
}

// Far below a pixel, above the float noise of canvas-to-pixel scaling.
const SAME_PX = 1e-3;

/** Whether the shape is still the one its stored line makes, as the import made it. */
export function lineUnchanged(fields: YoloLineFields, shape: Shape, type: AnnotationType, size: PixelSize): boolean {
  const outline = yoloOutline(fields.coordinates.map(Number), size);
  const imported = outline ? importedShape(outline.points, '', type, size, '') : null;
  if (!imported || imported.kind !== shape.kind) return false;
  if (imported.kind === 'box' || shape.kind === 'box') {
    const [a, b] = [shapeBounds(imported), shapeBounds(shape)];
    return [a.xMin - b.xMin, a.yMin - b.yMin, a.xMax - b.xMax, a.yMax - b.yMax].every((d) => Math.abs(d) < SAME_PX);
  }
  return imported.points.length === shape.points.length && imported.points.every((p, i) => {
    const q = shape.points[i];
    return q !== undefined && Math.abs(p.x - q.x) < SAME_PX && Math.abs(p.y - q.y) < SAME_PX;
  });
}
