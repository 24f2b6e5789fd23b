// What a COCO import keeps for the next COCO export (DatasetFields' `coco` key), and readers
// that trust nothing of it: the stored JSON may come from an older or hand-edited database.
import type { DatasetFields } from '@/server/core/types';
import { isFiniteNumber, isRecord } from './common';
import { polygonBounds, type Bounds, type Point } from './geometry';

/** shape.dataset.coco */
export interface CocoShapeFields {
  /** The annotation as the file had it; without its segmentation when split into parts. */
  annotation: Record<string, unknown>;
  /** Its place in its file's annotations: the export's order, and which parts are one object. */
  index: number;
  /** A polygon part: its ring as written (a closed ring keeps its repeated first vertex). */
  polygon?: number[];
  part?: number;
  /** How many polygons the annotation had: each became a shape of its own. */
  parts?: number;
}

/** image's dataset.coco */
export interface CocoImageFields {
  /** The file that listed the image, relative to the import (a subset: instances_val.json). */
  file: string;
  image: Record<string, unknown>;
  index: number;
}

/** One file of the import: every top-level field but the lists, and its categories. */
export interface CocoFileFields {
  path: string;
  top: Record<string, unknown>;
  categories: Array<Record<string, unknown>>;
}

/** project's dataset.coco */
export interface CocoProjectFields {
  files: CocoFileFields[];
}

export function readShapeFields(dataset: DatasetFields | undefined): CocoShapeFields | undefined {
  const fields = dataset?.coco;
  if (!fields || !isRecord(fields.annotation) || !isFiniteNumber(fields.index)) return undefined;
  const polygon = Array.isArray(fields.polygon) && fields.polygon.every(isFiniteNumber) ? (fields.polygon as number[]) : undefined;
  const part = isFiniteNumber(fields.part) ? fields.part : undefined;
  const parts = isFiniteNumber(fields.parts) && polygon ? fields.parts : undefined;
  return { annotation: fields.annotation, index: fields.index, ...(polygon ? { polygon } : {}), ...(part === undefined ? {} : { part }), ...(parts === undefined ? {} : { parts }) };
}

export function readImageFields(dataset: DatasetFields | undefined): CocoImageFields | undefined {
  const fields = dataset?.coco;
  if (!fields || typeof fields.file !== 'string' || !isRecord(fields.image) || !isFiniteNumber(fields.index)) return undefined;
  return { file: fields.file, image: fields.image, index: fields.index };
}

export function readProjectFields(dataset: DatasetFields | undefined): CocoProjectFields {
  const files = Array.isArray(dataset?.coco?.files) ? dataset.coco.files : [];
  return {
    files: files.flatMap((file: unknown) =>
      isRecord(file) && typeof file.path === 'string' && isRecord(file.top)
        ? [{ path: file.path, top: file.top, categories: Array.isArray(file.categories) ? file.categories.filter(isRecord) : [] }]
        : [],
    ),
  };
}

export const ringPoints = (flat: readonly number[]): Point[] => flat.flatMap((value, i) => (i % 2 === 0 ? [{ x: value, y: flat[i + 1] ?? 0 }] : []));

/** A ring written closed: its last vertex repeats its first (Roboflow writes them so). */
export function isClosedRing(flat: readonly number[]): boolean {
  const n = flat.length;
  return n >= 8 && flat[0] === flat[n - 2] && flat[1] === flat[n - 1];
}

/** The vertices the editor gets: a closed ring without its repeat, so it starts where the file does. */
export const openRing = (flat: readonly number[]): Point[] => ringPoints(isClosedRing(flat) ? flat.slice(0, -2) : flat);

export function bboxBounds(bbox: unknown): Bounds | null {
  if (!Array.isArray(bbox) || bbox.length !== 4 || !bbox.every(isFiniteNumber)) return null;
  const [x = 0, y = 0, w = 0, h = 0] = bbox as number[];
  return { xMin: x, yMin: y, xMax: x + w, yMax: y + h };
}

const HALF_PIXEL = 0.5;

export const sameBoundsWithin = (a: Bounds, b: Bounds) =>
  Math.max(Math.abs(a.xMin - b.xMin), Math.abs(a.yMin - b.yMin), Math.abs(a.xMax - b.xMax), Math.abs(a.yMax - b.yMax)) <= HALF_PIXEL;

export const samePointsWithin = (a: readonly Point[], b: readonly Point[]) =>
  a.length === b.length && a.every((p, i) => Math.abs(p.x - (b[i]?.x ?? NaN)) <= HALF_PIXEL && Math.abs(p.y - (b[i]?.y ?? NaN)) <= HALF_PIXEL);

/** How far outside the image an outline reaches, or null when it lies inside (half a pixel of slack). */
export function outsideBy(outline: readonly Point[], width: number, height: number): Bounds | null {
  const b = polygonBounds(outline);
  return b.xMin < -HALF_PIXEL || b.yMin < -HALF_PIXEL || b.xMax > width + HALF_PIXEL || b.yMax > height + HALF_PIXEL ? b : null;
}
