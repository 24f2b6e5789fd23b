// Made thumbnails kept under DATA_DIR/thumbnails, keyed by uuid, size and mtime so a changed
// file is made again. Written to a temporary name and renamed: a reader never sees half a PNG.
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

export interface ThumbnailKey {
  projectId: string;
  uuid: string;
  fileSize: number;
  mtimeMs: number;
}

export interface ThumbnailCache {
  get(key: ThumbnailKey): Promise<Buffer | null>;
  put(key: ThumbnailKey, png: Buffer): Promise<void>;
  /** Drops every thumbnail of one image (deleted or renamed away). */
  forget(projectId: string, uuid: string): Promise<void>;
}

const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');

export function createThumbnailCache(dataDir: string): ThumbnailCache {
  const root = path.join(dataDir, 'thumbnails');
  const folderOf = (projectId: string) => path.join(root, safe(projectId));
  const fileOf = (key: ThumbnailKey) =>
    path.join(folderOf(key.projectId), `${safe(key.uuid)}-${key.fileSize}-${Math.trunc(key.mtimeMs)}.png`);

  return {
    async get(key) {
      try {
        return await fsp.readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    async put(key, png) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await fsp.writeFile(temporary, png);
      await fsp.rename(temporary, target);
    },
    async forget(projectId, uuid) {
      const folder = folderOf(projectId);
      const prefix = `${safe(uuid)}-`;
      const names = await fsp.readdir(folder).catch(() => [] as string[]);
      await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => fsp.rm(path.join(folder, name), { force: true })));
    },
  };
}
