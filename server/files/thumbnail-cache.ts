// Made thumbnails kept under DATA_DIR/thumbnails, keyed by uuid, size and mtime so a changed
// file is made again. Written to a temporary name and renamed: a reader never sees half a PNG.
// The cache is bounded: past maxBytes on disk, the least recently written thumbnails go (they
// are made again when asked for). Only files under DATA_DIR/thumbnails are ever removed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { mapLimited } from './map-limited';

export interface ThumbnailKey {
  projectId: string;
  uuid: string;
  fileSize: number;
  mtimeMs: number;
}

export interface ThumbnailCache {
  get(key: ThumbnailKey): Promise<Buffer | null>;
  /** Whether the thumbnail is on disk, without reading it: the pre-generation's skip check. */
  has(key: ThumbnailKey): Promise<boolean>;
  put(key: ThumbnailKey, png: Buffer): Promise<void>;
  /** Drops every thumbnail of one image (deleted or renamed away). */
  forget(projectId: string, uuid: string): Promise<void>;
}

export interface ThumbnailCacheOptions {
  /** Upper bound of the bytes the cache keeps on disk. */
  maxBytes?: number;
}

export const DEFAULT_THUMBNAIL_CACHE_BYTES = 256 * 1024 * 1024;

const STATS_IN_FLIGHT = 16;
// The callback API, promisified: fs/promises' stat costs more in promise machinery.
const statFile = promisify(fs.stat);

const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');

export function createThumbnailCache(dataDir: string, options: ThumbnailCacheOptions = {}): ThumbnailCache {
  const maxBytes = options.maxBytes ?? DEFAULT_THUMBNAIL_CACHE_BYTES;
  const root = path.join(dataDir, 'thumbnails');
  const folderOf = (projectId: string) => path.join(root, safe(projectId));
  const fileOf = (key: ThumbnailKey) =>
    path.join(folderOf(key.projectId), `${safe(key.uuid)}-${key.fileSize}-${Math.trunc(key.mtimeMs)}.png`);

  // Every cached file and its size, oldest write first (a Map keeps insertion order).
  const sizes = new Map<string, number>();
  let total = 0;
  const remember = (file: string, size: number) => {
    total -= sizes.get(file) ?? 0;
    sizes.delete(file);
    sizes.set(file, size);
    total += size;
  };
  const drop = (file: string) => {
    total -= sizes.get(file) ?? 0;
    sizes.delete(file);
  };

  // What an earlier run left, learnt once before the first write; its leftover temporaries go.
  let indexed: Promise<void> | undefined;
  const index = () =>
    (indexed ??= (async () => {
      const found: Array<{ file: string; size: number; mtimeMs: number }> = [];
      for (const folder of await fsp.readdir(root).catch(() => [] as string[])) {
        const names = await fsp.readdir(path.join(root, folder)).catch(() => [] as string[]);
        // Several stats at a time: one after the other, 102,000 thumbnails took 5 s (0.9 s so).
        await mapLimited(names, STATS_IN_FLIGHT, async (name) => {
          const file = path.join(root, folder, name);
          if (name.endsWith('.tmp')) return fsp.rm(file, { force: true });
          const stat = await statFile(file).catch(() => null);
          if (stat?.isFile()) found.push({ file, size: stat.size, mtimeMs: stat.mtimeMs });
        });
      }
      // Every put waits for this, so nothing of this run is remembered yet.
      for (const entry of found.sort((a, b) => a.mtimeMs - b.mtimeMs)) remember(entry.file, entry.size);
    })());

  const evict = async () => {
    while (total > maxBytes) {
      const oldest = sizes.keys().next();
      if (oldest.done) return;
      drop(oldest.value);
      await fsp.rm(oldest.value, { force: true });
    }
  };

  return {
    async get(key) {
      // A thumbnail is a few KB: read at once, not in fsp.readFile's four thread-pool steps.
      try {
        return fs.readFileSync(fileOf(key));
      } catch {
        return null;
      }
    },
    async has(key) {
      try {
        await fsp.access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async put(key, png) {
      if (png.length > maxBytes) return; // would push out everything, itself included
      await index();
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await fsp.writeFile(temporary, png);
      await fsp.rename(temporary, target);
      remember(target, png.length);
      await evict();
    },
    async forget(projectId, uuid) {
      const folder = folderOf(projectId);
      const prefix = `${safe(uuid)}-`;
      const names = await fsp.readdir(folder).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => name.startsWith(prefix))
          .map((name) => {
            drop(path.join(folder, name));
            return fsp.rm(path.join(folder, name), { force: true });
          }),
      );
    },
  };
}
