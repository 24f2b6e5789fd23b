// Every path the server builds from a request goes through here: resolved, then checked to
// stay inside its project folder. Files are moved, never unlinked.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { invalidInput, invalidState } from '@/server/core/errors';
import { mapLimited } from './map-limited';

/** classifai's name for the folder deleted images are moved into; never scanned. */
import { DELETED_FOLDER_NAME } from '@/server/core/image-file-rules';

export { DELETED_FOLDER_NAME };

export interface FolderEntry {
  /** Relative to the root, `/`-separated. */
  relPath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Absolute path of relPath under root, or null when it would leave root. */
export function resolveInside(root: string, relPath: string): string | null {
  if (relPath.includes('\0')) return null;
  const absolute = path.resolve(root, relPath);
  return isInside(root, absolute) && absolute !== root ? absolute : null;
}

/**
 * Like resolveInside, but also follows symlinks: the real file must be inside the real root.
 * realpath(3) directly and on this thread: on a local disk it takes microseconds, where the
 * promise version costs two thread-pool round trips per call and queues behind file reads
 * (it was a third of a cached thumbnail's time at 10 connections).
 */
export async function resolveExistingInside(root: string, relPath: string): Promise<string | null> {
  const absolute = resolveInside(root, relPath);
  if (!absolute) return null;
  try {
    const realRoot = fs.realpathSync.native(/*turbopackIgnore: true*/ root);
    const realFile = fs.realpathSync.native(/*turbopackIgnore: true*/ absolute);
    return isInside(realRoot, realFile) ? absolute : null;
  } catch {
    return null;
  }
}

export async function isDirectory(absPath: string): Promise<boolean> {
  try {
    return (await fsp.stat(absPath)).isDirectory();
  } catch {
    return false;
  }
}

/** What a path given as a project folder turned out to be. */
export type FolderState = 'folder' | 'missing' | 'file' | 'unreadable';

export async function inspectFolder(absPath: string): Promise<FolderState> {
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(absPath);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EACCES' ? 'unreadable' : 'missing';
  }
  if (!stat.isDirectory()) return 'file';
  try {
    // Listing needs read and search permission; without them a scan would find nothing.
    await fsp.access(absPath, fs.constants.R_OK | fs.constants.X_OK);
    return 'folder';
  } catch {
    return 'unreadable';
  }
}

export async function isFile(absPath: string): Promise<boolean> {
  try {
    return (await fsp.stat(absPath)).isFile();
  } catch {
    return false;
  }
}

/**
 * Every regular file below root, sorted by relative path (byte order, as SQLite sorts).
 * Skips deleted folders at any depth and symlinks whose target lies outside root.
 */
export async function walkFolder(root: string, signal?: AbortSignal): Promise<FolderEntry[]> {
  const realRoot = await fsp.realpath(root);
  const entries: FolderEntry[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    signal?.throwIfAborted();
    const relDir = pending.pop() ?? '';
    let children: fs.Dirent[];
    try {
      children = await fsp.readdir(path.join(root, relDir), { withFileTypes: true });
    } catch {
      continue; // unreadable sub-folder: skip it, the rest of the folder still counts
    }
    const files: fs.Dirent[] = [];
    for (const child of children) {
      if (child.isDirectory()) {
        if (child.name !== DELETED_FOLDER_NAME) pending.push(relDir ? `${relDir}/${child.name}` : child.name);
      } else if (child.isFile() || child.isSymbolicLink()) files.push(child);
    }
    // A folder's files are stated several at a time: one after the other, each stat waited a
    // thread-pool round trip (some 4 s of a 100,000-file walk).
    const found = await mapLimited(files, STATS_IN_FLIGHT, async (child): Promise<FolderEntry | null> => {
      const relPath = relDir ? `${relDir}/${child.name}` : child.name;
      const absPath = path.join(root, relPath);
      try {
        if (child.isSymbolicLink() && !isInside(realRoot, await fsp.realpath(absPath))) return null;
        const stat = await statFile(absPath);
        return stat.isFile() ? { relPath, absPath, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) } : null;
      } catch {
        return null; // vanished or unreadable while walking
      }
    });
    for (const entry of found) if (entry) entries.push(entry);
  }
  // Byte order; each path's bytes made once, not twice a comparison.
  const keyed = entries.map((entry) => ({ entry, key: Buffer.from(entry.relPath) }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  return keyed.map(({ entry }) => entry);
}

const STATS_IN_FLIGHT = 16;

// The callback API, promisified: fs/promises' stat costs more in promise machinery.
const statFile = promisify(fs.stat);

// existsSync follows symlinks: it calls a dangling one free, and link() onto it fails with EEXIST.
function isTaken(absPath: string): boolean {
  return fs.lstatSync(/*turbopackIgnore: true*/ absPath, { throwIfNoEntry: false }) !== undefined;
}

// A bound no folder meets: a name that cannot be placed fails instead of spinning the server.
const MAX_NAME_ATTEMPTS = 100_000;

/** `name`, then `name(1).ext`, `name(2).ext`… */
function* numberedNames(fileName: string): Generator<string> {
  const extension = path.extname(fileName);
  const stem = fileName.slice(0, fileName.length - extension.length);
  yield fileName;
  for (let attempt = 1; attempt < MAX_NAME_ATTEMPTS; attempt += 1) yield `${stem}(${attempt})${extension}`;
}

const noFreeName = (folder: string, fileName: string) => invalidState(`No free name like ${fileName} in ${folder}`);

/** Picks `name`, else `name(1).ext`, `name(2).ext`… in folder; never an existing entry, a dangling symlink included. */
export function freeName(folder: string, fileName: string): string {
  for (const candidate of numberedNames(fileName)) if (!isTaken(path.join(/*turbopackIgnore: true*/ folder, candidate))) return candidate;
  throw noFreeName(folder, fileName);
}

/** Moves a project file into the project's deleted folder; returns where it went. */
export async function moveToDeletedFolder(root: string, absPath: string): Promise<string> {
  const folder = path.join(/*turbopackIgnore: true*/ root, DELETED_FOLDER_NAME);
  await fsp.mkdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  // A symlink of that name would carry the user's images wherever it points.
  if (!(await fsp.lstat(folder)).isDirectory()) {
    throw invalidState(`Nothing was deleted: ${DELETED_FOLDER_NAME} in ${root} is not a folder (a link or a file); move it away first`);
  }
  const target = path.join(/*turbopackIgnore: true*/ folder, freeName(folder, path.basename(absPath)));
  await fsp.rename(absPath, target);
  return target;
}

/** Prefix of our temporary files in a user's folder; a crash can leave one, never a half image. */
export const TEMP_PREFIX = '.labelport-';

const isTemporaryName = (name: string) => name.startsWith(TEMP_PREFIX) && name.endsWith('.partial');

/**
 * Names Labelport keeps for itself in a project folder: a file named like a temporary is removed
 * by the next add, and one named like the deleted folder makes every delete fail. The deleted
 * folder's name is compared ignoring case, as a case-insensitive drive does.
 */
export function isReservedName(fileName: string): boolean {
  return isTemporaryName(fileName) || fileName.toLowerCase() === DELETED_FOLDER_NAME;
}

/**
 * Fills a temporary file in folder, then gives it the first free name like fileName (never
 * overwriting): a crash mid-write leaves a `.labelport-*.partial`, never a truncated image
 * under a real name. Returns the name used.
 */
export async function placeNewFile(folder: string, fileName: string, fill: (temporaryPath: string) => Promise<void>): Promise<string> {
  if (isReservedName(fileName)) throw invalidInput(`${fileName}: the name is reserved by Labelport`);
  const temporary = path.join(/*turbopackIgnore: true*/ folder, `${TEMP_PREFIX}${randomBytes(6).toString('hex')}.partial`);
  try {
    await fill(temporary);
    // A clash moves on to the next name, never back to the same one: lstat and link can
    // disagree about a name (a racing writer, a drive that folds case).
    for (const name of numberedNames(fileName)) {
      const target = path.join(/*turbopackIgnore: true*/ folder, name);
      if (isTaken(target)) continue;
      try {
        await moveNoReplace(temporary, target);
        return name;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw noFreeName(folder, fileName);
  } finally {
    await fsp.rm(temporary, { force: true });
  }
}

/** Writes bytes under a clash-free name in folder (never overwrites); returns the name used. */
export function writeNewFile(folder: string, fileName: string, bytes: Uint8Array): Promise<string> {
  return placeNewFile(folder, fileName, (temporary) => fsp.writeFile(temporary, bytes, { flag: 'wx' }));
}

/** Removes temporary files an interrupted add left in folder (ours only, by name). */
export async function removeStaleTemporaries(folder: string): Promise<void> {
  const names = await fsp.readdir(folder).catch(() => [] as string[]);
  const stale = names.filter(isTemporaryName);
  await Promise.all(stale.map((name) => fsp.rm(path.join(folder, name), { force: true })));
}

/**
 * Moves a file to a name that must not exist yet, never replacing one: a hard link then an
 * unlink of the old name. Drives without hard links (FAT, exFAT) fall back to a checked
 * rename.
 */
export async function moveNoReplace(from: string, to: string): Promise<void> {
  try {
    await fsp.link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw error;
    if (isTaken(to)) throw Object.assign(new Error(`${to} exists`), { code: 'EEXIST' });
    await fsp.rename(from, to);
    return;
  }
  await fsp.unlink(from);
}
