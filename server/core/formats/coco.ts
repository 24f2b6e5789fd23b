// COCO object detection / instance segmentation JSON. Image and annotation ids start at 1 and
// follow the input order, so the same project exports the same file twice. Categories are the
// class table in class id order, used or not, each with its own COCO id or one from the base
// (class-numbering.ts): a model trained on an earlier export keeps its category ids.
import type { AnnotationType } from '@/server/core/types';
import {
  addMatched,
  boundsOutline,
  createExportPreparer,
  exportAllAtOnce,
  importEachFile,
  readJsonFile,
  importedShape,
  isFiniteNumber,
  isRecord,
  round,
  type DatasetExporter,
  type ExportItem,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
} from './common';
import { createClassNumbering, DEFAULT_COCO_ID_BASE, exportClass, type ExportLabel, type ExportOptions } from './class-numbering';
import { polygonArea, shapeBounds, shapeOutline, type Point } from './geometry';

export const COCO_PATH = 'annotations/instances.json';

export interface CocoImage {
  id: number;
  file_name: string;
  width: number;
  height: number;
}

export interface CocoAnnotation {
  id: number;
  image_id: number;
  category_id: number;
  /** One flat [x1, y1, x2, y2, …] outline; a box is written as its 4 corners. */
  segmentation: number[][];
  area: number;
  bbox: [number, number, number, number];
  iscrowd: 0;
}

export interface CocoCategory {
  id: number;
  name: string;
  supercategory: string;
}

export interface CocoDataset {
  info: { description: string; version: string };
  licenses: never[];
  images: CocoImage[];
  annotations: CocoAnnotation[];
  categories: CocoCategory[];
}

export function buildCocoDataset(items: readonly ExportItem[], labels: readonly ExportLabel[], type: AnnotationType, options?: ExportOptions): CocoDataset {
  const builder = createCocoBuilder(labels, type, options);
  builder.add(items);
  return builder.dataset();
}

// COCO is one JSON for the whole dataset: pages are added one by one, but only the dataset
// (not the images' records) is kept until the end.
function createCocoBuilder(labels: readonly ExportLabel[], type: AnnotationType, options?: ExportOptions) {
  const preparer = createExportPreparer(labels, type);
  const classes = labels.map(exportClass).filter((entry) => entry.name !== '');
  const numbering = createClassNumbering(classes, (entry) => entry.cocoId, options?.cocoIdBase ?? DEFAULT_COCO_ID_BASE);
  const images: CocoImage[] = [];
  const annotations: CocoAnnotation[] = [];
  return {
    add(items: readonly ExportItem[]): void {
      for (const { image, objects } of preparer.prepare(items)) {
        const imageId = images.length + 1;
        for (const { label, shape } of objects) {
          const bounds = shapeBounds(shape);
          const outline = shapeOutline(shape);
          annotations.push({
            id: annotations.length + 1,
            image_id: imageId,
            category_id: numbering.numberOf(label),
            segmentation: [outline.flatMap((p) => [round(p.x), round(p.y)])],
            area: round(shape.kind === 'box' ? (bounds.xMax - bounds.xMin) * (bounds.yMax - bounds.yMin) : polygonArea(outline)),
            bbox: [round(bounds.xMin), round(bounds.yMin), round(bounds.xMax - bounds.xMin), round(bounds.yMax - bounds.yMin)],
            iscrowd: 0,
          });
        }
        images.push({ id: imageId, file_name: image.relPath, width: image.width, height: image.height });
      }
    },
    dataset(): CocoDataset {
      return {
        info: { description: 'Exported by Labelport', version: '1.0' },
        licenses: [],
        images,
        annotations,
        categories: numbering.entries().map(({ name, number }) => ({ id: number, name, supercategory: '' })),
      };
    },
  };
}

/** `annotations/instances.json`; file_name is the image's path relative to the project folder. */
export const exportCocoPages: DatasetExporter = (labels, type, options) => {
  const builder = createCocoBuilder(labels, type, options);
  return {
    add: (items) => {
      builder.add(items);
      return [];
    },
    finish: () => [{ path: COCO_PATH, content: JSON.stringify(builder.dataset()) }],
  };
};
export const exportCoco = exportAllAtOnce(exportCocoPages);

/** Every `.json` file given is read as a COCO dataset. */
export function importCoco(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  return importEachFile(files, images, options, '.json', ({ file, result, matcher, nextId, error }) => {
    const data = readJsonFile(file, error);
    if (data === undefined) return;
    if (!isRecord(data) || !Array.isArray(data.images) || !Array.isArray(data.annotations)) {
      error('not a COCO dataset (no images and annotations lists)');
      return;
    }
    const categories = new Map<number, string>();
    for (const category of Array.isArray(data.categories) ? data.categories : []) {
      if (isRecord(category) && isFiniteNumber(category.id) && typeof category.name === 'string') {
        categories.set(category.id, category.name);
        result.labels.push(category.name);
        result.classNumbers ??= new Map();
        // The first id a name is seen with: a second category of one name cannot be its id too.
        if (!result.classNumbers.has(category.name)) result.classNumbers.set(category.name, { cocoId: category.id });
      } else error(`category ${JSON.stringify(category)} needs a numeric id and a name`);
    }
    const targets = new Map<number, { target: ImportTarget | null; name: string }>();
    for (const image of data.images) {
      if (!isRecord(image) || !isFiniteNumber(image.id) || typeof image.file_name !== 'string') {
        error(`image ${JSON.stringify(image)} needs a numeric id and a file_name`);
        continue;
      }
      const target = matcher.match([image.file_name]);
      targets.set(image.id, { target, name: image.file_name });
      if (!target) result.unmatched.push(image.file_name);
      else {
        addMatched(result, target.relPath, []);
        if (isFiniteNumber(image.width) && isFiniteNumber(image.height) && (image.width !== target.width || image.height !== target.height)) {
          error(`${image.file_name} is ${image.width}x${image.height} in the file but ${target.width}x${target.height} in the project; coordinates used as they are`);
        }
      }
    }
    data.annotations.forEach((annotation: unknown, i) => {
      if (!isRecord(annotation)) return error(`annotation #${i + 1} is not an object`);
      const name = `annotation ${String(annotation.id ?? `#${i + 1}`)}`;
      const image = isFiniteNumber(annotation.image_id) ? targets.get(annotation.image_id) : undefined;
      if (!image) return error(`${name} refers to image_id ${String(annotation.image_id)}, which is not in images`);
      const label = isFiniteNumber(annotation.category_id) ? categories.get(annotation.category_id) : undefined;
      if (label === undefined) return error(`${name} refers to category_id ${String(annotation.category_id)}, which is not in categories`);
      if (!image.target) return;
      const outlines = cocoOutlines(annotation, type);
      if (outlines.length === 0) return error(`${name} has neither a usable bbox nor a polygon segmentation`);
      for (const outline of outlines) {
        const shape = importedShape(outline, label, type, image.target, nextId());
        if (shape) addMatched(result, image.target.relPath, [shape]);
        else error(`${name} has no area inside ${image.name} and was skipped`);
      }
    });
  });
}

/** Polygons for a seg project (one shape per part), else the bbox; RLE masks fall back to the bbox. */
function cocoOutlines(annotation: Record<string, unknown>, type: AnnotationType): Point[][] {
  const polygons = Array.isArray(annotation.segmentation)
    ? annotation.segmentation.filter((part): part is number[] => Array.isArray(part) && part.length >= 6 && part.length % 2 === 0 && part.every(isFiniteNumber))
    : [];
  const asPoints = (flat: number[]) => flat.flatMap((value, i) => (i % 2 === 0 ? [{ x: value, y: flat[i + 1] ?? 0 }] : []));
  const bbox = annotation.bbox;
  const box = Array.isArray(bbox) && bbox.length === 4 && bbox.every(isFiniteNumber) ? (bbox as number[]) : null;
  if (type === 'seg' && polygons.length > 0) return polygons.map(asPoints);
  if (box) {
    const [x = 0, y = 0, w = 0, h = 0] = box;
    return [boundsOutline(x, y, x + w, y + h)];
  }
  // No bbox: the union of the polygon parts gives one box.
  return polygons.length > 0 ? [polygons.flatMap(asPoints)] : [];
}
