// COCO object detection / instance segmentation JSON. What an import brought (ids, file
// names, order, iscrowd with its RLE, attributes, unknown fields, info, licenses, one file per
// subset) is written back as it was: coco-fields.ts keeps it, docs/datasets.md says what
// happens to an edited object. Images and annotations without such fields (drawn here) get the
// next free ids of their file, in the project's order, after the imported ones. Categories
// are the class table in class id order, used or not, each with its own COCO id or one from
// the base (class-numbering.ts): a model trained on an earlier export keeps its category ids.
import type { AnnotationType, DatasetFields, Shape } from '@/server/core/types';
import { archivePath, createExportPreparer, exportAllAtOnce, round, type DatasetExporter, type ExportItem, type PixelObject } from './common';
import { createClassNumbering, DEFAULT_COCO_ID_BASE, exportClass, type ExportLabel, type ExportOptions } from './class-numbering';
import {
  bboxBounds,
  isClosedRing,
  openRing,
  readImageFields,
  readProjectFields,
  readShapeFields,
  sameBoundsWithin,
  samePointsWithin,
  type CocoShapeFields,
} from './coco-fields';
import { boundsCorners, polygonArea, polygonBounds, shapeBounds, shapeOutline, type Point } from './geometry';

export { importCoco } from './coco-import';

export const COCO_PATH = 'annotations/instances.json';

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

const DEFAULT_TOP = { info: { description: 'Exported by Labelport', version: '1.0' }, licenses: [] };

/** The default file's dataset (tests; a project with imported subsets writes several files). */
export function buildCocoDataset(items: readonly ExportItem[], labels: readonly ExportLabel[], type: AnnotationType, options?: ExportOptions): CocoDataset {
  const builder = createCocoBuilder(labels, type, options, {});
  builder.add(items);
  return JSON.parse(builder.files().find((file) => file.path === COCO_PATH)?.content ?? '{}') as CocoDataset;
}

interface Ordered<T> {
  /** Place in the imported file; Infinity for what was drawn here. */
  order: number;
  seq: number;
  record: T;
}

interface CocoFileBuilder {
  images: Array<Ordered<Record<string, unknown>>>;
  annotations: Array<Ordered<Record<string, unknown>> & { image: Record<string, unknown> }>;
}

const byOrder = (a: Ordered<unknown>, b: Ordered<unknown>) => a.order - b.order || a.seq - b.seq;

// COCO is one JSON per file: pages are added one by one, but only the datasets (not the
// images' records) are kept until the end, when new ids are handed out.
function createCocoBuilder(labels: readonly ExportLabel[], type: AnnotationType, options: ExportOptions | undefined, project: DatasetFields) {
  const preparer = createExportPreparer(labels, type);
  const classes = labels.map(exportClass).filter((entry) => entry.name !== '');
  const numbering = createClassNumbering(classes, (entry) => entry.cocoId, options?.cocoIdBase ?? DEFAULT_COCO_ID_BASE);
  const stored = readProjectFields(project).files;
  const files = new Map<string, CocoFileBuilder>();
  const fileOf = (path: string) => {
    let file = files.get(path);
    if (!file) files.set(path, (file = { images: [], annotations: [] }));
    return file;
  };
  for (const file of stored) if (archivePath(file.path)) fileOf(archivePath(file.path));
  if (stored.length === 0) fileOf(COCO_PATH);
  let seq = 0;

  return {
    add(items: readonly ExportItem[]): void {
      for (const { image, objects, dataset } of preparer.prepare(items)) {
        const fields = readImageFields(dataset);
        const file = fileOf((fields && archivePath(fields.file)) || COCO_PATH);
        const fileName = typeof fields?.image.file_name === 'string' ? fields.image.file_name : image.relPath;
        const record = { ...fields?.image, id: fields?.image.id, file_name: fileName, width: image.width, height: image.height };
        file.images.push({ order: fields?.index ?? Infinity, seq: seq++, record });
        for (const group of groupParts(objects)) {
          const written = annotationRecord(group);
          file.annotations.push({ order: group.fields?.index ?? Infinity, seq: seq++, image: record, record: { ...written, category_id: numbering.numberOf(group.label) } });
        }
      }
    },
    files() {
      return [...files].map(([path, file]) => {
        const own = stored.find((candidate) => archivePath(candidate.path) === path);
        const images = file.images.sort(byOrder).map((entry) => entry.record);
        giveIds(images);
        const annotations = file.annotations.sort(byOrder).map((entry) => Object.assign(entry.record, { image_id: entry.image.id }));
        giveIds(annotations);
        const categories = numbering.entries().map(({ name, number }) => {
          const kept = own?.categories.find((category) => category.name === name);
          return kept ? { ...kept, id: number, name } : { id: number, name, supercategory: '' };
        });
        const top = own ? { ...own.top } : { ...DEFAULT_TOP };
        return { path, content: JSON.stringify({ ...top, images, annotations, categories }) };
      });
    },
  };
}

/** Kept ids stay; the rest get the next ones after the largest of the file, in order. */
function giveIds(records: Array<Record<string, unknown>>) {
  let next = records.reduce((max, record) => (typeof record.id === 'number' && Number.isFinite(record.id) ? Math.max(max, record.id) : max), 0) + 1;
  for (const record of records) if (!(typeof record.id === 'number' && Number.isFinite(record.id))) record.id = next++;
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

const flat = (points: readonly Point[], closed = false) => [...points, ...(closed && points[0] ? [points[0]] : [])].flatMap((p) => [round(p.x), round(p.y)]);

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

/** One JSON per imported subset file (its own path), `annotations/instances.json` for the rest. */
export const exportCocoPages: DatasetExporter = (labels, type, options, project = {}) => {
  const builder = createCocoBuilder(labels, type, options, project);
  return {
    add: (items) => {
      builder.add(items);
      return [];
    },
    finish: () => builder.files(),
  };
};
export const exportCoco = exportAllAtOnce(exportCocoPages);
