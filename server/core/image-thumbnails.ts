// The one way a cached thumbnail is made: the requests and the pre-generation job both come
// here, so the file the job writes is the very file a request reads.
import fs from 'node:fs';
import { resolveExistingInside } from '@/server/files/project-folder';
import type { ThumbnailCache, ThumbnailKey } from '@/server/files/thumbnail-cache';
import { makeThumbnailWithHashes, probeImageFile } from '@/server/media/image-media';
import { invalidState } from './errors';
import type { ImageHashes, Repositories } from './repositories';
import type { ImageRecord, Project } from './types';

export interface CurrentImageFile {
  image: ImageRecord;
  absPath: string;
}

/** Hashes wait for this many more, or this long, before one transaction stores them. */
const HASH_BATCH = 64;
const HASH_DELAY_MS = 1000;

export function createImageThumbnails(deps: { repos: Repositories; thumbnails: ThumbnailCache }) {
  const { repos, thumbnails } = deps;

  // Each COMMIT waits for an fsync (synchronous = FULL): one per thumbnail would slow both the
  // cold thumbnails and the pre-generation. Hashes are stored in batches instead; one lost to
  // a kill is only computed again by the next decode or "find duplicates".
  let pendingHashes: Array<{ projectId: string; uuid: string; hashes: ImageHashes }> = [];
  let hashTimer: ReturnType<typeof setTimeout> | undefined;
  // The batches being stored, in order: a flush resolves once every hash handed in before it is.
  let stored: Promise<void> = Promise.resolve();
  const flushHashes = (): Promise<void> => {
    clearTimeout(hashTimer);
    hashTimer = undefined;
    const batch = pendingHashes;
    pendingHashes = [];
    if (batch.length === 0) return stored;
    // A row deleted meanwhile is simply not updated.
    const store = () =>
      repos.inTransaction(async () => {
        for (const { projectId, uuid, hashes } of batch) await repos.splits.setHashes(projectId, uuid, hashes);
      });
    stored = stored.catch(() => undefined).then(store);
    return stored;
  };
  // From a timer or a decode, nobody waits for the batch: one that fails (a full disk) is only
  // computed again by the next decode or "find duplicates", as after a kill.
  const flushHashesLater = () => void flushHashes().catch(() => undefined);
  const storeHashes = (projectId: string, uuid: string, hashes: ImageHashes) => {
    pendingHashes.push({ projectId, uuid, hashes });
    if (pendingHashes.length >= HASH_BATCH) flushHashesLater();
    else if (!hashTimer) {
      hashTimer = setTimeout(flushHashesLater, HASH_DELAY_MS);
      hashTimer.unref?.();
    }
  };

  /** The thumbnail and the hashes of a checked file, from one read and one decode; the hashes are stored. */
  const decode = async (project: Project, file: CurrentImageFile): Promise<Buffer> => {
    // The row holds the probe's facts (checked against size and mtime by current()): no second
    // header read. Orientation is not stored; sharp applies the file's EXIF itself.
    const { format, width, height, depth } = file.image;
    try {
      const made = await makeThumbnailWithHashes(file.absPath, { format, width, height, depth, orientation: 1 });
      const { fileSize, mtimeMs } = file.image;
      storeHashes(project.id, file.image.uuid, { contentHash: made.contentHash, perceptualHash: made.perceptualHash, fileSize, mtimeMs });
      return made.png;
    } catch (error) {
      throw invalidState(`Image ${file.image.uuid} cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const keyOf = (project: Project, image: ImageRecord): ThumbnailKey => ({
    projectId: project.id,
    uuid: image.uuid,
    fileSize: image.fileSize,
    mtimeMs: image.mtimeMs,
  });

  /** The image as it is on disk now: a changed file is identified again (its size may differ). */
  const current = async (project: Project, image: ImageRecord): Promise<CurrentImageFile> => {
    const absPath = await resolveExistingInside(project.folder, image.relPath);
    if (!absPath) throw invalidState(`The file of image ${image.uuid} is missing or outside the project folder`);
    // On this thread, like the containment check: microseconds, where a thread-pool round trip
    // queues behind the file reads of other requests.
    const stat = fs.statSync(absPath);
    const mtimeMs = Math.trunc(stat.mtimeMs);
    if (stat.size === image.fileSize && mtimeMs === image.mtimeMs) return { image, absPath };
    const probe = await probeImageFile(absPath);
    if (!probe) throw invalidState(`The file of image ${image.uuid} is no longer a readable image`);
    const facts = { format: probe.format, width: probe.width, height: probe.height, depth: probe.depth, orientation: probe.orientation, fileSize: stat.size, mtimeMs };
    await repos.inTransaction(() => repos.images.updateFileFacts(project.id, image.uuid, facts));
    return { image: { ...image, ...facts }, absPath };
  };

  /**
   * The cached 100 px PNG of a file current() checked, made and cached when absent. A request
   * (storeInBackground) is answered before the new PNG is on disk: the write is five thread-pool
   * steps the client need not wait for, and a failed write only means it is made again later.
   */
  const thumbnailOf = async (project: Project, file: CurrentImageFile, { storeInBackground = false } = {}): Promise<Buffer> => {
    const key = keyOf(project, file.image);
    const cached = await thumbnails.get(key);
    if (cached) return cached;
    const png = await decode(project, file);
    const stored = thumbnails.put(key, png);
    if (storeInBackground) stored.catch(() => undefined);
    else await stored;
    return png;
  };

  /**
   * Hashes a checked file (its thumbnail is cached on the way when absent): what "find
   * duplicates" does for the images no thumbnail decode has hashed yet.
   */
  const hash = async (project: Project, file: CurrentImageFile): Promise<void> => {
    const key = keyOf(project, file.image);
    const png = await decode(project, file);
    if (!(await thumbnails.has(key))) await thumbnails.put(key, png);
  };

  return {
    current,
    thumbnailOf,
    hash,
    /** Stores the hashes still waiting (a job's end, the server's close). */
    flushHashes,
    /** Cheap: one access() on the key the stored row gives, no read of the image. */
    isCached: (project: Project, image: ImageRecord): Promise<boolean> => thumbnails.has(keyOf(project, image)),
  };
}

export type ImageThumbnails = ReturnType<typeof createImageThumbnails>;
