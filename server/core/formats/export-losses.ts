// What a dataset export cannot hold of the project: shapes it has to change (polygons written
// as boxes) and the fields another format brought in that this one has no place for. A
// section of the zip's report.md and report.json, so nobody finds out from a training run.
import type { DatasetFields } from '../types';
import type { ReportSection } from '../validation/export-report';
import type { ExportItem } from './common';

export type DatasetFormatKey = 'coco' | 'voc' | 'yolo' | 'labelme';

export const TITLES: Record<DatasetFormatKey, string> = { coco: 'COCO', voc: 'Pascal VOC', yolo: 'YOLO', labelme: 'labelme' };
/** Pascal VOC has boxes only; the others keep outlines. */
const HOLDS_POLYGONS: Record<DatasetFormatKey, boolean> = { coco: true, voc: false, yolo: true, labelme: true };

type Level = 'shape' | 'image' | 'project';
type Values = Record<string, unknown>;

const record = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A record's own field names, less those every format has a place for (label, geometry, size). */
const namesBut = (value: unknown, held: readonly string[]) => Object.keys(record(value)).filter((name) => !held.includes(name));
const xmlNames = (value: unknown, held: readonly string[]) =>
  list(value).flatMap((node) => {
    const name = record(node).name;
    return typeof name === 'string' && !held.includes(name) ? [name] : [];
  });

/** What each format kept (see its *-fields.ts), named as the format names it. */
const FIELD_NAMES: Record<DatasetFormatKey, Record<Level, (values: Values) => string[]>> = {
  coco: {
    shape: (v) => [
      ...namesBut(v.annotation, ['bbox', 'area', 'category_id', 'image_id', 'segmentation']),
      ...(record(v.annotation).segmentation && !Array.isArray(record(v.annotation).segmentation) ? ['segmentation (RLE mask)'] : []),
      ...(Number(v.parts) > 1 ? ['one object of several polygons (written as one object each)'] : []),
    ],
    image: (v) => [...namesBut(v.image, ['file_name', 'width', 'height']), ...(typeof v.file === 'string' ? [`subset file (${v.file})`] : [])],
    project: (v) => list(v.files).flatMap((file) => [...Object.keys(record(record(file).top)), ...list(record(file).categories).flatMap((c) => namesBut(c, ['id', 'name']).map((n) => `categories.${n}`))]),
  },
  voc: {
    shape: (v) => [...xmlNames(v.elements, ['name', 'bndbox']), ...Object.keys(record(v.attributes)).map((n) => `@${n}`)],
    image: (v) => xmlNames(v.elements, ['filename', 'size', 'path', 'folder']),
    project: () => [],
  },
  yolo: {
    shape: (v) => (Number(v.extra) > 0 ? ['extra columns after the box'] : []),
    image: () => [],
    project: () => [],
  },
  labelme: {
    shape: (v) => namesBut(v.shape, ['label', 'points', 'shape_type']).filter((name) => record(v.shape)[name] !== null),
    image: (v) => [
      ...namesBut(v.record, ['imagePath', 'imageHeight', 'imageWidth', 'imageData', 'shapes']),
      ...list(v.otherShapes).map((other) => `${String(record(record(other).shape).shape_type)} shapes`),
    ],
    project: () => [],
  },
};

// Code-unit order: localeCompare may order differently on another machine, and the report must not.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const isDatasetFormat = (type: string): type is DatasetFormatKey => type in TITLES;

export interface CannotHold {
  /** 'geometry', or the format whose fields these are. */
  from: 'geometry' | DatasetFormatKey;
  what: string;
  shapes: number;
  images: number;
  project: boolean;
}

export function createLossReport(target: DatasetFormatKey, projectFields: DatasetFields | undefined) {
  let polygonsAsBoxes = 0;
  const fields = new Map<string, CannotHold>();
  const entry = (from: DatasetFormatKey, what: string) => {
    const key = `${from}\u0000${what}`;
    let found = fields.get(key);
    if (!found) fields.set(key, (found = { from, what, shapes: 0, images: 0, project: false }));
    return found;
  };
  /** Every field another format brought, by its name in that format: the target writes only its own. */
  const foreign = (dataset: DatasetFields | undefined, level: Level, count: (item: CannotHold) => void) => {
    for (const [format, values] of Object.entries(dataset ?? {})) {
      if (format === target || !isDatasetFormat(format) || !values) continue;
      for (const field of new Set(FIELD_NAMES[format][level](values))) count(entry(format, field));
    }
  };
  foreign(projectFields, 'project', (item) => void (item.project = true));

  return {
    add(item: ExportItem) {
      for (const shape of item.annotation.shapes) {
        if (shape.kind === 'polygon' && !HOLDS_POLYGONS[target]) polygonsAsBoxes += 1;
        foreign(shape.dataset, 'shape', (found) => void (found.shapes += 1));
      }
      foreign(item.annotation.dataset, 'image', (found) => void (found.images += 1));
    },

    /** The report's `cannot_hold` section; an empty list when the target holds everything. */
    section(): ReportSection {
      const items: CannotHold[] = [];
      if (polygonsAsBoxes > 0) items.push({ from: 'geometry', what: 'polygon outlines (written as their bounding boxes)', shapes: polygonsAsBoxes, images: 0, project: false });
      items.push(...[...fields.values()].sort((a, b) => compare(a.from, b.from) || compare(a.what, b.what)));
      const where = (item: CannotHold) =>
        [item.shapes ? `${item.shapes} shape${item.shapes === 1 ? '' : 's'}` : '', item.images ? `${item.images} image${item.images === 1 ? '' : 's'}` : '', item.project ? 'the project' : '']
          .filter(Boolean)
          .join(', ');
      const lines = items.map((item) =>
        item.from === 'geometry' ? `- ${item.shapes} ${item.what}.` : `- \`${item.what}\` from ${TITLES[item.from]}: on ${where(item)}; not written.`,
      );
      const heading = `## What ${TITLES[target]} cannot hold of this project`;
      return { key: 'cannot_hold', json: items, markdown: [heading, '', ...(lines.length > 0 ? lines : ['Nothing: every shape and field is written.'])] };
    },
  };
}
