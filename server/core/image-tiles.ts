// Huge images in the editor: a one-picture preview at once, then a tile pyramid cut in the
// background (a job, so its progress is polled like any long work). The preview and the cut
// are made here for both the job and the requests, each at most once at a time per image.
import fsp from 'node:fs/promises';
import type { TileKey, TileStore } from '@/server/files/tile-store';
import { cutTilePyramid, makePreviewJpeg } from '@/server/media/image-media';
import { imageNotFound, invalidInput, invalidState, notFound } from './errors';
import type { CurrentImageFile, ImageThumbnails } from './image-thumbnails';
import type { JobRunner } from './jobs/job-runner';
import type { JobKinds } from './jobs/job-kinds';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import { parseTileName, PREVIEW_SIDE, pyramidLevel, TILE_SIZE, topLevel } from './tile-pyramid';
import type { AnnotationType, ImageRecord, Project } from './types';

export const tileKeyOf = (project: Project, image: ImageRecord): TileKey => ({ projectId: project.id, uuid: image.uuid, fileSize: image.fileSize, mtimeMs: image.mtimeMs });

/** One text for an image file as it is now (a tile's or a thumbnail's key): what is being made of it is found by it. */
export const fileKeyText = (key: TileKey) => `${key.projectId}/${key.uuid}/${key.fileSize}/${key.mtimeMs}`;

/** Every tile of every level: the cut's progress counts written tiles against this. */
export function tileCount(width: number, height: number): number {
  let count = 0;
  for (let level = 0; level <= topLevel(width, height); level++) {
    const info = pyramidLevel(width, height, level);
    count += info.columns * info.rows;
  }
  return count;
}

const DECODE_FAILURE = 'cannot be decoded';
const RETRY_AFTER_MS = 60_000;
const BMP_NOT_TILED = 'BMP images are shown from their 2048 px preview: they are not cut into tiles';

const decodeFailure = (image: ImageRecord, error: unknown) =>
  invalidState(`Image ${image.uuid} ${DECODE_FAILURE}: ${error instanceof Error ? error.message : String(error)}`);

export function createTileMaker(store: TileStore) {
  const previews = new Map<string, Promise<Buffer>>();
  // One cut at a time (each holds a decoded band of a huge image and both cores), newest asked
  // first: someone flipping through ten huge images waits for the one on screen, not the nine before.
  const queue: Array<() => Promise<void>> = [];
  let cutting = false;
  const pump = () => {
    const next = queue.pop();
    if (cutting || !next) return;
    cutting = true;
    void next().finally(() => {
      cutting = false;
      pump();
    });
  };

  const preview = async (key: TileKey, file: CurrentImageFile): Promise<Buffer> => {
    const stored = await store.preview(key);
    if (stored) return stored;
    const text = fileKeyText(key);
    let making = previews.get(text);
    if (!making) {
      making = makePreviewJpeg(file.absPath, { ...file.image, orientation: 1 }, PREVIEW_SIDE)
        .catch((error: unknown) => {
          throw decodeFailure(file.image, error);
        })
        .then(async (jpeg) => {
          await store.putPreview(key, jpeg);
          return jpeg;
        })
        .finally(() => previews.delete(text));
      previews.set(text, making);
    }
    return making;
  };

  const pyramid = (key: TileKey, file: CurrentImageFile, progress: (done: number, total: number) => void, signal: AbortSignal): Promise<void> => {
    const run = async () => {
      signal.throwIfAborted();
      if (store.hasPyramid(key)) return;
      const total = tileCount(file.image.width, file.image.height);
      progress(0, total);
      await store.cutPyramid(key, async (base, tilesFolder) => {
        // libvips says nothing while it cuts: count the tiles it has written.
        const timer = setInterval(() => {
          fsp.readdir(tilesFolder, { recursive: true }).then((names) => progress(Math.min(total - 1, names.filter((name) => name.endsWith('.jpeg')).length), total), () => undefined);
        }, 250);
        try {
          await cutTilePyramid(file.absPath, { ...file.image, orientation: 1 }, base, TILE_SIZE);
        } catch (error) {
          throw decodeFailure(file.image, error);
        } finally {
          clearInterval(timer);
        }
      });
      progress(total, total);
    };
    return new Promise<void>((resolve, reject) => {
      queue.push(() => run().then(resolve, reject));
      pump();
    });
  };

  return { preview, pyramid };
}

export type TileMaker = ReturnType<typeof createTileMaker>;

export interface TileStatus {
  state: 'cutting' | 'ready' | 'failed';
  width: number;
  height: number;
  tileSize: number;
  topLevel: number;
  done: number;
  total: number;
  message: string;
}

export function createImageTiles(deps: {
  repos: Repositories;
  projects: ProjectService;
  thumbnails: ImageThumbnails;
  jobs: JobRunner<JobKinds>;
  store: TileStore;
  maker: TileMaker;
  now?: () => number;
}) {
  const { repos, projects, thumbnails, jobs, store, maker } = deps;
  const now = deps.now ?? Date.now;
  const retried = new Map<string, number>();

  const open = async (type: AnnotationType, name: string, uuid: string) => {
    const project = await projects.get(type, name);
    const image = await repos.images.find(project.id, uuid);
    if (!image) throw imageNotFound(project.name, uuid);
    const file = await thumbnails.current(project, image);
    return { project, file, key: tileKeyOf(project, file.image) };
  };

  return {
    /** The pyramid's state; the first ask starts its cut. A failed cut is not retried until the file changes. */
    async status(type: AnnotationType, name: string, uuid: string): Promise<TileStatus> {
      const { project, file, key } = await open(type, name, uuid);
      const { width, height } = file.image;
      const base = { width, height, tileSize: TILE_SIZE, topLevel: topLevel(width, height) };
      if (store.hasPyramid(key)) return { ...base, state: 'ready', done: 1, total: 1, message: '' };
      if (file.image.format === 'bmp') return { ...base, state: 'failed', done: 0, total: 0, message: BMP_NOT_TILED };
      const jobKey = `tiles:${project.id}:${uuid}:${key.fileSize}:${Math.trunc(key.mtimeMs)}`;
      const known = await jobs.status('tiles', jobKey);
      // A file that cannot be decoded stays failed until it changes; a cut stopped by a
      // restart or a passing error (a full disk) is tried again, at most once a minute.
      const retry = known?.state === 'failed' && !known.message.includes(DECODE_FAILURE) && now() - (retried.get(jobKey) ?? 0) > RETRY_AFTER_MS;
      if (retry) retried.set(jobKey, now());
      const job = known && known.state !== 'succeeded' && !retry ? known : await jobs.start('tiles', jobKey, { projectId: project.id, uuid });
      if (job.state === 'failed') return { ...base, state: 'failed', done: 0, total: 0, message: job.message };
      return { ...base, state: store.hasPyramid(key) ? 'ready' : 'cutting', done: job.done, total: job.total, message: '' };
    },

    async preview(type: AnnotationType, name: string, uuid: string): Promise<Buffer> {
      const { file, key } = await open(type, name, uuid);
      return maker.preview(key, file);
    },

    async tile(type: AnnotationType, name: string, uuid: string, tile: string): Promise<Buffer> {
      const parsed = parseTileName(tile);
      if (!parsed) throw invalidInput(`Not a tile name: ${tile}; expected level/column_row`);
      const { key } = await open(type, name, uuid);
      const bytes = await store.tile(key, parsed.level, parsed.column, parsed.row);
      if (!bytes) throw notFound(`No tile ${tile} of image ${uuid} (not cut yet, or outside the image)`);
      return bytes;
    },
  };
}

export type ImageTiles = ReturnType<typeof createImageTiles>;
