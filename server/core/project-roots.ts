// LABELPORT_ROOTS: on a team server, projects are made only from folders under these. The
// check follows symlinks and `..` to the real folder, so neither can lead outside. The folder
// browser of the create dialog lists the roots and the folders under them, nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from '@/server/files/project-folder';
import { DomainError, invalidInput } from './errors';

const LISTED_AT_MOST = 1000;
const IMAGE_NAME = /\.(jpe?g|png|bmp|webp)$/i;

export interface FolderListing {
  /** Null when listing the roots themselves. */
  path: string | null;
  parent: string | null;
  folders: Array<{ name: string; path: string; imageFiles: number }>;
  truncated: boolean;
}

const realOrNull = (absPath: string) => fs.promises.realpath(absPath).catch(() => null);

export function createProjectRoots(roots: readonly string[] | undefined) {
  const realRoots = async () => (await Promise.all((roots ?? []).map(realOrNull))).filter((root): root is string => root !== null);

  /** The real path of a folder or file under a root; outside_root (400) otherwise. Anything goes without roots. */
  const check = async (absPath: string, what = 'folder'): Promise<string> => {
    if (!roots) return absPath;
    const real = await realOrNull(absPath);
    const allowed = await realRoots();
    if (real !== null && allowed.some((root) => isInside(root, real))) return real;
    throw new DomainError('outside_root', `The ${what} ${absPath} is not under a project root of this server (LABELPORT_ROOTS: ${(roots ?? []).join(', ')})`);
  };

  const imageFilesIn = async (folder: string) => {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile() && IMAGE_NAME.test(entry.name)).length;
  };

  return {
    /** Null when any folder may be used (no LABELPORT_ROOTS). */
    roots: roots ? [...roots] : null,
    check,

    /** The roots (no path), or the folders directly under a folder inside one; hidden ones left out. */
    async list(folder?: string): Promise<FolderListing> {
      if (!roots) throw invalidInput('This server has no project roots (LABELPORT_ROOTS): type the folder instead');
      if (folder === undefined || folder === '') {
        const listed = await Promise.all(roots.map(async (root) => ({ name: root, path: root, imageFiles: await imageFilesIn(root) })));
        return { path: null, parent: null, folders: listed, truncated: false };
      }
      const real = await check(path.resolve(folder));
      const entries = (await fs.promises.readdir(/*turbopackIgnore: true*/ real, { withFileTypes: true }).catch(() => [])).filter((entry) => !entry.name.startsWith('.'));
      const folders: FolderListing['folders'] = [];
      for (const entry of entries) {
        if (folders.length >= LISTED_AT_MOST) break;
        const child = path.join(/*turbopackIgnore: true*/ real, entry.name);
        const isFolder = entry.isDirectory() || (entry.isSymbolicLink() && (await fs.promises.stat(/*turbopackIgnore: true*/ child).catch(() => null))?.isDirectory());
        // A symlink leading out of the roots is not offered.
        if (isFolder && (await check(child).then(() => true, () => false))) folders.push({ name: entry.name, path: child, imageFiles: await imageFilesIn(child) });
      }
      folders.sort((a, b) => a.name.localeCompare(b.name));
      const allowed = await realRoots();
      const parent = allowed.includes(real) ? null : path.dirname(real);
      return { path: real, parent, folders, truncated: folders.length >= LISTED_AT_MOST };
    },
  };
}

export type ProjectRoots = ReturnType<typeof createProjectRoots>;
