// Where a YOLO dataset names its classes, and which of its text files are label files.
// Layouts met in the wild: `classes.txt` (LabelImg, Label Studio, our export), Darknet's
// `obj.names` with `obj.data` and image lists (CVAT "YOLO 1.1"), and Ultralytics'
// `data.yaml` / `dataset.yaml` (Roboflow, labelformat) with no plain class list at all.
import { baseName, normalisePath, type ImportFile } from './common';
import { isPlaceholderClass } from './class-numbering';
import { readYamlNames } from './yaml-names';

export const YOLO_CLASSES_FILE = 'classes.txt';

export interface YoloClassList {
  /** The file the names came from, as given. */
  path: string;
  /** Class index → name, placeholders and blank lines left out. */
  names: Map<number, string>;
}

const depth = (path: string) => normalisePath(path).split('/').length;
const base = (path: string) => baseName(normalisePath(path)).toLowerCase();
const nearestRoot = (files: readonly ImportFile[]) => [...files].sort((a, b) => depth(a.path) - depth(b.path));

/** `key = value` lines of a Darknet `.data` file. */
export function readDarknetData(content: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of content.split(/\r?\n|\r/)) {
    const at = line.indexOf('=');
    if (at > 0) entries.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return entries;
}

function lineNames(content: string): Map<number, string> {
  const names = new Map<number, string>();
  content.split(/\r?\n|\r/).forEach((line, index) => {
    const name = line.trim();
    if (name !== '' && !isPlaceholderClass(name)) names.set(index, name);
  });
  return names;
}

/** A Darknet `.data` file (nearest the root) and the class list it names, when that list is in the archive. */
function findDarknetFiles(files: readonly ImportFile[], namesFiles: readonly ImportFile[]): { data: ImportFile; names: ImportFile } | undefined {
  for (const data of nearestRoot(files.filter((f) => base(f.path).endsWith('.data')))) {
    // obj.data names its list relative to Darknet's working folder (`data/obj.names`): its base name finds it here.
    const named = readDarknetData(data.content).get('names');
    const names = named ? namesFiles.find((f) => base(f.path) === base(named)) : undefined;
    if (names) return { data, names };
  }
  return undefined;
}

/**
 * The class list, looked for in this order (the first found, nearest the root, wins):
 * `classes.txt`, the `names` file an `obj.data` points at, any `*.names`, then
 * `data.yaml`, `dataset.yaml` or another `.yaml` with a `names` key. darknet: the `.data`
 * file's text and its class list's path, also beside a `classes.txt`, which our export of a
 * Darknet dataset writes too: the layout must not be lost on the way back.
 */
export function findYoloClasses(
  files: readonly ImportFile[],
): { ok: true; classes: YoloClassList; darknet?: { data: string; names: string } } | { ok: false; error: string } {
  const namesFiles = nearestRoot(files.filter((f) => base(f.path).endsWith('.names')));
  const darknetFiles = findDarknetFiles(files, namesFiles);
  const darknet = darknetFiles ? { darknet: { data: darknetFiles.data.content, names: darknetFiles.names.path } } : {};
  const classesTxt = nearestRoot(files.filter((f) => base(f.path) === YOLO_CLASSES_FILE))[0];
  if (classesTxt) return { ok: true, classes: { path: classesTxt.path, names: lineNames(classesTxt.content) }, ...darknet };
  if (darknetFiles) return { ok: true, classes: { path: darknetFiles.names.path, names: lineNames(darknetFiles.names.content) }, ...darknet };
  const namesFile = namesFiles[0];
  if (namesFile) return { ok: true, classes: { path: namesFile.path, names: lineNames(namesFile.content) } };
  const yamlFiles = nearestRoot(files.filter((f) => /\.ya?ml$/.test(base(f.path))));
  const preferred = [...yamlFiles.filter((f) => /^(data|dataset)\.ya?ml$/.test(base(f.path))), ...yamlFiles];
  const problems: string[] = [];
  for (const yaml of preferred) {
    const read = readYamlNames(yaml.content);
    if (read.ok) {
      const names = new Map([...read.names].filter(([, name]) => name.trim() !== '' && !isPlaceholderClass(name)));
      return { ok: true, classes: { path: yaml.path, names } };
    }
    if (!problems.some((p) => p.startsWith(`${yaml.path}:`))) problems.push(`${yaml.path}: ${read.error}`);
  }
  const tried = 'classes.txt is missing: the class numbers of the label files cannot be named (looked for classes.txt, obj.names, data.yaml)';
  return { ok: false, error: problems.length > 0 ? `${tried}; ${problems.join('; ')}` : tried };
}

const IMAGE_LIST_FILES = ['train', 'valid', 'val', 'test'];

/**
 * The `.txt` files that hold labels: not the class list, not a README, not a Darknet image
 * list (named in `obj.data`, or lines of paths), nor any other text none of whose lines
 * starts with a class number. Files under a `labels` folder are always read, so a broken
 * label file is reported rather than skipped.
 */
export function yoloLabelFiles(files: readonly ImportFile[], classes: YoloClassList): ImportFile[] {
  const listed = new Set<string>();
  for (const data of files.filter((f) => base(f.path).endsWith('.data'))) {
    for (const [key, value] of readDarknetData(data.content)) if (IMAGE_LIST_FILES.includes(key)) listed.add(base(value));
  }
  return files.filter((file) => {
    const name = base(file.path);
    if (!name.endsWith('.txt') || file.path === classes.path || name.startsWith('readme') || listed.has(name)) return false;
    if (normalisePath(file.path).split('/').slice(0, -1).some((segment) => segment.toLowerCase() === 'labels')) return true;
    const lines = file.content.split(/\r?\n|\r/).filter((line) => line.trim() !== '');
    return lines.length === 0 || lines.some((line) => /^\s*\d+(\s|$)/.test(line));
  });
}
