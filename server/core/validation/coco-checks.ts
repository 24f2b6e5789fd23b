// The "after" checks of a COCO file, one record at a time, so a writer that streams its JSON
// can call them as each record goes out: checkCocoTop, then checkCocoCategory for each
// category, checkCocoImage for each image, checkCocoAnnotation for each annotation.
// checkCocoFile runs them over a whole file for the writer that builds it in one piece.
import { isFiniteNumber, isRecord } from '../formats/common';
import type { AddEntry } from './written-checks';

/** Seen ids: a bit per small whole number (COCO ids are 1..n), a Set for the rest. */
export function createIdSet() {
  let bits = new Uint8Array(1024);
  const others = new Set<unknown>();
  const SMALL = 1 << 28;
  return {
    /** False when the id was seen before. */
    add(id: unknown): boolean {
      if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < SMALL) {
        const byte = id >> 3;
        if (byte >= bits.length) {
          const grown = new Uint8Array(Math.max(byte + 1, bits.length * 2));
          grown.set(bits);
          bits = grown;
        }
        const mask = 1 << (id & 7);
        if ((bits[byte] ?? 0) & mask) return false;
        bits[byte] = (bits[byte] ?? 0) | mask;
        return true;
      }
      const key = typeof id === 'number' ? id : JSON.stringify(id);
      if (others.has(key)) return false;
      others.add(key);
      return true;
    },
    has(id: unknown): boolean {
      if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < SMALL) return (((bits[id >> 3] ?? 0) >> (id & 7)) & 1) === 1;
      return others.has(typeof id === 'number' ? id : JSON.stringify(id));
    },
  };
}

export interface CocoFileCheck {
  /** The file's path in the zip, named in every entry. */
  path: string;
  categories: ReturnType<typeof createIdSet>;
  images: ReturnType<typeof createIdSet>;
  annotations: ReturnType<typeof createIdSet>;
  /** Image id → size, for the bbox-inside-image check (two numbers an image). */
  sizes: Map<unknown, [number, number]>;
  /** Image id → file_name, so an entry names the image. */
  names: Map<unknown, string>;
  add: AddEntry;
}

export const createCocoFileCheck = (path: string, add: AddEntry): CocoFileCheck => ({
  path,
  categories: createIdSet(),
  images: createIdSet(),
  annotations: createIdSet(),
  sizes: new Map(),
  names: new Map(),
  add,
});

const project = (check: CocoFileCheck, rule: 'coco-missing-info' | 'duplicate-id', detail: string) => check.add({ rule, imageUuid: '', relPath: '', detail: `${check.path}: ${detail}` });

/** The file's top-level fields (everything but the three lists). pycocotools' loadRes copies info and licenses. */
export function checkCocoTop(check: CocoFileCheck, top: Record<string, unknown>): void {
  const missing = ['info', 'licenses'].filter((key) => !(key in top));
  if (missing.length > 0) project(check, 'coco-missing-info', `no ${missing.join(' and ')}`);
}

export function checkCocoCategory(check: CocoFileCheck, category: unknown): void {
  const id = isRecord(category) ? category.id : undefined;
  if (!check.categories.add(id)) project(check, 'duplicate-id', `category id ${String(id)} twice`);
}

export function checkCocoImage(check: CocoFileCheck, image: unknown, imageUuid = ''): void {
  if (!isRecord(image)) return;
  const relPath = typeof image.file_name === 'string' ? image.file_name : '';
  if (!check.images.add(image.id)) check.add({ rule: 'duplicate-id', imageUuid, relPath, detail: `${check.path}: image id ${String(image.id)} twice` });
  if (isFiniteNumber(image.width) && isFiniteNumber(image.height)) check.sizes.set(image.id, [image.width, image.height]);
  check.names.set(image.id, relPath);
}

/** Needs the file's categories and images checked first (the order the streamed writer can keep). */
export function checkCocoAnnotation(check: CocoFileCheck, annotation: unknown, imageUuid = ''): void {
  if (!isRecord(annotation)) return;
  const relPath = check.names.get(annotation.image_id) ?? '';
  const add = (rule: Parameters<AddEntry>[0]['rule'], detail: string) => check.add({ rule, imageUuid, relPath, detail: `${check.path} annotation ${String(annotation.id)}: ${detail}` });
  if (!check.annotations.add(annotation.id)) add('duplicate-id', 'id used twice');
  if (!check.categories.has(annotation.category_id)) add('coco-unknown-category', `category_id ${String(annotation.category_id)} is not in categories`);
  if (!check.images.has(annotation.image_id)) add('duplicate-id', `image_id ${String(annotation.image_id)} names no image`);
  const { segmentation, bbox } = annotation;
  if (Array.isArray(segmentation)) {
    segmentation.forEach((ring: unknown, i) => {
      if (!Array.isArray(ring)) return;
      if (ring.length === 4) add('polygon-few-points', `segmentation ${i + 1} has 4 numbers: pycocotools reads it as a box`);
      else if (ring.length < 6 || ring.length % 2 !== 0) add('polygon-few-points', `segmentation ${i + 1} has ${ring.length} numbers`);
    });
  }
  if (!Array.isArray(bbox) || bbox.length !== 4 || !bbox.every(isFiniteNumber)) return add('zero-area', 'bbox is not 4 numbers');
  const [x, y, w, h] = bbox as [number, number, number, number];
  if (w <= 0 || h <= 0) add('zero-area', `bbox of ${w} x ${h}`);
  const size = check.sizes.get(annotation.image_id);
  // Two hundredths: the writer rounds coordinates to two decimals.
  if (size && (x < -0.01 || y < -0.01 || x + w > size[0] + 0.01 || y + h > size[1] + 0.01)) add('outside-image', `bbox [${bbox.join(', ')}] on a ${size[0]} x ${size[1]} image`);
}

/** A whole COCO file as written: categories first, so an annotation's category is judged against all of them. */
export function checkCocoFile(path: string, content: string, add: AddEntry): void {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return add({ rule: 'coco-missing-info', imageUuid: '', relPath: '', detail: `${path}: not JSON` });
  }
  if (!isRecord(data)) return;
  const check = createCocoFileCheck(path, add);
  const { images, annotations, categories, ...top } = data;
  checkCocoTop(check, top);
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  list(categories).forEach((category) => checkCocoCategory(check, category));
  list(images).forEach((image) => checkCocoImage(check, image));
  list(annotations).forEach((annotation) => checkCocoAnnotation(check, annotation));
}
