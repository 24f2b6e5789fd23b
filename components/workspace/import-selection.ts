// What the browser sends for an import: the chosen or dropped files narrowed to annotation
// files and zips (a dataset folder also holds its images, which the import never reads), the
// format they look like, and whether the request stays below the server's body limit.

export const IMPORT_FORMATS = ['coco', 'voc', 'yolo', 'labelme'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = { coco: 'COCO', voc: 'Pascal VOC', yolo: 'YOLO', labelme: 'LabelMe' };

/**
 * next.config.mjs lets 300 MB through per request; the JSON around the files and base64
 * (4 bytes for every 3 of a zip) must fit in it, so the dialog stops a little below.
 */
export const MAX_IMPORT_BYTES = 280 * 1024 * 1024;
export const IMPORT_LIMIT_TEXT = '280 MB per import (the server takes at most 300 MB per request)';

const ANNOTATION_FILE = /\.(json|xml|txt|ya?ml|names|data)$/i;
const ZIP_FILE = /\.zip$/i;

export const isImportable = (path: string) => ANNOTATION_FILE.test(path) || ZIP_FILE.test(path);
export const isZip = (path: string) => ZIP_FILE.test(path);

/** A file as the import sends it: text as is, a zip as base64. */
export interface SelectedFile {
  path: string;
  content: string;
  encoding?: 'base64';
}

/**
 * Paths inside the one folder the user chose or dropped: that folder is the dataset's root, as
 * it is in a zip of it. Kept, its name would lead every path, the export of what was imported
 * would hold the dataset a folder deeper each round, and its report.json would be read as data.
 */
export function insideChosenFolder<T extends { path: string }>(picked: readonly T[]): T[] {
  const first = picked[0]?.path ?? '';
  const root = first.slice(0, first.indexOf('/') + 1);
  if (root.length < 2 || !picked.every((entry) => entry.path.startsWith(root))) return [...picked];
  return picked.map((entry) => ({ ...entry, path: entry.path.slice(root.length) }));
}

/** The request body's size for these files, near enough to compare with the limit. */
export const selectionBytes = (files: readonly SelectedFile[]) => files.reduce((sum, file) => sum + file.content.length + file.path.length + 64, 0);

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1).toLowerCase();

function jsonKind(text: string): ImportFormat | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    if ('images' in value && 'annotations' in value) return 'coco';
    if ('shapes' in value) return 'labelme';
  } catch {
    return null;
  }
  return null;
}

/**
 * The format the files look like, or null when the user must say: a .json with images and
 * annotations is COCO, one with shapes labelme; .xml is VOC; .txt files with a class list
 * (classes.txt, obj.names, data.yaml) are YOLO. A zip is judged by its name (our exports end
 * in _coco.zip, _voc.zip, ...), since the browser does not open it.
 */
export function detectFormat(files: readonly SelectedFile[]): ImportFormat | null {
  for (const file of files) {
    if (file.encoding !== 'base64') continue;
    const named = IMPORT_FORMATS.find((format) => new RegExp(`(^|[_\\-. ])${format}([_\\-. ]|$)`, 'i').test(baseName(file.path).replace(/\.zip$/i, '')));
    if (named) return named;
  }
  const texts = files.filter((file) => file.encoding !== 'base64');
  for (const file of texts) {
    if (/\.json$/i.test(file.path)) {
      const kind = jsonKind(file.content);
      if (kind) return kind;
    }
  }
  if (texts.some((file) => /\.xml$/i.test(file.path))) return 'voc';
  const classList = texts.some((file) => ['classes.txt', 'obj.names', 'data.yaml', 'data.yml'].includes(baseName(file.path)) || /\.names$/i.test(file.path));
  if (classList && texts.some((file) => /\.txt$/i.test(file.path))) return 'yolo';
  return null;
}
