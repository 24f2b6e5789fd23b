// What an annotation import reads: a file, a folder, or a zip (a path or inline bytes), all
// turned into the same list of text files; a zip's entries count as a folder's files. Our own
// exports are zips, so a zip that imported nothing would be a silent loss.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, isFile, walkFolder } from '@/server/files/project-folder';
import { looksLikeZip, readZip, ZipReadError } from '@/server/files/zip-reader';
import { invalidInput } from './errors';
import { mapLimited } from '@/server/files/map-limited';
import type { ImportFile } from './formats';
import { isExportReport } from './validation/export-report';

/** A file sent in the request: text as is, or bytes (a zip, or text sent as base64). */
export type InlineImportFile = ImportFile | { path: string; bytes: Buffer };

export type ImportSource = { path: string } | { files: readonly InlineImportFile[] };

const MAX_FILES = 200_000;
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;
const MAX_ZIP_BYTES = 1024 * 1024 * 1024;
const READ_CONCURRENCY = 16;
// YOLO names its classes in .names (Darknet) or .yaml (Ultralytics) files, and Darknet's obj.data points at them.
const ANNOTATION_FILE = /\.(json|xml|txt|ya?ml|names|data)$/i;

/**
 * budget: what the import may still unpack. Shared by every zip of one import, and checked
 * against each zip's declared sizes before anything is inflated: ten small zip bombs must not
 * add up to gigabytes in memory.
 */
function unzip(bytes: Buffer, zipName: string, budget = MAX_TOTAL_BYTES): ImportFile[] {
  try {
    const entries = readZip(bytes, { select: (name) => ANNOTATION_FILE.test(name), limits: { maxEntries: MAX_FILES, maxTotalBytes: budget } });
    if (entries.length === 0) throw invalidInput(`${zipName} holds no annotation files (.json, .xml, .txt, .yaml, .names, .data)`);
    return entries.map((entry) => ({ path: entry.name, content: entry.data.toString('utf8') }));
  } catch (error) {
    if (error instanceof ZipReadError) throw invalidInput(`${zipName}: ${error.message}`);
    throw error;
  }
}

const isZipName = (name: string) => /\.zip$/i.test(name);

function checkTotals(files: readonly ImportFile[]): readonly ImportFile[] {
  if (files.length > MAX_FILES) throw invalidInput(`More than ${MAX_FILES} annotation files`);
  const total = files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
  if (total > MAX_TOTAL_BYTES) throw invalidInput('The annotation files are larger than 512 MB');
  return files;
}

/** Reads an annotation file, a zip's annotation-like entries, or those below a folder, as text. */
async function readPath(sourcePath: string): Promise<ImportFile[]> {
  const absolute = path.resolve(sourcePath);
  if (await isFile(absolute)) {
    const name = path.basename(absolute);
    if (isZipName(name)) {
      if ((await fsp.stat(absolute)).size > MAX_ZIP_BYTES) throw invalidInput(`${name} is larger than 1 GiB`);
      return unzip(await fsp.readFile(absolute), name);
    }
    if ((await fsp.stat(absolute)).size > MAX_TOTAL_BYTES) throw invalidInput(`${name} is larger than 512 MB`);
    return [{ path: name, content: await fsp.readFile(absolute, 'utf8') }];
  }
  if (!(await isDirectory(absolute))) throw invalidInput(`No such file or folder: ${sourcePath}`);
  const entries = (await walkFolder(absolute)).filter((entry) => ANNOTATION_FILE.test(entry.relPath));
  if (entries.length > MAX_FILES) throw invalidInput(`More than ${MAX_FILES} annotation files`);
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > MAX_TOTAL_BYTES) throw invalidInput('The annotation files are larger than 512 MB');
  // A few files open at a time: a folder of 200,000 label files must not run out of file handles.
  return mapLimited(entries, READ_CONCURRENCY, async (entry) => ({ path: entry.relPath, content: await fsp.readFile(entry.absPath, 'utf8') }));
}

function expandInline(files: readonly InlineImportFile[], maxTotalBytes: number): ImportFile[] {
  let budget = maxTotalBytes;
  const spend = (read: ImportFile[]) => {
    budget -= read.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
    if (budget < 0) throw invalidInput(`The annotation files are larger than ${Math.floor(maxTotalBytes / 2 ** 20)} MiB`);
    return read;
  };
  return files.flatMap((file) => {
    if ('content' in file) return spend([file]);
    if (isZipName(file.path) || looksLikeZip(file.bytes)) return spend(unzip(file.bytes, path.basename(file.path) || 'the zip', budget));
    return spend([{ path: file.path, content: file.bytes.toString('utf8') }]);
  });
}

/** maxTotalBytes: what one import may hold unpacked (smaller in tests). */
export async function readImportSource(source: ImportSource, maxTotalBytes = MAX_TOTAL_BYTES): Promise<readonly ImportFile[]> {
  const files = 'files' in source ? expandInline(source.files, maxTotalBytes) : await readPath(source.path);
  // Every export zip carries its report: importing the zip back must not read it as a dataset file.
  return checkTotals(files.filter((file) => !isExportReport(file)));
}
