// YOLO (Darknet / Ultralytics) text labels: one file per image, one object per line, all
// coordinates divided by the image size. Detection lines for bndbox projects
// (`class cx cy w h`), segmentation lines for seg projects (`class x1 y1 x2 y2 …`). The class
// list (`classes.txt`, and `data.yaml` for Ultralytics) is the class table in class id order,
// used or not, each at its own YOLO index or one from the base (class-numbering.ts).
import { SPLIT_NAMES, type AnnotationType } from '@/server/core/types';
import {
  addMatched,
  createExportPreparer,
  createImageMatcher,
  createImportResult,
  createUniquePaths,
  dirName,
  exportAllAtOnce,
  idSource,
  importedShape,
  archivePath,
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
  placeholderClass,
  type ClassNumbering,
} from './class-numbering';
import { polygonBounds, shapeBounds, shapeOutline } from './geometry';
import { lineUnchanged, readYoloLineFields, yoloLineFields, yoloOutline } from './yolo-lines';
import { outsideImage } from './outside-image';
import { findYoloClasses, yoloLabelFiles } from './yolo-classes';
import { createLabelPaths, darknetFiles, darknetProjectFields, ultralyticsLabelPath, yoloImageFields, YOLO_CLASSES_PATH, YOLO_DATA_PATH, YOLO_OWN_FILES } from './yolo-layout';
import { labelFileTargets } from './yolo-label-targets';
import { exportSide, type ExportSide } from './export-layout';

export { YOLO_LABELS_FOLDER } from './yolo-layout';

export { YOLO_CLASSES_PATH, YOLO_DATA_PATH } from './yolo-layout';

const fixed = (value: number) => {
  const text = value.toFixed(6);
  return text === '-0.000000' ? '0.000000' : text;
};

/**
 * One line per object, `\n` after each; an image without objects gives an empty text. The
 * class is the table's number; a line read from a YOLO file is written back as it was while
 * its shape is unchanged (yolo-lines.ts).
 */
export function buildYoloLabels(entry: PreparedImage, numbering: Pick<ClassNumbering, 'numberOf'>, type: AnnotationType): string {
  const { width, height } = entry.image;
  return entry.objects
    .map(({ label, shape }) => {
      const cls = numbering.numberOf(label);
      const stored = readYoloLineFields(shape.dataset);
      if (stored && lineUnchanged(stored, shape, type, entry.image)) return [cls, ...stored.coordinates].join(' ');
      if (type === 'seg') {
        const outline = shapeOutline(shape);
        const ring = stored?.closed && outline[0] ? [...outline, outline[0]] : outline;
        return [cls, ...ring.flatMap((p) => [fixed(p.x / width), fixed(p.y / height)])].join(' ');
      }
      const b = shapeBounds(shape);
      const values = [(b.xMin + b.xMax) / 2 / width, (b.yMin + b.yMax) / 2 / height, (b.xMax - b.xMin) / width, (b.yMax - b.yMin) / height];
      const extra = stored && stored.extra > 0 ? stored.coordinates.slice(-stored.extra) : [];
      return [cls, ...values.map(fixed), ...extra].join(' ');
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

/**
 * Ultralytics' dataset file: the names by index (JSON strings are YAML double-quoted scalars).
 * With a split, train/val/test name the image folders of the sides that have images: the zip
 * holds labels only, so the images go beside them (images/train/a.jpg for labels/train/a.txt).
 * Without `path`, Ultralytics reads them relative to this file.
 */
function dataYaml(lines: readonly string[], sides: ReadonlySet<ExportSide> | null): string {
  const names = lines.map((name, index) => `  ${index}: ${JSON.stringify(name)}\n`).join('');
  if (!sides) return `# The class table of a Labelport project; point train/val at your image folders.\nnc: ${lines.length}\nnames:\n${names}`;
  // Ultralytics refuses a dataset without val: a split without a val side validates on train.
  const folders = SPLIT_NAMES.filter((side) => sides.has(side)).map((side) => `${side}: images/${side}\n`).join('');
  const val = sides.has('val') ? '' : `# This split has no val side: validating on train.\nval: images/${sides.has('train') ? 'train' : (SPLIT_NAMES.find((side) => sides.has(side)) ?? 'train')}\n`;
  const unassigned = sides.has('unassigned') ? '# Images without a side of the split are in labels/unassigned, named by no key below.\n' : '';
  return `# The class table and split of a Labelport project; put each image at its project path under images/<side>/, where its labels are looked for.\n${unassigned}${folders}${val}nc: ${lines.length}\nnames:\n${names}`;
}

/**
 * Each image's label file (where yolo-layout.ts says), then `classes.txt` (one label per line,
 * line number = class), `data.yaml` and a Darknet import's files last: labels found only on
 * shapes of later pages still get their numbers in them.
 */
export const exportYoloPages: DatasetExporter = (labels, type, options, project, layout) => {
  const preparer = createExportPreparer(labels, type);
  const classes = labels.map(exportClass).filter((entry) => entry.name !== '');
  const numbering = createClassNumbering(classes, (entry) => entry.yoloIndex, options?.yoloIndexBase ?? DEFAULT_YOLO_INDEX_BASE);
  const labelPaths = createLabelPaths(YOLO_OWN_FILES);
  const splitLabelPaths = createUniquePaths(YOLO_OWN_FILES);
  // With a split, the split decides where labels go: an import's own paths and Darknet files are not written.
  const sides = layout?.bySplit ? new Set<ExportSide>() : null;
  // Only a Darknet import writes the image list; other exports need not hold every path.
  const imagePaths: string[] | null = sides || project?.yolo?.darknet === undefined ? null : [];
  const pathOf = (entry: PreparedImage) => {
    if (!sides) return labelPaths.pathOf(entry.stem, entry.image.relPath, entry.dataset);
    const side = exportSide(entry.image);
    sides.add(side);
    return splitLabelPaths.claim(ultralyticsLabelPath(`images/${side}/${entry.stem}`));
  };
  return {
    add: (items) =>
      preparer.prepare(items).map((entry) => {
        imagePaths?.push(entry.image.relPath);
        return { path: pathOf(entry), content: buildYoloLabels(entry, numbering, type) };
      }),
    finish: () => {
      const lines = classLines(numbering);
      return [
        { path: YOLO_CLASSES_PATH, content: lines.map((line) => `${line}\n`).join('') },
        { path: YOLO_DATA_PATH, content: dataYaml(lines, sides) },
        ...(imagePaths ? darknetFiles(project, lines, imagePaths) : []),
      ];
    },
  };
};
export const exportYolo = exportAllAtOnce(exportYoloPages);

/**
 * Needs a class list (yolo-classes.ts says where it is looked for); each label file's image is
 * found as yolo-label-targets.ts says.
 */
export function importYolo(files: readonly ImportFile[], images: readonly ImportTarget[], type: AnnotationType, options?: ImportOptions): ImportResult {
  const result = createImportResult();
  const found = findYoloClasses(files);
  if (!found.ok) {
    result.errors.push(found.error);
    return result;
  }
  const { names } = found.classes;
  if (found.darknet) result.projectFields = darknetProjectFields(found.darknet.data, found.darknet.names);
  result.classNumbers = new Map();
  for (const [index, label] of [...names].sort(([a], [b]) => a - b)) {
    if (result.classNumbers.has(label)) continue;
    result.labels.push(label);
    result.classNumbers.set(label, { yoloIndex: index });
  }
  const matcher = createImageMatcher(images);
  const nextId = idSource(options);
  const labelFiles = yoloLabelFiles(files, found.classes);
  const targets = labelFileTargets(labelFiles, images, dirName(found.classes.path), matcher);
  for (const file of labelFiles) {
    const target = targets.get(file) ?? null;
    if (typeof target === 'string') {
      result.errors.push(`${file.path}: ${target}; not imported`);
      continue;
    }
    if (!target) {
      result.unmatched.push(file.path);
      continue;
    }
    addMatched(result, target.relPath, []);
    (result.imageFields ??= new Map()).set(target.relPath, yoloImageFields(archivePath(file.path)));
    file.content.split(/\r?\n|\r/).forEach((line, i) => {
      const error = (message: string) => result.errors.push(`${file.path} line ${i + 1}: ${message}`);
      const tokens = line.trim().split(/\s+/).filter((t) => t !== '');
      if (tokens.length === 0) return;
      const [clsText = '', ...rest] = tokens;
      const label = /^\d+$/.test(clsText) ? names.get(Number(clsText)) : undefined;
      if (!label) return error(`class "${clsText}" is not named in ${found.classes.path}`);
      const numbers = rest.map(Number);
      if (!numbers.every(Number.isFinite)) return error('coordinates must be numbers');
      const outline = yoloOutline(numbers, target);
      if (!outline) return error(`expected 4 numbers (cx cy w h) or at least 3 x y pairs, found ${numbers.length}`);
      const fields = yoloLineFields({ class: Number(clsText), coordinates: rest, extra: outline.extra, closed: outline.closed });
      const shape = importedShape(outline.points, label, type, target, nextId(), fields);
      if (!shape) return error(`the object has no area inside ${target.relPath} and was skipped`);
      const outside = outsideImage(polygonBounds(outline.points), target);
      if (outside) error(`the object reaches outside the ${target.width}×${target.height} image (${outside}) and was cut at its edge`);
      addMatched(result, target.relPath, [shape]);
    });
  }
  return result;
}
