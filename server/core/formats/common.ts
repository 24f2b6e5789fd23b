// What the dataset exporters and importers share: their input and output shapes, the
// pixel-space objects of an image, label numbering, file stems and image matching.
import type { AnnotationType, BoxShape, DatasetFields, ImageAnnotation, ImageRecord, PolygonShape, Shape } from '@/server/core/types';
import { exportClass, type ExportLabel, type ExportOptions } from './class-numbering';
import { exportSide, layoutOf, type ExportLayout, type ExportSide } from './export-layout';
import { boundsCorners, clipShape, polygonBounds, shapeBounds, toPixelShapes, type Bounds, type PixelSize, type Point } from './geometry';

export interface ExportItem {
  image: ImageRecord;
  annotation: ImageAnnotation;
}

/** The export's report, at the root of every zip: no dataset file may take these names. */
export const EXPORT_REPORT_JSON = 'report.json';
export const EXPORT_REPORT_MD = 'report.md';

/** A file of the export, path relative to the archive root with `/` separators. */
export interface ExportFile {
  path: string;
  content: string;
}

/** A file too big to hold as one string (COCO's JSON of a big project): its text in pieces, made as they are written. */
export interface StreamedExportFile {
  path: string;
  chunks: AsyncIterable<string>;
}

export type WrittenFile = ExportFile | StreamedExportFile;

export const isStreamed = (file: WrittenFile): file is StreamedExportFile => 'chunks' in file;

export interface ExportResult {
  files: ExportFile[];
}

/**
 * The pages of the export again, from the first: for a file written in several passes. side:
 * only the images written on that side of a split layout (a file per side reads only its own).
 * shapes false: a pass that writes no shapes; its items' annotations may then come with none,
 * only the image's dataset fields (reading a million boxes again for nothing is most of a pass).
 */
export type ExportPages = (side?: ExportSide, read?: { shapes: boolean }) => AsyncIterable<readonly ExportItem[]>;

/** Sees each record of a streamed COCO file as it is written (the export's after-check). */
export interface CocoRecordObserver {
  /** The top-level fields and every category, before the first image. */
  start(top: Record<string, unknown>, categories: readonly unknown[]): void;
  image(record: Record<string, unknown>): void;
  annotation(record: Record<string, unknown>): void;
}

/** What watches the records of the files written at finish(), per file path. */
export interface WrittenRecordObservers {
  coco?: (path: string) => CocoRecordObserver;
}

/**
 * A dataset format's writer, fed a page of images at a time: each file comes out as soon as
 * it is complete. Pushed rather than pulled, so the export job decides when to pause between
 * pages (a format that writes one file for all images would otherwise read every page in one
 * go, and its progress would jump from 0 to 100%).
 */
export interface DatasetWriter {
  add(items: readonly ExportItem[]): ExportFile[];
  /**
   * The files that need every image (COCO's JSON, YOLO's classes.txt). A streamed one reads
   * the pages again while it is written, so no file of a big project sits in memory whole.
   */
  finish(pages: ExportPages, observers?: WrittenRecordObservers): WrittenFile[];
  /**
   * How many more times finish() reads every image (COCO: its images, then its annotations);
   * none when absent. The export's progress counts those reads too.
   */
  readonly laterPasses?: number;
}

/**
 * labels: the class table in class id order (a bare name: a class without numbers of its own).
 * project: the project's dataset fields (COCO info and subset files), {} when none.
 */
export type DatasetExporter = (
  labels: readonly ExportLabel[],
  type: AnnotationType,
  options?: ExportOptions,
  project?: DatasetFields,
  layout?: ExportLayout,
) => DatasetWriter;

export type ImportFile = ExportFile;

export interface ImportTarget {
  relPath: string;
  width: number;
  height: number;
}

export interface ImportResult {
  /** relPath → pixel-space shapes of the project's kind (an empty list: a file said "no objects"). */
  matched: Map<string, Shape[]>;
  /** Image names found in the input that match no image of the project. */
  unmatched: string[];
  /** Malformed input and skipped objects, one readable line each. */
  errors: string[];
  /** Labels the input declares (COCO categories, YOLO classes.txt) in its order; shapes name them too. */
  labels: string[];
  /** The numbers the input gives its declared labels (COCO category ids, YOLO class indexes). */
  classNumbers?: Map<string, { cocoId?: number; yoloIndex?: number }>;
  /** relPath → the image's own dataset fields (replacing its stored ones of the same format). */
  imageFields?: Map<string, DatasetFields>;
  /** The dataset's project-wide fields (replacing the stored ones of the same format). */
  projectFields?: DatasetFields;
}

export interface ImportOptions {
  /** Ids of the imported shapes; by default "1", "2", … in the order they are read. */
  nextId?: () => string;
}

export interface PixelObject {
  label: string;
  /** Pixel space, clipped to the image, of the project's kind. */
  shape: Shape;
  /** The shape reached outside the image and was cut at its edge. */
  truncated: boolean;
}

export interface PreparedImage {
  image: ImageRecord;
  /** The image's own dataset fields (a COCO image record, a labelme file's flags). */
  dataset?: DatasetFields;
  /** Path without extension, unique in the export, sub-folders kept. */
  stem: string;
  objects: PixelObject[];
}

export interface PreparedExport {
  images: PreparedImage[];
  /** The project's labels, then labels only found on shapes, in first-seen order. */
  labels: string[];
  labelIndex: Map<string, number>;
}

/** An export read page by page: each page's images are prepared as the page arrives. */
export interface ExportPreparer {
  prepare(items: readonly ExportItem[]): PreparedImage[];
  /** The project's labels, then labels only found on shapes so far, in first-seen order. */
  labels: string[];
  labelIndex: Map<string, number>;
}

/**
 * The objects an export writes. Only shapes of the project's kind (the only ones the client
 * shows) with a non-empty label: a class-less object cannot be written in YOLO or COCO and
 * would be a silent wrong class anywhere else. Parts outside the image are cut off. Stems
 * stay unique and labels keep their numbers across pages.
 */
export function createExportPreparer(labels: readonly ExportLabel[], type: AnnotationType): ExportPreparer {
  const kind = type === 'bndbox' ? 'box' : 'polygon';
  const takenStems = new Set<string>();
  const labelIndex = new Map<string, number>();
  const order: string[] = [];
  const addLabel = (label: string) => {
    if (!labelIndex.has(label)) {
      labelIndex.set(label, order.length);
      order.push(label);
    }
  };
  labels.map((label) => exportClass(label).name).filter((label) => label !== '').forEach(addLabel);
  const prepare = (items: readonly ExportItem[]) => {
    const stems = exportStems(items.map((item) => item.image.relPath), takenStems);
    return items.map((item, i): PreparedImage => {
      const objects: PixelObject[] = [];
      for (const shape of toPixelShapes(item.annotation, item.image)) {
        if (shape.kind !== kind || !shape.label) continue;
        const clipped = clipShape(shape, item.image);
        if (!clipped) continue;
        addLabel(shape.label);
        objects.push({ label: shape.label, shape: clipped, truncated: !sameBounds(shapeBounds(shape), shapeBounds(clipped)) });
      }
      const dataset = item.annotation.dataset;
      return { image: item.image, stem: stems[i] ?? item.image.relPath, objects, ...(dataset ? { dataset } : {}) };
    });
  };
  return { prepare, labels: order, labelIndex };
}

/** A format that writes one file per image and nothing shared. */
export function perImageExporter(fileOf: (entry: PreparedImage) => ExportFile): DatasetExporter {
  return (labels, type) => {
    const preparer = createExportPreparer(labels, type);
    return { add: (items) => preparer.prepare(items).map(fileOf), finish: () => [] };
  };
}

/** Every file of an export fed these pages in order, for callers that hold them anyway (tests). */
export async function exportPages(
  exporter: DatasetExporter,
  pages: Iterable<readonly ExportItem[]>,
  labels: readonly ExportLabel[],
  type: AnnotationType,
  options?: ExportOptions,
  project?: DatasetFields,
): Promise<ExportFile[]> {
  const held = [...pages];
  const writer = exporter(labels, type, options, project, layoutOf(held));
  const files: ExportFile[] = [];
  // As the export job feeds it: one image at a time, then each side's pages for its own files.
  for (const page of held) for (const one of page) files.push(...writer.add([one]));
  const ofSide = (side?: ExportSide) => (side ? held.map((page) => page.filter((one) => exportSide(one.image) === side)) : held);
  const last: ExportFile[] = [];
  for (const file of writer.finish((side) => inTurn(ofSide(side)))) last.push(isStreamed(file) ? { path: file.path, content: await joined(file.chunks) } : file);
  return [...files, ...last];
}

/** The whole export at once, for callers that hold every item anyway (tests, small projects). */
export const exportAllAtOnce =
  (exporter: DatasetExporter) =>
  async (items: readonly ExportItem[], labels: readonly ExportLabel[], type: AnnotationType, options?: ExportOptions, project?: DatasetFields): Promise<ExportResult> => ({
    files: await exportPages(exporter, [items], labels, type, options, project),
  });

async function* inTurn<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

async function joined(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

export function prepareExport(items: readonly ExportItem[], labels: readonly ExportLabel[], type: AnnotationType): PreparedExport {
  const preparer = createExportPreparer(labels, type);
  const images = preparer.prepare(items);
  return { images, labels: preparer.labels, labelIndex: preparer.labelIndex };
}

// Within half a pixel: canvas-to-pixel scaling leaves float noise at the image edges.
const sameBounds = (a: Bounds, b: Bounds) =>
  Math.max(Math.abs(a.xMin - b.xMin), Math.abs(a.yMin - b.yMin), Math.abs(a.xMax - b.xMax), Math.abs(a.yMax - b.yMax)) < 0.5;

/**
 * relPath without its extension; when two images would share one (a.jpg and a.png), the
 * later ones keep their extension in the stem (a.png) so no annotation file overwrites
 * another. Compared without case: archives are unpacked on case-insensitive disks too.
 */
// taken: the stems earlier pages of the same export used (lower case).
export function exportStems(relPaths: readonly string[], taken = new Set<string>()): string[] {
  return relPaths.map((relPath) => {
    const candidates = [stripExtension(relPath), relPath];
    let stem = candidates.find((c) => !taken.has(c.toLowerCase()));
    for (let n = 2; stem === undefined; n++) if (!taken.has(`${relPath}~${n}`.toLowerCase())) stem = `${relPath}~${n}`;
    taken.add(stem.toLowerCase());
    return stem;
  });
}

/**
 * Paths unique in an export archive, case aside (archives are unpacked on case-insensitive
 * disks), and none a file where another needs a folder (YOLO's `labels/a.txt` for `a.jpg`,
 * `labels/a.txt/b.txt` for `a.txt/b.jpg`; `classes.txt/labels/a.txt`): one could not be unpacked.
 */
export function createUniquePaths(reserved: readonly string[]) {
  const files = new Set<string>();
  const folders = new Set<string>();
  const folderSegments = (path: string) => path.toLowerCase().split('/').slice(0, -1);
  /** The first folder of the path that is a file of the archive, or -1. */
  const fileFolderAt = (path: string) => folderSegments(path).findIndex((_, i, segments) => files.has(segments.slice(0, i + 1).join('/')));
  const take = (path: string) => {
    files.add(path.toLowerCase());
    folderSegments(path).forEach((_, i, segments) => folders.add(segments.slice(0, i + 1).join('/')));
  };
  reserved.forEach(take);
  const claimIfFree = (path: string | null) => {
    if (path === null || files.has(path.toLowerCase()) || folders.has(path.toLowerCase()) || fileFolderAt(path) >= 0) return null;
    take(path);
    return path;
  };
  /** The path, or the first free `~n` beside it (on its folder when that is a file). */
  const claim = (path: string): string => {
    const at = fileFolderAt(path);
    const numbered = (n: number) => (at < 0 ? path.replace(/(\.[^./]*)?$/, `~${n}$1`) : path.split('/').map((segment, i) => (i === at ? `${segment}~${n}` : segment)).join('/'));
    for (let n = 1; ; n++) {
      const found = claimIfFree(n === 1 ? path : numbered(n));
      if (found) return found;
    }
  };
  return { claimIfFree, claim };
}

export function stripExtension(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(0, dot) : path;
}

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const dirName = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * An image name kept from an import (a COCO file_name, a LabelMe imagePath), naming the image as
 * it is now: an image renamed since takes its new base name in the kept folder, as VOC's
 * filename does (voc-fields.ts). An import only ever matches an image of the same base name.
 */
export function currentImageName(kept: string, relPath: string): string {
  const now = baseName(relPath);
  const normal = normalisePath(kept);
  if (baseName(normal) === now) return kept;
  const folder = dirName(normal);
  return folder ? `${folder}/${now}` : now;
}

/** A file kept from an import (a label or annotation file) renamed with its image: its folder, the image's new stem. */
export function renamedBeside(kept: string, stem: string, extension: string): string {
  const folder = dirName(kept);
  return `${folder ? `${folder}/` : ''}${baseName(stem)}${extension}`;
}

/** Splits on `/` or `\`, drops empty and `.` segments and resolves `..` where it can. */
export function normalisePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split(/[/\\]+/)) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

/**
 * A path kept from an import, made safe to write into an export archive: `/` separators, no
 * `.` or `..` segments and nothing absolute, so unpacking never writes outside its folder.
 * '' when nothing is left.
 */
export const archivePath = (path: string) =>
  normalisePath(path)
    .split('/')
    .filter((segment) => segment !== '..' && !/^[A-Za-z]:$/.test(segment))
    .join('/');

/** Coordinates written with at most `digits` decimals, without binary noise. */
export const round = (value: number, digits = 2) => {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
};

export interface ImageMatcher {
  /**
   * names: image paths as written in the input; stems: annotation-file paths without
   * extension, read with exportStems' naming when the images come in the export's order.
   */
  match(names: readonly string[], stems?: readonly string[]): ImportTarget | null;
}

/**
 * Relative path first: the longest trailing part of a name that is a project image's
 * relPath wins (absolute paths from another machine end with the relative path). Only
 * then a base name, and only when exactly one image has it.
 */
export function createImageMatcher(images: readonly ImportTarget[]): ImageMatcher {
  const byRel = new Map(images.map((image) => [image.relPath, image]));
  const exportStemList = exportStems(images.map((image) => image.relPath));
  const byExportStem = new Map(images.map((image, i) => [(exportStemList[i] ?? image.relPath).toLowerCase(), image]));
  const byBase = groupBy(images, (image) => baseName(image.relPath));
  const byBaseStem = groupBy(images, (image) => stripExtension(baseName(image.relPath)));
  const unique = (map: Map<string, ImportTarget[]>, key: string) => {
    const found = map.get(key);
    return found && found.length === 1 ? (found[0] ?? null) : null;
  };
  const suffixes = (path: string) => {
    const segments = normalisePath(path).split('/').filter((s) => s !== '..');
    return segments.map((_, i) => segments.slice(i).join('/')).filter((s) => s !== '');
  };
  return {
    match(names, stems = []) {
      for (const name of names) {
        for (const suffix of suffixes(name)) {
          const found = byRel.get(suffix);
          if (found) return found;
        }
      }
      for (const stem of stems) {
        for (const suffix of suffixes(stem)) {
          // The exporter's naming: a.jpg and a.png exported together come back to their images.
          const found = byExportStem.get(suffix.toLowerCase());
          if (found) return found;
        }
      }
      for (const name of names) {
        const found = unique(byBase, baseName(normalisePath(name)));
        if (found) return found;
      }
      for (const stem of stems) {
        const found = unique(byBaseStem, baseName(normalisePath(stem)));
        if (found) return found;
      }
      return null;
    },
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export function createImportResult(): ImportResult {
  return { matched: new Map(), unmatched: [], errors: [], labels: [] };
}

/** What an importer reads one file with: the shared result and a way to report a problem. */
export interface ImportFileReader {
  file: ImportFile;
  result: ImportResult;
  matcher: ImageMatcher;
  nextId: () => string;
  /** Records a problem with this file, prefixed with its path. */
  error: (message: string) => void;
}

/** Every file with the extension, read on its own into one result: the frame of each importer. */
export function importEachFile(
  files: readonly ImportFile[],
  images: readonly ImportTarget[],
  options: ImportOptions | undefined,
  extension: string,
  read: (reader: ImportFileReader) => void,
): ImportResult {
  const result = createImportResult();
  const matcher = createImageMatcher(images);
  const nextId = idSource(options);
  for (const file of files.filter((f) => f.path.toLowerCase().endsWith(extension))) {
    read({ file, result, matcher, nextId, error: (message) => result.errors.push(`${file.path}: ${message}`) });
  }
  return result;
}

/** The file's JSON, or undefined after reporting that it is not JSON. */
export function readJsonFile(file: ImportFile, error: (message: string) => void): unknown {
  try {
    return JSON.parse(file.content) as unknown;
  } catch {
    error('not valid JSON');
    return undefined;
  }
}

export function addMatched(result: ImportResult, relPath: string, shapes: readonly Shape[]) {
  const list = result.matched.get(relPath);
  if (list) list.push(...shapes);
  else result.matched.set(relPath, [...shapes]);
}

export function idSource(options: ImportOptions | undefined): () => string {
  if (options?.nextId) return options.nextId;
  let next = 1;
  return () => String(next++);
}

/**
 * An imported object as a shape of the project's kind, clipped to the image: a bndbox
 * project gets the outline's bounds, a seg project the outline (a box as its 4 corners).
 * Null when nothing of it lies inside the image.
 */
export function importedShape(
  outline: readonly Point[],
  label: string,
  type: AnnotationType,
  size: PixelSize,
  id: string,
  dataset?: DatasetFields,
): Shape | null {
  const extras = { lineWidth: null, color: null, label, id, ...(dataset ? { dataset } : {}) };
  if (type === 'bndbox') {
    const box: BoxShape = { kind: 'box', ...outlineBounds(outline), distanceToImg: null, ...extras };
    return clipShape(box, size);
  }
  const points = outline.map((p) => ({ x: p.x, y: p.y, distanceToImg: null }));
  const polygon: PolygonShape = { kind: 'polygon', points, ...extras };
  return clipShape(polygon, size);
}

function outlineBounds(outline: readonly Point[]) {
  const bounds = polygonBounds(outline);
  return { x1: bounds.xMin, y1: bounds.yMin, x2: bounds.xMax, y2: bounds.yMax };
}

export const boundsOutline = (xMin: number, yMin: number, xMax: number, yMax: number): Point[] =>
  boundsCorners({ xMin: Math.min(xMin, xMax), yMin: Math.min(yMin, yMax), xMax: Math.max(xMin, xMax), yMax: Math.max(yMin, yMax) });

export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
