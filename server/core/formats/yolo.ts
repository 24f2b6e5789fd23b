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
  EXPORT_REPORT_JSON,
  EXPORT_REPORT_MD,
  exportAllAtOnce,
  exportStems,
  idSource,
  importedShape,
  archivePath,
  stripExtension,
  type DatasetExporter,
  type ImageMatcher,
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
import { createLabelPaths, DARKNET_FILES, darknetFiles, darknetProjectFields, yoloImageFields, YOLO_LABELS_FOLDER } from './yolo-layout';
import { EXPORT_SIDES, exportSide, type ExportSide } from './export-layout';

export { YOLO_LABELS_FOLDER } from './yolo-layout';

export const YOLO_CLASSES_PATH = 'classes.txt';
export const YOLO_DATA_PATH = 'data.yaml';
/** The files of a YOLO export no label file may take, nor have as a folder. */
const OWN_FILES = [YOLO_CLASSES_PATH, YOLO_DATA_PATH, ...DARKNET_FILES, EXPORT_REPORT_JSON, EXPORT_REPORT_MD];

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
 * Where Ultralytics reads the labels of an image placed at this path (without extension): its
 * last `images` folder read as `labels`. An image at `images/train/images/a.jpg` (a project
 * folder with an images/ folder of its own) has them in `images/train/labels/a.txt`, not
 * under the top `labels/` folder.
 */
function ultralyticsLabelPath(imageStem: string): string {
  const segments = imageStem.split('/');
  const at = segments.slice(0, -1).lastIndexOf('images');
  segments[at] = YOLO_LABELS_FOLDER;
  return `${segments.join('/')}.txt`;
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
  const labelPaths = createLabelPaths(OWN_FILES);
  const splitLabelPaths = createUniquePaths(OWN_FILES);
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
 * Needs a class list (yolo-classes.ts says where it is looked for); every label file is
 * matched to an image by its path without extension, `labels/` read as the `images/` beside it.
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
  const root = dirName(found.classes.path);
  const exported = exportedLabelFiles(labelFiles, images, root);
  const targets = exported ?? readLabelFiles(labelFiles, images, root, matcher);
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

/**
 * The image of each label file when the files are exactly those the export writes for these
 * images (paths beside classes.txt, case aside), else null. The export hands out paths first
 * come, first served in the project's order, which no reading of one path can undo:
 * `labels/a.txt` is the file of `a.jpg` or of `images/a.jpg`, `labels/a.jpg.txt` of `a.jpg` or
 * of `a.jpg.png`, whichever came first. Naming them again in the same order can; a split
 * export's file is the one of the image's stem on one of the sides.
 */
function exportedLabelFiles(files: readonly ImportFile[], images: readonly ImportTarget[], root: string): Map<ImportFile, ImportTarget> | null {
  if (files.length !== images.length) return null;
  const prefix = root ? `${root}/` : '';
  const byPath = new Map(files.filter((file) => file.path.startsWith(prefix)).map((file) => [file.path.slice(prefix.length).toLowerCase(), file]));
  const stems = exportStems(images.map((image) => image.relPath));
  const labelPaths = createLabelPaths(OWN_FILES);
  const plain = images.map((image, i) => labelPaths.pathOf(stems[i] ?? image.relPath, image.relPath, undefined));
  const split = stems.map((stem) => EXPORT_SIDES.map((side) => ultralyticsLabelPath(`images/${side}/${stem}`)).find((path) => byPath.has(path.toLowerCase())));
  for (const paths of [plain, split]) {
    const found = new Map<ImportFile, ImportTarget>();
    images.forEach((image, i) => {
      const file = byPath.get(paths[i]?.toLowerCase() ?? '');
      if (file) found.set(file, image);
    });
    // Every image a file of its own, and every file one image.
    if (found.size === files.length) return found;
  }
  return null;
}

/**
 * The paths, lower case, that an export may have given an image's label file, in any project
 * order (createLabelPaths); its whole path as its stem only when another image has its stem.
 */
function exportedPathsOf(relPath: string, stemShared: boolean): string[] {
  const paths = [`${YOLO_LABELS_FOLDER}/${relPath}.txt`];
  for (const stem of stemShared ? [stripExtension(relPath), relPath] : [stripExtension(relPath)]) {
    const folders = stem.split('/').slice(0, -1);
    if (folders.includes('images')) paths.push(ultralyticsLabelPath(stem));
    if (!folders.some((segment) => segment.toLowerCase() === YOLO_LABELS_FOLDER)) paths.push(`${YOLO_LABELS_FOLDER}/${stem}.txt`);
    paths.push(...EXPORT_SIDES.map((side) => ultralyticsLabelPath(`images/${side}/${stem}`)));
  }
  return paths.map((path) => path.toLowerCase());
}

/**
 * The image of each label file at a path an export gives, or why it cannot be told, when the
 * files are not exactly the export's set (an image added, deleted or renamed since): such a
 * path could be the file of several images (`labels/a.txt` of `a.gif` or `a.jpg`,
 * `labels/a.jpg.txt` of `a.jpg` or `a.jpg.png`, whichever came first), and reading it alone put
 * boxes on the wrong image without a word. A file goes to an image only when no other image
 * could have had it (an image another file can only be the file of is not a choice). Files at no
 * such path are left to labelFileTargets.
 */
function exportPathTargets(files: readonly ImportFile[], images: readonly ImportTarget[], root: string): Map<ImportFile, ImportTarget | string> {
  const prefix = root ? `${root}/` : '';
  const byPath = new Map<string, ImportTarget[]>();
  const stemOf = (image: ImportTarget) => stripExtension(image.relPath).toLowerCase();
  const stems = new Map<string, number>();
  for (const image of images) stems.set(stemOf(image), (stems.get(stemOf(image)) ?? 0) + 1);
  for (const image of images) {
    for (const path of new Set(exportedPathsOf(image.relPath, (stems.get(stemOf(image)) ?? 0) > 1))) byPath.set(path, [...(byPath.get(path) ?? []), image]);
  }
  const candidates = new Map(
    files.map((file) => {
      const path = file.path.startsWith(prefix) ? file.path.slice(prefix.length).toLowerCase() : '';
      // A `~n` the export added to keep two names apart.
      const found = new Set([...(byPath.get(path) ?? []), ...(byPath.get(path.replace(/~\d+\.txt$/, '.txt')) ?? [])]);
      return [file, [...found]];
    }),
  );
  const sure = new Map([...candidates].filter(([, found]) => found.length === 1).map(([file, [image]]) => [image, file]));
  const chosen = new Map([...candidates].map(([file, found]) => [file, found.length > 1 ? found.filter((image) => !sure.has(image)) : found]));
  const placed = new Map<ImportFile, ImportTarget | string>();
  for (const [file, found] of chosen) {
    const [image] = found;
    if (found.length === 1 && image) placed.set(file, image);
    else if (candidates.get(file)?.length) placed.set(file, `could be the labels of ${(candidates.get(file) ?? []).map((target) => target.relPath).join(' or ')}`);
  }
  return placed;
}

/**
 * The image of each label file not laid out exactly as the export's set, or why it cannot be
 * told: at a path an export gives, as exportPathTargets says, else as labelFileTargets reads
 * it. Two files read as one image's (the file of an image deleted or renamed since, read as
 * another's) leave both out, since either may be the other image's.
 */
function readLabelFiles(files: readonly ImportFile[], images: readonly ImportTarget[], root: string, matcher: ImageMatcher): Map<ImportFile, ImportTarget | string | null> {
  const placed = exportPathTargets(files, images, root);
  const read = labelFileTargets(files.filter((file) => !placed.has(file)), matcher);
  const targets = new Map(files.map((file) => [file, placed.get(file) ?? read.get(file) ?? null]));
  const perImage = new Map<ImportTarget, ImportFile[]>();
  for (const [file, target] of targets) if (target !== null && typeof target !== 'string') perImage.set(target, [...(perImage.get(target) ?? []), file]);
  for (const [image, named] of perImage) {
    if (named.length > 1) for (const file of named) targets.set(file, `${named.map((other) => other.path).join(' and ')} could each be the labels of ${image.relPath}`);
  }
  return targets;
}

/**
 * The image of each label file: by its path with `labels/` read as the `images/` beside it, as
 * Ultralytics reads it, else by its own path, as the export names an image outside any images/
 * folder (`labels/a.txt` for `a.jpg`). With `a.jpg` and `images/a.jpg` in one project, the
 * export gives `labels/a.txt` to whichever comes first and the other a path only it can be
 * read as (`labels/a.jpg.txt`, `labels/images/a.txt`). So a file read as an image that such a
 * file names is the label file of the image its own path names, while no such file names that
 * one: each goes back to the image it was written for, whatever their order.
 */
function labelFileTargets(files: readonly ImportFile[], matcher: ImageMatcher): Map<ImportFile, ImportTarget | null> {
  const readings = files.map((file) => {
    const stem = file.path.slice(0, -'.txt'.length);
    // The stem as a name too: `labels/a.jpg.txt` is the label file of `a.jpg` (createLabelPaths).
    return { file, beside: matcher.match([stem], [imagesStem(stem), stem]), own: matcher.match([stem], [stem]) };
  });
  const named = new Set(readings.filter(({ beside, own }) => beside !== null && beside === own).map(({ own }) => own));
  return new Map(readings.map(({ file, beside, own }) => [file, beside !== own && named.has(beside) && own !== null && !named.has(own) ? own : beside]));
}

/** Ultralytics finds `a/labels/b.txt` for `a/images/b.jpg`: the last `labels` folder read as `images`. */
function imagesStem(stem: string): string {
  const segments = stem.split(/[/\\]/);
  const at = segments.map((s) => s.toLowerCase()).lastIndexOf('labels');
  return at < 0 || at === segments.length - 1 ? stem : [...segments.slice(0, at), 'images', ...segments.slice(at + 1)].join('/');
}
