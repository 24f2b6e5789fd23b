// A plain class list, one label a line, for the formats that have none of their own (VOC,
// LabelMe): an import gives the labels its order (and keeps the labels no shape uses), and
// the export writes it again, where it was and as it was while the labels are unchanged.
import type { DatasetFields, DatasetFormat } from '@/server/core/types';
import { archivePath, baseName, normalisePath, type ExportFile, type ImportFile, type ImportResult } from './common';

const CLASS_LISTS = ['class_names.txt', 'classes.txt', 'labels.txt'];
// labelme2datasets (and labelme's own labels.txt) put the segmentation masks' background and
// labelme's ignore class first: not labels anyone draws, but written back at the top.
const NOT_A_CLASS = new Set(['_background_', '__ignore__']);

interface KeptClassList {
  path: string;
  content: string;
}

const linesOf = (content: string) => content.split(/\r?\n|\r/).map((line) => line.trim());
const classesOf = (content: string) => [...new Set(linesOf(content).filter((name) => name !== '' && !NOT_A_CLASS.has(name)))];

/**
 * The class list among files nearest the root: its labels in order ([] when there is none), and
 * the project fields that keep it for the export.
 */
export function readClassList(files: readonly ImportFile[], format: DatasetFormat): { labels: string[]; projectFields?: DatasetFields } {
  const lists = files.filter((f) => CLASS_LISTS.includes(baseName(normalisePath(f.path)).toLowerCase()));
  const [list] = lists.sort((a, b) => normalisePath(a.path).split('/').length - normalisePath(b.path).split('/').length);
  if (!list) return { labels: [] };
  const kept: KeptClassList = { path: archivePath(list.path), content: list.content };
  return { labels: classesOf(list.content), projectFields: { [format]: { classList: kept } } };
}

/** The import's result with the class list among files: its labels first, the list kept for the export. */
export function withClassList(result: ImportResult, files: readonly ImportFile[], format: DatasetFormat): ImportResult {
  const classList = readClassList(files, format);
  result.labels.push(...classList.labels);
  if (classList.projectFields) result.projectFields = classList.projectFields;
  return result;
}

/** A stored list, only while it is what readClassList stored at a path inside the archive (never trust a stored blob). */
function keptClassList(project: DatasetFields | undefined, format: DatasetFormat): KeptClassList | null {
  const kept = project?.[format]?.classList as Partial<KeptClassList> | undefined;
  if (typeof kept?.path !== 'string' || typeof kept.content !== 'string' || kept.path === '' || archivePath(kept.path) !== kept.path) return null;
  return { path: kept.path, content: kept.content };
}

/**
 * The export's class list: the imported one at its path, as it was while it names the labels in
 * the same order, else its leading background lines and line ends with the labels now. A
 * project that came without one gets defaultPath, when it has labels.
 */
export function classListFile(defaultPath: string, labels: readonly string[], project: DatasetFields | undefined, format: DatasetFormat): ExportFile[] {
  const kept = keptClassList(project, format);
  if (!kept) return labels.length > 0 ? [{ path: defaultPath, content: labels.map((label) => `${label}\n`).join('') }] : [];
  const classes = classesOf(kept.content);
  if (classes.length === labels.length && classes.every((label, i) => label === labels[i])) return [kept];
  const eol = kept.content.includes('\r\n') ? '\r\n' : '\n';
  const lines = linesOf(kept.content).filter((line) => line !== '');
  const firstClass = lines.findIndex((line) => !NOT_A_CLASS.has(line));
  const leading = firstClass === -1 ? lines : lines.slice(0, firstClass);
  return [{ path: kept.path, content: [...leading, ...labels].map((line) => `${line}${eol}`).join('') }];
}
