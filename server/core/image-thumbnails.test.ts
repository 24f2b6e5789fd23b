// A thumbnail being made is shared: who joins it waits for what they need, not for the write.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ThumbnailCache } from '@/server/files/thumbnail-cache';
import { probeImageBuffer } from '@/server/media/image-media';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createImageThumbnails } from './image-thumbnails';
import { createInteractiveActivity } from './interactive-activity';
import type { Repositories } from './repositories';
import type { ImageRecord, Project } from './types';

/** A cache whose writes wait until released, as the first write after a start waits for the cache's index. */
function slowWritingCache() {
  const written = new Map<string, Buffer>();
  let release = () => {};
  const writable = new Promise<void>((resolve) => (release = resolve));
  const cache: ThumbnailCache = {
    get: async (key) => written.get(key.uuid) ?? null,
    has: async (key) => written.has(key.uuid),
    put: async (key, png) => {
      await writable;
      written.set(key.uuid, png);
    },
    forget: async () => {},
  };
  return { cache, written, release };
}

// Hashes are stored in batches through these; nothing else of the store is reached here.
const hashStore = { inTransaction: (work: () => Promise<unknown>) => work(), lockProjects: async () => {}, splits: { setHashes: async () => {} } } as unknown as Repositories;

describe('image thumbnails', () => {
  it("answers a request joining the pre-generation's thumbnail once it is made, before it is written", async () => {
    const folder = await makeTempDir('labelport-thumbs-');
    await writeImage(path.join(folder, 'wide.png'), { format: 'png', width: 400, height: 200 });
    const project = { id: 'p', folder } as Project;
    const image: ImageRecord = { uuid: 'u', projectId: 'p', relPath: 'wide.png', format: 'png', width: 400, height: 200, depth: 8, fileSize: 1, mtimeMs: 1 };
    const file = { image, absPath: path.join(folder, 'wide.png') };
    const { cache, written, release } = slowWritingCache();
    const thumbnails = createImageThumbnails({ repos: hashStore, thumbnails: cache, activity: createInteractiveActivity(), previewOf: () => Promise.reject(new Error('not huge')) });

    // The workspace's warm-up (or the pre-generation) starts it; the strip asks for it meanwhile.
    const pregenerated = thumbnails.thumbnailOf(project, file);
    let cached = false;
    void pregenerated.then(() => (cached = true));
    const answered = await thumbnails.thumbnailOf(project, file, { forRequest: true });
    expect(probeImageBuffer(answered)).toMatchObject({ format: 'png', width: 100, height: 50 });
    expect(written.size).toBe(0);
    expect(cached).toBe(false);

    // The pre-generation's own promise means "on disk": it resolves once the write lands.
    release();
    expect((await pregenerated).equals(answered)).toBe(true);
    expect(written.get('u')?.equals(answered)).toBe(true);
    await thumbnails.close();
  });
});
