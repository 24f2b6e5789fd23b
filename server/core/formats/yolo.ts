// YOLO (Darknet / Ultralytics) text labels: one file per image, one object per line, all
// coordinates divided by the image size. Detection lines for bndbox projects
// (`class cx cy w h`), segmentation lines for seg projects (`class x1 y1 x2 y2 …`). The class
// list (`classes.txt`, and `data.yaml` for Ultralytics) is the class table in class id order,
// used or not, each at its own YOLO index or one from the base (class-numbering.ts).
import type { AnnotationType } from '@/server/core/types';
import {
  addMatched,
  baseName,
  boundsOutline,
  createExportPreparer,
  createImageMatcher,
  createImportResult,
  exportAllAtOnce,
  idSource,
  importedShape,
  type DatasetExporter,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
  type PreparedImage,
} from './common';
import {
  createClassNumbering,
  DEFAULT_YOLO_INDEX_BASE,
  exportClass,
  isPlaceholderClass,
  placeholderClass,
  type ClassNumbering,
} from './class-numbering';
import { shapeBounds, shapeOutline, type Point } from './geometry';

export const YOLO_CLASSES_PATH = 'classes.txt';
export const YOLO_LABELS_FOLDER = 'labels';
export const YOLO_DATA_PATH = 'data.yaml';

const fixed = (value: number) => {
  const text = value.toFixed(6);
  return text === '-0.000000' ? '0.000000' : text;
};

/** One line per object, `\n` after each; an image without objects gives an empty text. */
export function buildYoloLabels(entry: PreparedImage, numbering: Pick<ClassNumbering, 'numberOf'>, type: AnnotationType): string {
  const { width, height } = entry.image;
  return entry.objects
    .map(({ label, shape }) => {
      const cls = numbering.numberOf(label);
      if (type === 'seg') {
        return [cls, ...shapeOutline(shape).flatMap((p) => [fixed(p.x / width), fixed(p.y / height)])].join(' ');
      }
      const b = shapeBounds(shape);
      const values = [(b.xMin + b.xMax) / 2 / width, (b.yMin + b.yMax) / 2 / height, (b.xMax - b.xMin) / width, (b.yMax - b.yMin) / height];
      return [cls, ...values.map(fixed)].join(' ');
    })
    .map((line) => `${line}\n`)
    .join('');
}

/** Line n names class n; a gap gets a placeholder so every later line keeps its number. */
function classLines(numbering: ClassNumbering): string[] {
  const entries = numbering.entries();
  const lines = Array.from({ length: entries.reduce((max, { number }) => Math.max(max, number + 1), 0) }, (_, index) => placeholderClass(index));
  // A line break inside a label would shift every later class number.
  for (const { name, number } of entries) lines[number] = name.replace(/[\r\n]+/g, ' ');
  return lines;
}

/** Ultralytics' dataset file: the names by index (JSON strings are YAML double-quoted scalars). */
function dataYaml(lines: readonly string[]): string {
  const names = lines.map((name, index) => `  ${index}: ${JSON.stringify(name)}\n`).join('');
  return `# The class table of a Labelport project; point train/val at your image folders.\nnc: ${lines.length}\nnames:\n${names}`;
}

/**
 * `labels/<relPath without extension>.txt`, then `classes.txt` (one label per line, line
 * number = class) and `data.yaml` last: labels found only on shapes of later pages still get
 * their numbers in them.
 */
export const exportYoloPages: DatasetExporter = (labels, type, options) => {
  const preparer = createExportPreparer(labels, type);
  const classes = labels.map(exportClass).filter((entry) => entry.name !== '');
  const numbering = createClassNumbering(classes, (entry) => entry.yoloIndex, options?.yoloIndexBase ?? DEFAULT_YOLO_INDEX_BASE);
  return {
    add: (items) => preparer.prepare(items).map((entry) => ({ path: `${YOLO_LABELS_FOLDER}/${entry.stem}.txt`, content: buildYoloLabels(entry, numbering, type) })),
    finish: () => {
      const lines = classLines(numbering);
      return [
        { path: YOLO_CLASSES_PATH, content: lines.map((line) => `${line}\n`).join('') },
        { path: YOLO_DATA_PATH, content: dataYaml(lines) },
      ];
    },
  };
};
export const exportYolo = exportAllAtOnce(exportYoloPages);

/**
 * Needs a `classes.txt` among the files (the one nearest the root); every other `.txt` is a
 * label file matched to an image by its path without extension.
 */
export function importYolo(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  const result = createImportResult();
  const textFiles = files.filter((f) => f.path.toLowerCase().endsWith('.txt'));
  const isClasses = (path: string) => baseName(path.replace(/\\/g, '/')).toLowerCase() === YOLO_CLASSES_PATH;
  const classesFile = textFiles.filter((f) => isClasses(f.path)).sort((a, b) => a.path.split(/[/\\]/).length - b.path.split(/[/\\]/).length)[0];
  if (!classesFile) {
    result.errors.push('classes.txt is missing: the class numbers of the label files cannot be named');
    return result;
  }
  const classes = classesFile.content.split(/\r?\n|\r/).map((line) => line.trim());
  while (classes.length > 0 && classes[classes.length - 1] === '') classes.pop();
  result.labels.push(...classes.filter((label) => label !== '' && !isPlaceholderClass(label)));
  result.classNumbers = new Map();
  classes.forEach((label, index) => {
    if (label !== '' && !isPlaceholderClass(label) && !result.classNumbers?.has(label)) result.classNumbers?.set(label, { yoloIndex: index });
  });
  const matcher = createImageMatcher(images);
  const nextId = idSource(options);
  for (const file of textFiles.filter((f) => !isClasses(f.path))) {
    const target = matcher.match([], [file.path.slice(0, -'.txt'.length)]);
    if (!target) {
      result.unmatched.push(file.path);
      continue;
    }
    addMatched(result, target.relPath, []);
    file.content.split(/\r?\n|\r/).forEach((line, i) => {
      const error = (message: string) => result.errors.push(`${file.path} line ${i + 1}: ${message}`);
      const tokens = line.trim().split(/\s+/).filter((t) => t !== '');
      if (tokens.length === 0) return;
      const [clsText = '', ...rest] = tokens;
      const cls = /^\d+$/.test(clsText) ? Number(clsText) : NaN;
      const label = classes[cls];
      if (!label) return error(`class "${clsText}" is not a line of classes.txt`);
      const numbers = rest.map(Number);
      if (!numbers.every(Number.isFinite)) return error('coordinates must be numbers');
      const outline = yoloOutline(numbers, target);
      if (!outline) return error(`expected 4 numbers (cx cy w h) or at least 3 x y pairs, found ${numbers.length}`);
      const shape = importedShape(outline, label, type, target, nextId());
      if (shape) addMatched(result, target.relPath, [shape]);
      else error(`the object has no area inside ${target.relPath} and was skipped`);
    });
  }
  return result;
}

function yoloOutline(numbers: readonly number[], size: ImportTarget): Point[] | null {
  const { width, height } = size;
  if (numbers.length === 4) {
    const [cx = 0, cy = 0, w = 0, h = 0] = numbers;
    return boundsOutline((cx - w / 2) * width, (cy - h / 2) * height, (cx + w / 2) * width, (cy + h / 2) * height);
  }
  if (numbers.length < 6 || numbers.length % 2 !== 0) return null;
  return numbers.flatMap((value, i) => (i % 2 === 0 ? [{ x: value * width, y: (numbers[i + 1] ?? 0) * height }] : []));
}
