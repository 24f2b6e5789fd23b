// Which image each label file of a YOLO import is for. The export hands label paths out first
// come, first served in the project's order, so one path alone does not always name its image:
// when the files are exactly the export's set they are named again the same way; else a path an
// export gives goes to an image only when no other could have had it, and the rest are read by
// their paths as Ultralytics reads them.
import { exportStems, stripExtension, type ImageMatcher, type ImportFile, type ImportTarget } from './common';
import { EXPORT_SIDES } from './export-layout';
import { createLabelPaths, ultralyticsLabelPath, YOLO_LABELS_FOLDER, YOLO_OWN_FILES } from './yolo-layout';

/**
 * The image of each label file beside the class list at root, or why it cannot be told (a
 * string, said in the import's errors); null: no image.
 */
export function labelFileTargets(files: readonly ImportFile[], images: readonly ImportTarget[], root: string, matcher: ImageMatcher): Map<ImportFile, ImportTarget | string | null> {
  return exportedLabelFiles(files, images, root) ?? readLabelFiles(files, images, root, matcher);
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
  const labelPaths = createLabelPaths(YOLO_OWN_FILES);
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
 * such path are left to targetsByPath.
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
 * told: at a path an export gives, as exportPathTargets says, else as targetsByPath reads
 * it. Two files read as one image's (the file of an image deleted or renamed since, read as
 * another's) leave both out, since either may be the other image's.
 */
function readLabelFiles(files: readonly ImportFile[], images: readonly ImportTarget[], root: string, matcher: ImageMatcher): Map<ImportFile, ImportTarget | string | null> {
  const placed = exportPathTargets(files, images, root);
  const read = targetsByPath(files.filter((file) => !placed.has(file)), matcher);
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
function targetsByPath(files: readonly ImportFile[], matcher: ImageMatcher): Map<ImportFile, ImportTarget | null> {
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
