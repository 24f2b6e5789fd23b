// What a LabelMe import keeps for the next LabelMe export (DatasetFields' `labelme` key), and
// readers that trust nothing of it: the stored JSON may come from an older database.
import type { DatasetFields, Shape } from '@/server/core/types';
import { isFiniteNumber, isRecord } from './common';
import { boundsCorners, polygonBounds, shapeBounds, shapeOutline, type Point } from './geometry';

/** A shape the workspace does not draw (line, circle, point, …), verbatim, and its place in the list. */
export interface OtherShape {
  index: number;
  shape: Record<string, unknown>;
}

/** image's dataset.labelme */
export interface LabelmeImageFields {
  /** The file's path in the import: the export writes it there again. */
  file: string;
  /** Every top-level field but shapes and imageData. */
  record: Record<string, unknown>;
  otherShapes: OtherShape[];
}

export function readLabelmeImage(dataset: DatasetFields | undefined): LabelmeImageFields | undefined {
  const fields = dataset?.labelme;
  if (!fields || typeof fields.file !== 'string' || !isRecord(fields.record)) return undefined;
  const others = Array.isArray(fields.otherShapes) ? fields.otherShapes : [];
  const otherShapes = others.flatMap((other: unknown) => (isRecord(other) && isFiniteNumber(other.index) && isRecord(other.shape) ? [{ index: other.index, shape: other.shape }] : []));
  return { file: fields.file, record: fields.record, otherShapes };
}

/** shape.dataset.labelme.shape: the shape as the file had it. */
export function readLabelmeShape(dataset: DatasetFields | undefined): Record<string, unknown> | undefined {
  const shape = dataset?.labelme?.shape;
  return isRecord(shape) ? shape : undefined;
}

const filePoints = (shape: Record<string, unknown>): Point[] =>
  (Array.isArray(shape.points) ? shape.points : []).flatMap((p: unknown) => (Array.isArray(p) && isFiniteNumber(p[0]) && isFiniteNumber(p[1]) ? [{ x: p[0], y: p[1] }] : []));

const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;

const samePoints = (a: readonly Point[], b: readonly Point[]) => a.length === b.length && a.every((p, i) => near(p.x, b[i]?.x ?? NaN) && near(p.y, b[i]?.y ?? NaN));

/**
 * Whether what is drawn is still what the file said, within half a pixel: a rectangle as a box
 * or its 4 corners (seg), a polygon as itself or its bounds (a bndbox project draws its box).
 */
export function sameOutline(kept: Record<string, unknown>, shape: Shape): boolean {
  const points = filePoints(kept);
  const fileBounds = polygonBounds(points);
  if (shape.kind === 'box') {
    const b = shapeBounds(shape);
    return near(fileBounds.xMin, b.xMin) && near(fileBounds.yMin, b.yMin) && near(fileBounds.xMax, b.xMax) && near(fileBounds.yMax, b.yMax);
  }
  return samePoints(shapeOutline(shape), kept.shape_type === 'rectangle' ? boundsCorners(fileBounds) : points);
}
