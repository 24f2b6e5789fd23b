// Where a YOLO export puts its files. Ultralytics looks for an image's labels by reading the
// last `images` folder of its path as `labels`; Darknet (CVAT's "YOLO 1.1") keeps them beside
// the images and names its classes in `obj.names`, listed by `obj.data` with a `train.txt`
// of image paths. An imported dataset's own label file paths and Darknet files are kept
// (image and project dataset fields), so its export lands where the source had them.
import type { DatasetFields } from '@/server/core/types';
import { archivePath, baseName, createUniquePaths, EXPORT_REPORT_JSON, EXPORT_REPORT_MD, renamedBeside, stripExtension } from './common';
import { readDarknetData } from './yolo-classes';

export const YOLO_LABELS_FOLDER = 'labels';

/** The label file an image was imported from. */
export const yoloImageFields = (labelFile: string): DatasetFields => ({ yolo: { labelFile } });

/** A stored label path, only while it is a plain relative `.txt` path (never trust a stored blob). */
function storedLabelFile(dataset: DatasetFields | undefined): string | null {
  const file = dataset?.yolo?.labelFile;
  if (typeof file !== 'string' || !file.toLowerCase().endsWith('.txt')) return null;
  // Kept from whoever sent the import: written only while it stays inside the archive.
  return archivePath(file) === file ? file : null;
}

/**
 * The stored label path, following its image's rename: an import pairs a label file only with
 * an image of its stem (or, in the export's naming, of its base name).
 */
function keptLabelFile(dataset: DatasetFields | undefined, stem: string, relPath: string): string | null {
  const file = storedLabelFile(dataset);
  if (file === null) return null;
  // A `~n` the export added to keep two names apart (`labels/a.jpg~2.txt`) is no rename.
  const named = stripExtension(baseName(file)).toLowerCase().replace(/~\d+$/, '');
  const image = baseName(relPath).toLowerCase();
  return named === image || named === stripExtension(image) ? file : renamedBeside(file, stem, '.txt');
}

/**
 * Unique label file paths, case aside: the imported file's own path, else beside the
 * `images` folder (`train/images/a.jpg` → `train/labels/a.txt`), else `labels/<stem>.txt`,
 * or `labels/<relPath>.txt` when another image took that path.
 */
export function createLabelPaths(reserved: readonly string[]) {
  const { claimIfFree: claim, claim: claimNumbered } = createUniquePaths(reserved);
  return {
    pathOf(stem: string, relPath: string, dataset: DatasetFields | undefined): string {
      const segments = stem.split('/');
      const at = segments.slice(0, -1).lastIndexOf('images');
      const sibling = at < 0 ? null : `${[...segments.slice(0, at), YOLO_LABELS_FOLDER, ...segments.slice(at + 1)].join('/')}.txt`;
      // With its extension the path names the image itself, which the import matches first.
      const fallback = `${YOLO_LABELS_FOLDER}/${relPath}.txt`;
      // The import reads a path's last labels/ folder as images/ first: `labels/labels/a.txt`
      // (for `labels/a.png`) would be read as `images/a`, which names `a.jpg` when there is one.
      const plain = segments.slice(0, -1).some((segment) => segment.toLowerCase() === YOLO_LABELS_FOLDER) ? null : `${YOLO_LABELS_FOLDER}/${stem}.txt`;
      return claim(keptLabelFile(dataset, stem, relPath)) ?? claim(sibling) ?? claim(plain) ?? claim(fallback) ?? claimNumbered(fallback);
    },
  };
}

/** Project fields of a Darknet import: its `.data` file as written and the name of its class list. */
export const darknetProjectFields = (dataFile: string, namesFile: string): DatasetFields => ({ yolo: { darknet: { data: dataFile, names: namesFile } } });

/** Paths no label file may take: the Darknet files an export may write. */
export const DARKNET_FILES = ['obj.names', 'obj.data', 'train.txt'];

/** The Darknet files a project imported in that layout gets back: names, the `.data` file, the image list. */
export function darknetFiles(project: DatasetFields | undefined, classLines: readonly string[], imagePaths: readonly string[]) {
  const darknet = project?.yolo?.darknet;
  if (typeof darknet !== 'object' || darknet === null) return [];
  const { data } = darknet as Record<string, unknown>;
  const source = typeof data === 'string' ? readDarknetData(data) : new Map<string, string>();
  // The class count follows the table; the other settings (backup, valid …) stay as written.
  const lines = [`classes = ${classLines.length}`, ...[...source].filter(([key]) => key !== 'classes').map(([key, value]) => `${key} = ${value}`)];
  if (!source.has('train')) lines.push('train = data/train.txt');
  if (!source.has('names')) lines.push('names = data/obj.names');
  return [
    { path: 'obj.names', content: classLines.map((line) => `${line}\n`).join('') },
    { path: 'obj.data', content: `${lines.join('\n')}\n` },
    { path: 'train.txt', content: imagePaths.map((relPath) => `data/${relPath}\n`).join('') },
  ];
}

export const YOLO_CLASSES_PATH = 'classes.txt';
export const YOLO_DATA_PATH = 'data.yaml';
/** The files of a YOLO export no label file may take, nor have as a folder. */
export const YOLO_OWN_FILES = [YOLO_CLASSES_PATH, YOLO_DATA_PATH, ...DARKNET_FILES, EXPORT_REPORT_JSON, EXPORT_REPORT_MD];

/**
 * Where Ultralytics reads the labels of an image placed at this path (without extension): its
 * last `images` folder read as `labels`. An image at `images/train/images/a.jpg` (a project
 * folder with an images/ folder of its own) has them in `images/train/labels/a.txt`, not
 * under the top `labels/` folder.
 */
export function ultralyticsLabelPath(imageStem: string): string {
  const segments = imageStem.split('/');
  const at = segments.slice(0, -1).lastIndexOf('images');
  segments[at] = YOLO_LABELS_FOLDER;
  return `${segments.join('/')}.txt`;
}
