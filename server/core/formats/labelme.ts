// LabelMe JSON: one file per image. An imported file is written back where it was, with its
// top-level fields (version, flags, imagePath, unknown keys) and each shape's (group_id,
// flags, description, unknown keys) as they came; a new image's file goes where LabelMe puts
// it (beside the image, same path without extension) with imagePath its bare file name.
// Shapes the workspace does not draw (line, linestrip, circle, point, …) are kept aside and
// written back at their place in the list. imageData is never kept (the image is beside it).
import type { AnnotationType, DatasetFields, Shape } from '@/server/core/types';
import {
  addMatched,
  archivePath,
  baseName,
  createExportPreparer,
  currentImageName,
  dirName,
  EXPORT_REPORT_JSON,
  exportAllAtOnce,
  importEachFile,
  readJsonFile,
  importedShape,
  isFiniteNumber,
  isRecord,
  normalisePath,
  renamedBeside,
  round,
  stripExtension,
  type DatasetExporter,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
  type PreparedImage,
} from './common';
import { classListFile, withClassList } from './class-list';
import { boundsCorners, polygonBounds, shapeBounds, type Point } from './geometry';
import { readLabelmeImage, readLabelmeShape, sameOutline, type LabelmeImageFields, type OtherShape } from './labelme-fields';

export const LABELME_VERSION = '5.2.1';

export interface LabelmeShape {
  label: string;
  points: Array<[number, number]>;
  group_id: unknown;
  description: unknown;
  shape_type: string;
  flags: unknown;
  [field: string]: unknown;
}

export interface LabelmeFile {
  version: unknown;
  flags: unknown;
  shapes: LabelmeShape[];
  imagePath: string;
  imageData: null;
  imageHeight: number;
  imageWidth: number;
  [field: string]: unknown;
}

const DRAWN_TYPES = new Set(['rectangle', 'polygon']);

/** What is drawn now: the imported shape as it was when not edited (half a pixel), else its fields with the new outline. */
function labelmeShape(label: string, shape: Shape): LabelmeShape {
  const b = shapeBounds(shape);
  // LabelMe's rectangle: two opposite corners.
  const points: Point[] = shape.kind === 'box' ? [{ x: b.xMin, y: b.yMin }, { x: b.xMax, y: b.yMax }] : shape.points;
  const fresh = {
    label,
    points: points.map((p): [number, number] => [round(p.x), round(p.y)]),
    group_id: null,
    description: '',
    shape_type: shape.kind === 'box' ? 'rectangle' : 'polygon',
    flags: {},
  };
  const kept = readLabelmeShape(shape.dataset);
  if (!kept) return fresh;
  if (sameOutline(kept, shape)) return { ...kept, label } as LabelmeShape;
  return { ...kept, label, points: fresh.points, shape_type: fresh.shape_type } as LabelmeShape;
}

export function buildLabelmeFile(entry: PreparedImage): LabelmeFile {
  const kept = readLabelmeImage(entry.dataset);
  const shapes = entry.objects.map(({ label, shape }) => labelmeShape(label, shape));
  for (const { index, shape } of kept?.otherShapes ?? []) shapes.splice(Math.min(index, shapes.length), 0, shape as LabelmeShape);
  return {
    version: LABELME_VERSION,
    flags: {},
    ...kept?.record,
    shapes,
    imagePath: kept && typeof kept.record.imagePath === 'string' ? currentImageName(kept.record.imagePath, entry.image.relPath) : baseName(entry.image.relPath),
    imageData: null,
    imageHeight: entry.image.height,
    imageWidth: entry.image.width,
  };
}

/** The imported file's path; named after its image, it follows the image's rename. */
function keptFilePath(path: string, imagePath: unknown, entry: PreparedImage): string {
  if (!path || typeof imagePath !== 'string') return path;
  const named = stripExtension(baseName(normalisePath(imagePath)));
  const renamed = named !== stripExtension(baseName(entry.image.relPath)) && stripExtension(baseName(path)) === named;
  return renamed ? renamedBeside(path, entry.stem, '.json') : path;
}

/** The imported file's path, else `<relPath without extension>.json`; indented like LabelMe writes it. */
export const exportLabelmePages: DatasetExporter = (labels, type, _options, project) => {
  const preparer = createExportPreparer(labels, type);
  // The export's own report takes this name at the root: an image `report.png` goes beside it.
  const taken = new Set<string>([EXPORT_REPORT_JSON]);
  return {
    add: (items) =>
      preparer.prepare(items).map((entry) => {
        const kept = readLabelmeImage(entry.dataset);
        // Two images claiming one file (a later import): the second goes beside its image.
        const keptPath = kept ? keptFilePath(archivePath(kept.file), kept.record.imagePath, entry) : '';
        const own = keptPath && !taken.has(keptPath.toLowerCase()) ? keptPath : undefined;
        let path = own ?? `${entry.stem}.json`;
        for (let n = 2; !own && taken.has(path.toLowerCase()); n++) path = `${entry.stem}~${n}.json`;
        taken.add(path.toLowerCase());
        const file = buildLabelmeFile(own || !kept ? entry : { ...entry, dataset: { ...entry.dataset, labelme: { ...kept, record: { ...kept.record, imagePath: baseName(entry.image.relPath) } } } });
        return { path, content: `${JSON.stringify(file, null, 2)}\n` };
      }),
    // LabelMe has no class list: labelme's own labels.txt keeps the project's label order.
    finish: () => classListFile('labels.txt', preparer.labels, project, 'labelme'),
  };
};
export const exportLabelme = exportAllAtOnce(exportLabelmePages);

/** Every `.json` file given is read as one LabelMe file; imagePath is taken relative to it. A class list (`labels.txt`) gives the labels their order. */
export function importLabelme(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  const result = importEachFile(files, images, options, '.json', ({ file, result, matcher, nextId, error }) => {
    const data = readJsonFile(file, error);
    if (data === undefined) return;
    if (!isRecord(data) || !Array.isArray(data.shapes)) {
      error('not a LabelMe file (no shapes list)');
      return;
    }
    const imagePath = typeof data.imagePath === 'string' ? data.imagePath : '';
    const folder = dirName(normalisePath(file.path));
    const names = imagePath ? [normalisePath(folder ? `${folder}/${imagePath}` : imagePath), imagePath] : [];
    const target = matcher.match(names, [file.path.slice(0, -'.json'.length)]);
    if (!target) {
      result.unmatched.push(imagePath || file.path);
      return;
    }
    addMatched(result, target.relPath, []);
    if (isFiniteNumber(data.imageWidth) && isFiniteNumber(data.imageHeight) && (data.imageWidth !== target.width || data.imageHeight !== target.height)) {
      error(`the image is ${data.imageWidth}x${data.imageHeight} in the file but ${target.width}x${target.height} in the project; coordinates used as they are`);
    }
    const otherShapes: OtherShape[] = [];
    data.shapes.forEach((shape: unknown, index) => {
      const outline = labelmeOutline(shape);
      if (typeof outline === 'string') return error(`shape ${index + 1}: ${outline}`);
      if (outline.other) return void otherShapes.push({ index, shape: outline.other });
      const dataset: DatasetFields = { labelme: { shape } };
      const imported = importedShape(outline.points, outline.label, type, target, nextId(), dataset);
      if (imported) addMatched(result, target.relPath, [imported]);
      else error(`shape ${index + 1} (${outline.label}) has no area inside ${target.relPath} and was skipped`);
    });
    if (otherShapes.length > 0) {
      const counts = new Map<string, number>();
      for (const { shape } of otherShapes) counts.set(String(shape.shape_type), (counts.get(String(shape.shape_type)) ?? 0) + 1);
      const listed = [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
      error(`not drawn, kept for the labelme export: ${listed} (the workspace draws rectangles and polygons)`);
    }
    const { shapes: _shapes, imageData: _imageData, ...record } = data;
    const fields: LabelmeImageFields = { file: file.path, record, otherShapes };
    result.imageFields ??= new Map();
    result.imageFields.set(target.relPath, { labelme: { ...fields } });
  });
  return withClassList(result, files, 'labelme');
}

/** The outline of a rectangle or polygon, a well-formed shape of another type to keep aside, or why the shape cannot be used. */
function labelmeOutline(shape: unknown): { label: string; points: Point[]; other?: Record<string, unknown> } | string {
  if (!isRecord(shape)) return 'not an object';
  const label = typeof shape.label === 'string' ? shape.label.trim() : '';
  if (label === '') return 'has no label';
  const raw = Array.isArray(shape.points) ? shape.points : [];
  const points = raw.flatMap((p: unknown) => (Array.isArray(p) && p.length >= 2 && isFiniteNumber(p[0]) && isFiniteNumber(p[1]) ? [{ x: p[0], y: p[1] }] : []));
  if (points.length !== raw.length) return `(${label}) points must be [x, y] pairs of numbers`;
  const kind = shape.shape_type ?? 'polygon';
  if (kind === 'rectangle') {
    const [a, b] = points;
    if (points.length !== 2 || !a || !b) return `(${label}) a rectangle needs 2 points`;
    return { label, points: boundsCorners(polygonBounds([a, b])) };
  }
  if (kind === 'polygon') return points.length >= 3 ? { label, points } : `(${label}) a polygon needs at least 3 points`;
  if (typeof kind !== 'string' || DRAWN_TYPES.has(kind)) return `(${label}) shape_type ${JSON.stringify(kind)} is not a LabelMe shape type`;
  return { label, points, other: shape };
}
