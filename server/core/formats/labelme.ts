// LabelMe JSON: one file per image, written where LabelMe itself puts it (beside the
// image, same path without extension), so imagePath is the bare file name.
import type { AnnotationType } from '@/server/core/types';
import {
  addMatched,
  baseName,
  dirName,
  exportAllAtOnce,
  importEachFile,
  readJsonFile,
  importedShape,
  isFiniteNumber,
  isRecord,
  normalisePath,
  perImageExporter,
  round,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
  type PreparedImage,
} from './common';
import { boundsCorners, shapeBounds, type Point } from './geometry';

export const LABELME_VERSION = '5.2.1';

export interface LabelmeShape {
  label: string;
  points: Array<[number, number]>;
  group_id: null;
  description: string;
  shape_type: 'rectangle' | 'polygon';
  flags: Record<string, never>;
}

export interface LabelmeFile {
  version: string;
  flags: Record<string, never>;
  shapes: LabelmeShape[];
  imagePath: string;
  imageData: null;
  imageHeight: number;
  imageWidth: number;
}

export function buildLabelmeFile(entry: PreparedImage): LabelmeFile {
  const shapes = entry.objects.map(({ label, shape }): LabelmeShape => {
    const b = shapeBounds(shape);
    // LabelMe's rectangle: two opposite corners.
    const points: Point[] = shape.kind === 'box' ? [{ x: b.xMin, y: b.yMin }, { x: b.xMax, y: b.yMax }] : shape.points;
    return {
      label,
      points: points.map((p): [number, number] => [round(p.x), round(p.y)]),
      group_id: null,
      description: '',
      shape_type: shape.kind === 'box' ? 'rectangle' : 'polygon',
      flags: {},
    };
  });
  return {
    version: LABELME_VERSION,
    flags: {},
    shapes,
    imagePath: baseName(entry.image.relPath),
    imageData: null,
    imageHeight: entry.image.height,
    imageWidth: entry.image.width,
  };
}

/** `<relPath without extension>.json` for every image, indented like LabelMe writes it. */
export const exportLabelmePages = perImageExporter((entry) => ({ path: `${entry.stem}.json`, content: `${JSON.stringify(buildLabelmeFile(entry), null, 2)}\n` }));
export const exportLabelme = exportAllAtOnce(exportLabelmePages);

/** Every `.json` file given is read as one LabelMe file; imagePath is taken relative to it. */
export function importLabelme(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  return importEachFile(files, images, options, '.json', ({ file, result, matcher, nextId, error }) => {
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
    data.shapes.forEach((shape: unknown, i) => {
      const outline = labelmeOutline(shape);
      if (typeof outline === 'string') return error(`shape ${i + 1}: ${outline}`);
      const imported = importedShape(outline.points, outline.label, type, target, nextId());
      if (imported) addMatched(result, target.relPath, [imported]);
      else error(`shape ${i + 1} (${outline.label}) has no area inside ${target.relPath} and was skipped`);
    });
  });
}

/** The outline of a rectangle or polygon, or why the shape cannot be used. */
function labelmeOutline(shape: unknown): { label: string; points: Point[] } | string {
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
    return { label, points: boundsCorners({ xMin: Math.min(a.x, b.x), yMin: Math.min(a.y, b.y), xMax: Math.max(a.x, b.x), yMax: Math.max(a.y, b.y) }) };
  }
  if (kind === 'polygon') return points.length >= 3 ? { label, points } : `(${label}) a polygon needs at least 3 points`;
  return `(${label}) shape_type ${JSON.stringify(kind)} is not supported (only rectangle and polygon)`;
}
