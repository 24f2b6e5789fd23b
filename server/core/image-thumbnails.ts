// The one way a cached thumbnail is made: the requests and the pre-generation job both come
// here, so the file the job writes is the very file a request reads.
import fs from 'node:fs';
import { isDirectory, resolveExistingInside } from '@/server/files/project-folder';
import type { ThumbnailCache, ThumbnailKey } from '@/server/files/thumbnail-cache';
import { hashesOfThumbnail, makeThumbnailPng, makeThumbnailWithHashes, probeImageFile } from '@/server/media/image-media';
import { invalidState, isDomainError } from './errors';
import type { InteractiveActivity } from './interactive-activity';
import type { ImageHashes, Repositories } from './repositories';
import { fileKeyText } from './image-tiles';
import { isPreviewed } from './tile-pyramid';
import type { ImageRecord, Project } from './types';

export interface CurrentImageFile {
  image: ImageRecord;
  absPath: string;
}

/** Hashes wait for this many more, or this long, before one transaction stores them. */
const HASH_BATCH = 64;
const HASH_DELAY_MS = 1000;
/** Thumbnails a request made whose hashes wait for a quiet moment; past this, "find duplicates" hashes the rest. */
const MAX_WAITING_HASHES = 20_000;

export function createImageThumbnails(deps: {
  repos: Repositories;
  thumbnails: ThumbnailCache;
  activity: InteractiveActivity;
  /** A huge image's preview (made once, then stored), which its thumbnail is cut from. */
  previewOf: (project: Project, file: CurrentImageFile) => Promise<Buffer>;
}) {
  const { repos, thumbnails, activity, previewOf } = deps;

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
    // A row deleted meanwhile is simply not updated. The projects are locked first, as every
    // writer of images does: a batch locking image rows one by one could deadlock with a delete.
    const store = () =>
      repos.inTransaction(async () => {
        await repos.lockProjects([...new Set(batch.map(({ projectId }) => projectId))]);
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

  // A huge image's first open asks for its thumbnail and its preview at once, and both took a
  // decode of the whole file (450 ms each for 20,000 x 20,000 JPEG, on two cores beside the
  // pyramid's cut): the thumbnail is cut from the preview instead, one decode for both.
  const pictureOf = (project: Project, file: CurrentImageFile): Promise<Buffer> | undefined =>
    isPreviewed(file.image) ? previewOf(project, file) : undefined;

  /** The thumbnail and the hashes of a checked file, from one read and one decode; the hashes are stored. */
  const decode = async (project: Project, file: CurrentImageFile): Promise<Buffer> => {
    // The row holds the probe's facts (checked against size and mtime by current()): no second
    // header read. Orientation is not stored; sharp applies the file's EXIF itself.
    try {
      const made = await makeThumbnailWithHashes(file.absPath, facts(file), await pictureOf(project, file));
      const { fileSize, mtimeMs } = file.image;
      storeHashes(project.id, file.image.uuid, { contentHash: made.contentHash, perceptualHash: made.perceptualHash, fileSize, mtimeMs });
      return made.png;
    } catch (error) {
      throw undecodable(file, error);
    }
  };

  // A preview that failed says so itself, in the same words.
  const undecodable = (file: CurrentImageFile, error: unknown) =>
    isDomainError(error) ? error : invalidState(`Image ${file.image.uuid} cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);

  const facts = (file: CurrentImageFile) => {
    const { format, width, height, depth } = file.image;
    return { format, width, height, depth, orientation: 1 };
  };

  const keyOf = (project: Project, image: ImageRecord): ThumbnailKey => ({
    projectId: project.id,
    uuid: image.uuid,
    fileSize: image.fileSize,
    mtimeMs: image.mtimeMs,
  });

  // Shown in the editor over the canvas: a whole folder gone (a drive unplugged) is the usual
  // cause, and a file name says more to the user than the image's uuid.
  const missingFileText = async (project: Project, image: ImageRecord) =>
    (await isDirectory(project.folder))
      ? `The file ${image.relPath} is not in the project folder ${project.folder} (missing, or a link leading outside it)`
      : `The project folder ${project.folder} is missing: plug in its drive, or reload the project once it is back`;

  /** The image as it is on disk now: a changed file is identified again (its size may differ). */
  const current = async (project: Project, image: ImageRecord): Promise<CurrentImageFile> => {
    const absPath = await resolveExistingInside(project.folder, image.relPath);
    if (!absPath) throw invalidState(await missingFileText(project, image));
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

  /** The hashes from the file and its cached thumbnail (no decode); false when that thumbnail is gone. */
  const hashFromCached = async (project: Project, file: CurrentImageFile): Promise<boolean> => {
    const png = await thumbnails.get(keyOf(project, file.image));
    if (!png) return false;
    const hashes = await hashesOfThumbnail(file.absPath, png);
    storeHashes(project.id, file.image.uuid, { ...hashes, fileSize: file.image.fileSize, mtimeMs: file.image.mtimeMs });
    return true;
  };

  // A request's thumbnail is answered before it is hashed: the file's SHA-256 and the dHash
  // cost a fifth of a cold thumbnail. They are computed here once no request has run for a
  // moment, from the file and the cached PNG; lost to a restart, "find duplicates" makes them.
  const waiting = new Map<string, { project: Project; file: CurrentImageFile }>();
  let draining = false;
  let closed = false;
  const drainWaiting = async () => {
    draining = true;
    try {
      for (let next = waiting.entries().next(); !next.done; next = waiting.entries().next()) {
        await activity.waitForQuiet();
        const [key, { project, file }] = next.value;
        waiting.delete(key);
        // A file gone or changed meanwhile is hashed by its next decode or "find duplicates".
        await hashFromCached(project, file).catch(() => false);
      }
    } finally {
      draining = false;
    }
  };
  const hashLater = (project: Project, file: CurrentImageFile) => {
    if (closed || waiting.size >= MAX_WAITING_HASHES) return;
    waiting.set(`${project.id}/${file.image.uuid}`, { project, file });
    if (!draining) void drainWaiting();
  };

  // Until it is on disk, a thumbnail being made is shared: the strip and the
  // editor ask for the same one at once, and the pre-generation may be making it when they ask.
  // png: the PNG once made, what a request waits for; cached: once it is also on disk.
  const making = new Map<string, { png: Promise<Buffer>; cached: Promise<Buffer> }>();

  // The pre-generation's (and the workspace's first image's): hashed on the way; `cached` resolves
  // once the PNG is written. A request joining it waits for the PNG only: the first write after a
  // start waits for the cache's index of what an earlier run left (seconds, for 100,000 files),
  // and the workspace's first thumbnail had waited for it with the warm-up.
  const makeWithHashes = (project: Project, file: CurrentImageFile, key: ThumbnailKey) => {
    const png = decode(project, file);
    const cached = png.then(async (made) => {
      await thumbnails.put(key, made);
      return made;
    });
    return { png, cached, settled: cached.catch(() => undefined) };
  };

  // A request's, and a huge image's on any path: answered as soon as the PNG is made, written
  // and hashed afterwards. A huge file's SHA-256 (38 MB for 20,000 x 20,000 JPEG) held a request
  // that joined the pre-generation's thumbnail a quarter of a second after its preview was made.
  const makeThenHash = (project: Project, file: CurrentImageFile, key: ThumbnailKey) => {
    const png = (async () => {
      try {
        return await makeThumbnailPng(file.absPath, facts(file), await pictureOf(project, file));
      } catch (error) {
        throw undecodable(file, error);
      }
    })();
    const settled = png.then(
      (made) =>
        thumbnails
          .put(key, made)
          .then(() => hashLater(project, file))
          .catch(() => undefined),
      () => undefined,
    );
    return { png, cached: png, settled };
  };

  /**
   * The cached 100 px PNG of a file current() checked, made and cached when absent. A request
   * (forRequest) gets the PNG alone, at sharp's own speed: it is answered before the PNG is on
   * disk (the write is five thread-pool steps the client need not wait for, and a failed write
   * only means it is made again later) and before its hashes are made (hashLater).
   */
  const thumbnailOf = async (project: Project, file: CurrentImageFile, { forRequest = false } = {}): Promise<Buffer> => {
    const key = keyOf(project, file.image);
    const cached = await thumbnails.get(key);
    if (cached) return cached;
    const text = fileKeyText(key);
    const shared = making.get(text);
    if (shared) return forRequest ? shared.png : shared.cached;
    const made = forRequest || isPreviewed(file.image) ? makeThenHash(project, file, key) : makeWithHashes(project, file, key);
    making.set(text, made);
    void made.settled.finally(() => making.delete(text));
    return forRequest ? made.png : made.cached;
  };

  /**
   * Hashes a checked file: from its cached thumbnail when there is one, else from a decode that
   * caches the thumbnail on the way. What "find duplicates" does for the images not hashed yet.
   */
  const hash = async (project: Project, file: CurrentImageFile): Promise<void> => {
    if (await hashFromCached(project, file)) return;
    const key = keyOf(project, file.image);
    const png = await decode(project, file);
    if (!(await thumbnails.has(key))) await thumbnails.put(key, png);
  };

  return {
    current,
    thumbnailOf,
    hash,
    /** Stores the hashes computed so far (a job's end). */
    flushHashes,
    /** The server's close: hashes not computed yet are left to "find duplicates"; those computed are stored. */
    close: () => {
      closed = true;
      waiting.clear();
      return flushHashes();
    },
    /** Cheap: one access() on the key the stored row gives, no read of the image. */
    isCached: (project: Project, image: ImageRecord): Promise<boolean> => thumbnails.has(keyOf(project, image)),
  };
}

export type ImageThumbnails = ReturnType<typeof createImageThumbnails>;
