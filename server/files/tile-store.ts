// Tile pyramids of huge images under DATA_DIR/tiles, one folder per image version (uuid, file
// size and mtime: a changed file gets a new pyramid): `preview.jpeg` and `pyramid/` (libvips'
// Deep Zoom layout). A pyramid is cut into a temporary folder and renamed into place whole, so
// a reader sees all of it or none. The store is bounded: past maxBytes, the pyramids used least
// recently go. Only folders under DATA_DIR/tiles are ever removed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

export interface TileKey {
  projectId: string;
  uuid: string;
  fileSize: number;
  mtimeMs: number;
}

export const DEFAULT_TILE_STORE_BYTES = 8 * 1024 ** 3;
const PYRAMID = 'pyramid';
/** libvips names the tile folder after the output file: pyramid → pyramid_files. */
const TILES = `${PYRAMID}_files`;

const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');

async function bytesUnder(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await fsp.readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += (await fsp.stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

export function createTileStore(dataDir: string, options: { maxBytes?: number } = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_TILE_STORE_BYTES;
  const root = path.join(dataDir, 'tiles');
  const folderOf = (key: TileKey) => path.join(root, safe(key.projectId), `${safe(key.uuid)}-${key.fileSize}-${Math.trunc(key.mtimeMs)}`);

  // Each image version's bytes on disk, least recently used first (a Map keeps insertion order).
  const sizes = new Map<string, number>();
  let indexed: Promise<void> | undefined;
  const index = () =>
    (indexed ??= (async () => {
      for (const project of await fsp.readdir(root).catch(() => [] as string[])) {
        for (const name of await fsp.readdir(path.join(root, project)).catch(() => [] as string[])) {
          const folder = path.join(root, project, name);
          // A cut interrupted by a crash or a stop: never complete, never read.
          if (name.startsWith('.partial-')) await fsp.rm(folder, { recursive: true, force: true });
          else sizes.set(folder, await bytesUnder(folder));
        }
      }
    })());
  const touch = (folder: string, bytes?: number) => {
    const size = bytes ?? sizes.get(folder) ?? 0;
    sizes.delete(folder);
    sizes.set(folder, size);
  };
  const evict = async (keep: string) => {
    let total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const [folder, size] of sizes) {
      if (total <= maxBytes) return;
      if (folder === keep) continue;
      sizes.delete(folder);
      total -= size;
      await fsp.rm(folder, { recursive: true, force: true });
    }
  };

  return {
    hasPyramid: (key: TileKey): boolean => fs.existsSync(path.join(folderOf(key), PYRAMID)),
    /** A tile's bytes, or null when the pyramid or that tile is not there. */
    async tile(key: TileKey, level: number, column: number, row: number): Promise<Buffer | null> {
      const folder = folderOf(key);
      touch(folder);
      return fsp.readFile(path.join(folder, PYRAMID, TILES, String(level), `${column}_${row}.jpeg`)).catch(() => null);
    },
    async preview(key: TileKey): Promise<Buffer | null> {
      return fsp.readFile(path.join(folderOf(key), 'preview.jpeg')).catch(() => null);
    },
    async putPreview(key: TileKey, jpeg: Buffer): Promise<void> {
      await index();
      const folder = folderOf(key);
      await fsp.mkdir(folder, { recursive: true });
      const temporary = path.join(folder, `.preview-${randomBytes(4).toString('hex')}.tmp`);
      await fsp.writeFile(temporary, jpeg);
      await fsp.rename(temporary, path.join(folder, 'preview.jpeg'));
      touch(folder, (sizes.get(folder) ?? 0) + jpeg.length);
    },
    /**
     * Runs cut(base, tilesFolder) in a temporary folder (libvips writes base.dzi and the tiles
     * folder), then moves the finished pyramid into place. tilesFolder lets the caller count
     * the tiles written so far for progress.
     */
    async cutPyramid(key: TileKey, cut: (base: string, tilesFolder: string) => Promise<void>): Promise<void> {
      await index();
      const folder = folderOf(key);
      const partial = path.join(path.dirname(folder), `.partial-${randomBytes(4).toString('hex')}`);
      await fsp.mkdir(partial, { recursive: true });
      try {
        await cut(path.join(partial, PYRAMID), path.join(partial, TILES));
        await fsp.mkdir(folder, { recursive: true });
        const finished = path.join(partial, 'done');
        await fsp.mkdir(finished);
        await fsp.rename(path.join(partial, TILES), path.join(finished, TILES));
        await fsp.rename(path.join(partial, `${PYRAMID}.dzi`), path.join(finished, `${PYRAMID}.dzi`)).catch(() => undefined);
        await fsp.rename(finished, path.join(folder, PYRAMID));
      } finally {
        await fsp.rm(partial, { recursive: true, force: true });
      }
      touch(folder, await bytesUnder(folder));
      await evict(folder);
    },
  };
}

export type TileStore = ReturnType<typeof createTileStore>;
