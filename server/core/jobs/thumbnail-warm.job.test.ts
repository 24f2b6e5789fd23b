// Opening a project makes its thumbnails in the background, on a real core and real images:
// afterwards a thumbnail request finds its PNG cached instead of decoding the image.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createThumbnailCache } from '@/server/files/thumbnail-cache';
import { thumbnailJobKey } from './job-kinds';

let t: TestCore;
let folder: string;
const READABLE = ['a.png', 'b.jpg', 'c.webp', 'd.png', 'e.png'];

const settle = async (name: string) => t.core.jobs.settled(thumbnailJobKey((await t.core.projects.get('bndbox', name)).id));

async function createProject(name: string, projectFolder: string) {
  await t.core.projects.create({ source: 'folder', name, type: 'bndbox', folder: projectFolder, labelFilePath: '' });
  await t.scanSettled('bndbox', name);
}

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-thumbnail-warm-');
  await writeImage(path.join(folder, 'a.png'), { format: 'png', width: 300, height: 200 });
  await writeImage(path.join(folder, 'b.jpg'), { format: 'jpeg', width: 120, height: 333, orientation: 6 });
  await writeImage(path.join(folder, 'c.webp'), { format: 'webp', width: 64, height: 64 });
  await writeImage(path.join(folder, 'd.png'), { format: 'png', width: 17, height: 9 });
  await writeImage(path.join(folder, 'e.png'), { format: 'png', width: 500, height: 40 });
  await writeImage(path.join(folder, 'broken.png'), { format: 'png', width: 40, height: 40 });
  await createProject('warm', folder);
  // Corrupted after the scan listed it: its thumbnail can no longer be made.
  fs.writeFileSync(path.join(folder, 'broken.png'), Buffer.from('no longer a png, just some bytes'));
}, 30_000);

afterAll(() => t.close());

describe('thumbnail pre-generation', () => {
  it('opening a project caches the thumbnail of every readable image and skips the corrupt one', async () => {
    await t.core.projects.load('bndbox', 'warm');
    await settle('warm');

    const status = await t.core.projects.thumbnailStatus('bndbox', 'warm');
    expect(status).toMatchObject({ state: 'succeeded', done: 6, total: 6, result: { made: 5, cached: 0, failed: 1, stopped: false } });
    const project = await t.core.projects.get('bndbox', 'warm');
    const cache = createThumbnailCache(t.dataDir);
    const { uuids } = await t.core.projects.loadingStatus('bndbox', 'warm');
    for (const uuid of uuids) {
      const { image } = (await t.core.annotations.withImages('bndbox', 'warm', [uuid]))[0]!;
      const key = { projectId: project.id, uuid, fileSize: image.fileSize, mtimeMs: image.mtimeMs };
      expect(await cache.has(key), image.relPath).toBe(READABLE.includes(image.relPath));
      // The very PNG a request answers (classifai's thumbnail record, the strip's ?size=thumb).
      if (READABLE.includes(image.relPath)) expect((await t.core.images.thumbnail('bndbox', 'warm', uuid)).thumbnailPng.equals((await cache.get(key))!)).toBe(true);
    }
  });

  it('reopening a warmed project makes no thumbnail again', async () => {
    await t.core.projects.close('bndbox', 'warm');
    await t.core.projects.load('bndbox', 'warm');
    await settle('warm');
    expect((await t.core.projects.thumbnailStatus('bndbox', 'warm'))?.result).toEqual({ made: 0, cached: 5, failed: 1, stopped: false });
  });

  it('starting it again while it runs keeps the running job', async () => {
    const many = await makeTempDir('labelport-thumbnail-many-');
    const first = path.join(many, 'img-000.png');
    await writeImage(first, { format: 'png', width: 200, height: 150 });
    for (let index = 1; index < 40; index += 1) fs.copyFileSync(first, path.join(many, `img-${String(index).padStart(3, '0')}.png`));
    await createProject('many', many);

    await t.core.projects.load('bndbox', 'many');
    const running = await t.core.projects.thumbnailStatus('bndbox', 'many');
    await t.core.projects.load('bndbox', 'many');
    expect((await t.core.projects.thumbnailStatus('bndbox', 'many'))?.id).toBe(running?.id);

    // Closing the project stops it before every image was seen, and it ends (never "running").
    await t.core.projects.close('bndbox', 'many');
    await settle('many');
    const stopped = await t.core.projects.thumbnailStatus('bndbox', 'many');
    expect(stopped?.state).toBe('succeeded');
    expect(stopped?.result?.stopped).toBe(true);
    expect(stopped?.done).toBeLessThan(40);

    // Opened again, it finishes what is left.
    await t.core.projects.load('bndbox', 'many');
    await settle('many');
    expect(await t.core.projects.thumbnailStatus('bndbox', 'many')).toMatchObject({ done: 40, result: { made: 40 - (stopped?.result?.made ?? 0), failed: 0, stopped: false } });
  });

  it('deleting the project stops its pre-generation', async () => {
    const project = await t.core.projects.get('bndbox', 'many');
    // Cold again, so the job has work left when the project goes.
    fs.rmSync(path.join(t.dataDir, 'thumbnails'), { recursive: true, force: true });
    await t.core.projects.load('bndbox', 'many');
    await t.core.projects.remove('bndbox', 'many');
    await t.core.jobs.settled(thumbnailJobKey(project.id));
    const status = await t.core.jobs.status('thumbnails', thumbnailJobKey(project.id));
    // It ends (cancelled, or finding the images gone) instead of warming all 40 of them.
    expect(status?.state).not.toBe('running');
    expect(status?.result?.made ?? 0).toBeLessThan(40);
    const made = fs.existsSync(path.join(t.dataDir, 'thumbnails')) ? fs.readdirSync(path.join(t.dataDir, 'thumbnails'), { recursive: true }) : [];
    expect(made.filter((entry) => String(entry).endsWith('.png')).length).toBeLessThan(40);
  });
});
