// COCO import: every `.json` given is read as a dataset. Besides the shapes it keeps, for the
// next COCO export, each annotation record and image record verbatim, each file's top-level
// fields and categories, and which file listed which image (coco-fields.ts).
import type { AnnotationType, DatasetFields } from '@/server/core/types';
import {
  addMatched,
  boundsOutline,
  dirName,
  importEachFile,
  importedShape,
  isFiniteNumber,
  isRecord,
  normalisePath,
  readJsonFile,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
} from './common';
import { bboxBounds, openRing, outsideBy, ringPoints, type CocoFileFields, type CocoImageFields, type CocoShapeFields } from './coco-fields';
import type { Point } from './geometry';

const LISTS = new Set(['images', 'annotations', 'categories']);

export function importCoco(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  const kept: CocoFileFields[] = [];
  const result = importEachFile(files, images, options, '.json', ({ file, result, matcher, nextId, error }) => {
    const data = readJsonFile(file, error);
    if (data === undefined) return;
    if (!isRecord(data) || !Array.isArray(data.images) || !Array.isArray(data.annotations)) {
      error('not a COCO dataset (no images and annotations lists)');
      return;
    }
    const categories = new Map<number, string>();
    const fileCategories: Array<Record<string, unknown>> = [];
    for (const category of Array.isArray(data.categories) ? data.categories : []) {
      if (isRecord(category) && isFiniteNumber(category.id) && typeof category.name === 'string') {
        categories.set(category.id, category.name);
        fileCategories.push(category);
        result.labels.push(category.name);
        result.classNumbers ??= new Map();
        // The first id a name is seen with: a second category of one name cannot be its id too.
        if (!result.classNumbers.has(category.name)) result.classNumbers.set(category.name, { cocoId: category.id });
      } else error(`category ${JSON.stringify(category)} needs a numeric id and a name`);
    }
    kept.push({ path: file.path, top: Object.fromEntries(Object.entries(data).filter(([key]) => !LISTS.has(key))), categories: fileCategories });
    const targets = new Map<number, { target: ImportTarget | null; name: string }>();
    data.images.forEach((image: unknown, index) => {
      if (!isRecord(image) || !isFiniteNumber(image.id) || typeof image.file_name !== 'string') {
        error(`image ${JSON.stringify(image)} needs a numeric id and a file_name`);
        return;
      }
      // Beside the file first: a subset's file names its images by base name (train/_annotations.coco.json
      // lists 0001.jpg, which valid/ has too).
      const folder = dirName(normalisePath(file.path));
      const target = matcher.match(folder ? [normalisePath(`${folder}/${image.file_name}`), image.file_name] : [image.file_name]);
      targets.set(image.id, { target, name: image.file_name });
      if (!target) {
        result.unmatched.push(image.file_name);
        return;
      }
      addMatched(result, target.relPath, []);
      const fields: CocoImageFields = { file: file.path, image, index };
      result.imageFields ??= new Map();
      result.imageFields.set(target.relPath, { coco: { ...fields } });
      if (isFiniteNumber(image.width) && isFiniteNumber(image.height) && (image.width !== target.width || image.height !== target.height)) {
        error(`${image.file_name} is ${image.width}x${image.height} in the file but ${target.width}x${target.height} in the project; coordinates used as they are`);
      }
    });
    const seenIds = new Map<string, number>();
    data.annotations.forEach((annotation: unknown, index) => {
      if (!isRecord(annotation)) return error(`annotation #${index + 1} is not an object`);
      const name = `annotation ${String(annotation.id ?? `#${index + 1}`)}`;
      const image = isFiniteNumber(annotation.image_id) ? targets.get(annotation.image_id) : undefined;
      if (!image) return error(`${name} refers to image_id ${String(annotation.image_id)}, which is not in images`);
      const label = isFiniteNumber(annotation.category_id) ? categories.get(annotation.category_id) : undefined;
      if (label === undefined) return error(`${name} refers to category_id ${String(annotation.category_id)}, which is not in categories`);
      // pycocotools keys annotations by id: the export gives the later uses the file's next free ids.
      const key = String(annotation.id);
      const uses = (seenIds.get(key) ?? 0) + 1;
      seenIds.set(key, uses);
      if (uses === 2) error(`${name}: the id is used by more than one annotation of this file (the export gives the later ones new ids)`);
      const { target } = image;
      if (!target) return;
      const objects = cocoObjects(annotation, type, index);
      if (objects.length === 0) return error(`${name} has neither a usable bbox nor a polygon segmentation`);
      for (const { outline, fields } of objects) {
        const dataset: DatasetFields = { coco: { ...fields } };
        const shape = importedShape(outline, label, type, target, nextId(), dataset);
        if (!shape) {
          error(`${name} has no area inside ${image.name} and was skipped`);
          continue;
        }
        addMatched(result, target.relPath, [shape]);
        const outside = outsideBy(outline, target.width, target.height);
        if (outside) {
          const reach = `x ${round1(outside.xMin)}..${round1(outside.xMax)}, y ${round1(outside.yMin)}..${round1(outside.yMax)}`;
          error(`${name} reaches outside ${image.name} (${reach} in ${target.width}x${target.height}); the part outside was cut off`);
        }
      }
    });
  });
  if (kept.length > 0) result.projectFields = { coco: { files: kept } };
  return result;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A seg project gets one polygon per part of a polygon segmentation (each part knowing its
 * annotation, so the export joins them again); anything else, and every object in a bndbox
 * project, is its bbox: a box-only object, an RLE region (its mask is kept, not drawn).
 */
function cocoObjects(annotation: Record<string, unknown>, type: AnnotationType, index: number): Array<{ outline: Point[]; fields: CocoShapeFields }> {
  const segmentation = annotation.segmentation;
  const polygons = Array.isArray(segmentation) ? segmentation.filter(isFlatRing) : [];
  const usable = Array.isArray(segmentation) && polygons.length > 0 && polygons.length === segmentation.length;
  if (type === 'seg' && usable) {
    const { segmentation: _parts, ...rest } = annotation;
    return polygons.map((polygon, part) => ({ outline: openRing(polygon), fields: { annotation: rest, index, polygon, part, parts: polygons.length } }));
  }
  const box = bboxBounds(annotation.bbox);
  if (box) return [{ outline: boundsOutline(box.xMin, box.yMin, box.xMax, box.yMax), fields: { annotation, index } }];
  // No bbox: the union of the polygon parts gives one box.
  return polygons.length > 0 ? [{ outline: polygons.flatMap(ringPoints), fields: { annotation, index } }] : [];
}

const isFlatRing = (part: unknown): part is number[] => Array.isArray(part) && part.length >= 6 && part.length % 2 === 0 && part.every(isFiniteNumber);
