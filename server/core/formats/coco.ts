// COCO object detection / instance segmentation JSON. What an import brought (ids, file
// names, order, iscrowd with its RLE, attributes, unknown fields, info, licenses, one file per
// subset) is written back as it was: coco-fields.ts keeps it, docs/datasets.md says what
// happens to an edited object. Images and annotations without such fields (drawn here) get the
// next free ids of their file, in the project's order, after the imported ones; so does an
// imported one whose id a record before it in its file holds (every file's ids are unique,
// coco-writer.ts). Categories are the class table in class id order, used or not, each with
// its own COCO id or one from the base (class-numbering.ts): a model trained on an earlier
// export keeps its category ids.
import type { AnnotationType, Shape } from '@/server/core/types';
import { currentImageName, exportAllAtOnce, round, type DatasetExporter, type ExportItem, type PixelObject, type PreparedImage } from './common';
import type { ExportLabel, ExportOptions } from './class-numbering';
import { COCO_PATH, createCocoWriter } from './coco-writer';
import {
  bboxBounds,
  isClosedRing,
  openRing,
  readImageFields,
  readShapeFields,
  sameBoundsWithin,
  samePointsWithin,
  type CocoShapeFields,
} from './coco-fields';
import { boundsCorners, polygonArea, polygonBounds, shapeBounds, shapeOutline, type Point } from './geometry';

export { importCoco } from './coco-import';

export { COCO_PATH } from './coco-writer';

export interface CocoImage {
  id: number;
  file_name: string;
  width: number;
  height: number;
  [field: string]: unknown;
}

export interface CocoAnnotation {
  id: number;
  image_id: number;
  category_id: number;
  /** Flat [x1, y1, x2, y2, …] outlines (a box as its 4 corners), [] for a box-only object, or an RLE. */
  segmentation?: unknown;
  area: number;
  bbox: [number, number, number, number];
  iscrowd: number;
  [field: string]: unknown;
}

export interface CocoCategory {
  id: number;
  name: string;
  supercategory: string;
  [field: string]: unknown;
}

export interface CocoDataset {
  info: unknown;
  licenses: unknown[];
  images: CocoImage[];
  annotations: CocoAnnotation[];
  categories: CocoCategory[];
  [field: string]: unknown;
}

/** The default file's dataset (tests; a project with imported subsets writes several files). */
export async function buildCocoDataset(
  items: readonly ExportItem[],
  labels: readonly ExportLabel[],
  type: AnnotationType,
  options?: ExportOptions,
): Promise<CocoDataset> {
  const { files } = await exportCoco(items, labels, type, options);
  return JSON.parse(files.find((file) => file.path === COCO_PATH)?.content ?? '{}') as CocoDataset;
}

/** An image's record and its place in its imported file (Infinity: drawn here). */
function imageRecord({ image, dataset }: PreparedImage) {
  const fields = readImageFields(dataset);
  const fileName = typeof fields?.image.file_name === 'string' ? currentImageName(fields.image.file_name, image.relPath) : image.relPath;
  return { record: { ...fields?.image, id: fields?.image.id, file_name: fileName, width: image.width, height: image.height }, order: fields?.index ?? Infinity };
}

function annotationRecords({ objects }: PreparedImage, categoryOf: (label: string) => number) {
  return groupParts(objects).map((group) => ({ record: { ...annotationRecord(group), category_id: categoryOf(group.label) }, order: group.fields?.index ?? Infinity }));
}

/** What annotationRecords' records keep of an import (their id and place), without building them. */
function annotationKeys({ objects }: PreparedImage) {
  return groupParts(objects).map((group) => ({ record: { id: group.fields?.annotation.id }, order: group.fields?.index ?? Infinity }));
}

interface CocoGroup {
  label: string;
  fields: CocoShapeFields | undefined;
  shapes: Shape[];
}

/** The polygons of one imported annotation (shapes sharing its index on the image) become one object again. */
function groupParts(objects: readonly PixelObject[]): CocoGroup[] {
  const groups: CocoGroup[] = [];
  const byIndex = new Map<number, CocoGroup>();
  for (const { label, shape } of objects) {
    const fields = readShapeFields(shape.dataset);
    const joined = fields?.parts !== undefined ? byIndex.get(fields.index) : undefined;
    if (joined) {
      joined.shapes.push(shape);
      continue;
    }
    const group = { label, fields, shapes: [shape] };
    groups.push(group);
    if (fields?.parts !== undefined) byIndex.set(fields.index, group);
  }
  return groups;
}

/** x, y, x, y, … rounded; the first point again at the end when closed. A plain loop: a million boxes pass here. */
function flat(points: readonly Point[], closed = false): number[] {
  const out: number[] = [];
  for (const p of points) out.push(round(p.x), round(p.y));
  const first = points[0];
  if (closed && first) out.push(round(first.x), round(first.y));
  return out;
}

/** bbox and area of what is drawn now: written for an edited or new object. */
function geometry(shapes: readonly Shape[]) {
  const outlines = shapes.map(shapeOutline);
  const b = polygonBounds(outlines.flat());
  const area = shapes.reduce((sum, shape, i) => sum + (shape.kind === 'box' ? boxArea(shape) : polygonArea(outlines[i] ?? [])), 0);
  return { area: round(area), bbox: [round(b.xMin), round(b.yMin), round(b.xMax - b.xMin), round(b.yMax - b.yMin)] };
}

const boxArea = (shape: Shape) => {
  const b = shapeBounds(shape);
  return (b.xMax - b.xMin) * (b.yMax - b.yMin);
};

/**
 * The annotation as imported when it was not edited (within half a pixel), else the imported
 * record with its geometry made again from the shapes: polygons from the parts (a closed ring
 * closed again), a box-only object stays box-only, an RLE region becomes its edited outline
 * with its iscrowd kept (the mask cannot follow an edit).
 */
function annotationRecord(group: CocoGroup): Record<string, unknown> {
  const { fields } = group;
  let { shapes } = group;
  if (!fields) {
    return { id: undefined, image_id: 0, category_id: 0, segmentation: shapes.map((shape) => flat(shapeOutline(shape))), ...geometry(shapes), iscrowd: 0 };
  }
  const { annotation } = fields;
  if (fields.parts !== undefined) {
    // In the annotation's order, whatever order the editor left the shapes in.
    shapes = [...shapes].sort((a, b) => (readShapeFields(a.dataset)?.part ?? 0) - (readShapeFields(b.dataset)?.part ?? 0));
    const parts = shapes.map((shape) => readShapeFields(shape.dataset)?.polygon ?? []);
    const unedited = shapes.length === fields.parts && shapes.every((shape, i) => samePointsWithin(shapeOutline(shape), openRing(parts[i] ?? [])));
    if (unedited) return { ...annotation, segmentation: parts };
    return { ...annotation, segmentation: shapes.map((shape, i) => flat(shapeOutline(shape), isClosedRing(parts[i] ?? []))), ...geometry(shapes) };
  }
  const [shape] = shapes;
  const box = bboxBounds(annotation.bbox);
  if (shape && box && unmovedBox(shape, box)) return { ...annotation };
  const segmentation = annotation.segmentation;
  const kept = segmentation === undefined ? {} : { segmentation: Array.isArray(segmentation) && segmentation.length === 0 ? [] : shapes.map((s) => flat(shapeOutline(s))) };
  return { ...annotation, ...kept, ...geometry(shapes) };
}

/** A box, or the 4-corner polygon a box became in a seg project, still where the bbox says. */
function unmovedBox(shape: Shape, box: ReturnType<typeof bboxBounds> & object): boolean {
  if (shape.kind === 'box') return sameBoundsWithin(shapeBounds(shape), box);
  return samePointsWithin(shapeOutline(shape), boundsCorners(box));
}

/**
 * One JSON per imported subset file (its own path), `annotations/instances.json` for the rest;
 * with a split, one per side instead (`annotations/instances_train.json`, …). Streamed: see
 * coco-writer.ts.
 */
export const exportCocoPages: DatasetExporter = (labels, type, options, project = {}, layout = { bySplit: false }) =>
  createCocoWriter(labels, type, options, project, layout, { image: imageRecord, annotations: annotationRecords, annotationKeys });
export const exportCoco = exportAllAtOnce(exportCocoPages);
