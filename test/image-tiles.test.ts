// Huge images on a real core: the preview at once, the pyramid cut as a job, tiles that are the
// image's own pixels where the canvas will put them, and the limits of what a request may name.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { openCore } from '@/server/runtime/open-core';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createTileStore } from '@/server/files/tile-store';
import { isDomainError } from '@/server/core/errors';

let t: TestCore;
let folder: string;
const WIDE = { width: 9000, height: 5000 };

/** A picture whose every region differs: a colour gradient both ways with a grid of dark lines. */
async function writeHuge(file: string, width: number, height: number, orientation?: number) {
  const small = Buffer.alloc(300 * 200 * 3);
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 300; x++) {
      const i = (y * 300 + x) * 3;
      const line = x % 25 === 0 || y % 25 === 0;
      small[i] = line ? 20 : Math.round((x / 300) * 255);
      small[i + 1] = line ? 20 : Math.round((y / 200) * 255);
      small[i + 2] = line ? 20 : 128;
    }
  }
  let image = sharp(small, { raw: { width: 300, height: 200, channels: 3 } }).resize(width, height, { kernel: 'nearest' });
  if (orientation) image = sharp(await image.jpeg().toBuffer(), { limitInputPixels: false }).withMetadata({ orientation });
  await image.jpeg({ quality: 90 }).toFile(file);
}

const uuidOf = async (name: string, file: string) => {
  const { uuids } = await t.core.projects.loadingStatus('bndbox', name);
  for (const uuid of uuids) if ((await t.core.annotations.withImages('bndbox', name, [uuid]))[0]?.image.relPath === file) return uuid;
  return '';
};

async function ready(name: string, uuid: string) {
  for (;;) {
    const status = await t.core.tiles.status('bndbox', name, uuid);
    if (status.state !== 'cutting') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pixels(input: Buffer | string, region?: { left: number; top: number; width: number; height: number }) {
  let image = sharp(input, { limitInputPixels: false }).rotate();
  if (region) image = image.extract(region);
  return image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

const meanDifference = (a: Buffer, b: Buffer) => a.reduce((sum, value, i) => sum + Math.abs(value - (b[i] ?? 0)), 0) / a.length;

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-tiles-');
  await writeHuge(path.join(folder, 'wide.jpg'), WIDE.width, WIDE.height);
  // Stored 5000 wide and 9000 high, shown turned a quarter: the pyramid must be upright.
  await writeHuge(path.join(folder, 'turned.jpg'), 5000, 9000, 6);
  await t.core.projects.create({ source: 'folder', name: 'huge', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'huge');
}, 120_000);

afterAll(() => t.close());

describe('huge images in tiles', () => {
  it('gives a 2048 px preview at once and cuts a pyramid whose tiles are the image where the canvas puts them', async () => {
    const uuid = await uuidOf('huge', 'wide.jpg');
    const preview = await sharp(await t.core.tiles.preview('bndbox', 'huge', uuid)).metadata();
    expect([preview.width, preview.height]).toEqual([2048, 1138]);

    const first = await t.core.tiles.status('bndbox', 'huge', uuid);
    expect(first).toMatchObject({ state: 'cutting', width: 9000, height: 5000, tileSize: 512, topLevel: 14 });
    const done = await ready('huge', uuid);
    expect(done.state).toBe('ready');

    // Top level, column 3, row 2: image pixels 1536..2047 x 1024..1535.
    const tile = await pixels(await t.core.tiles.tile('bndbox', 'huge', uuid, '14/3_2'));
    expect([tile.info.width, tile.info.height]).toEqual([512, 512]);
    const original = await pixels(path.join(folder, 'wide.jpg'), { left: 1536, top: 1024, width: 512, height: 512 });
    expect(meanDifference(tile.data, original.data)).toBeLessThan(6);
    // The last column is cut at the image's edge.
    expect((await pixels(await t.core.tiles.tile('bndbox', 'huge', uuid, '14/17_9'))).info).toMatchObject({ width: 9000 - 17 * 512, height: 5000 - 9 * 512 });
    // A second ask finds it ready without a new job.
    expect(await t.core.tiles.status('bndbox', 'huge', uuid)).toMatchObject({ state: 'ready' });
  }, 120_000);

  it('cuts an EXIF-turned image upright', async () => {
    const uuid = await uuidOf('huge', 'turned.jpg');
    const status = await ready('huge', uuid);
    expect(status).toMatchObject({ state: 'ready', width: 9000, height: 5000 });
    const tile = await pixels(await t.core.tiles.tile('bndbox', 'huge', uuid, '14/17_9'));
    expect(tile.info).toMatchObject({ width: 9000 - 17 * 512, height: 5000 - 9 * 512 });
  }, 120_000);

  it("cuts a huge image's thumbnail from its preview, one making for requests that come together, upright", async () => {
    await t.core.projects.create({ source: 'folder', name: 'huge-thumbs', type: 'bndbox', folder, labelFilePath: '' });
    await t.scanSettled('bndbox', 'huge-thumbs');
    const project = await t.core.projects.get('bndbox', 'huge-thumbs');
    const store = createTileStore(t.dataDir);
    for (const file of ['wide.jpg', 'turned.jpg']) {
      const uuid = await uuidOf('huge-thumbs', file);
      const { image } = (await t.core.annotations.withImages('bndbox', 'huge-thumbs', [uuid]))[0]!;
      const key = { projectId: project.id, uuid, fileSize: image.fileSize, mtimeMs: image.mtimeMs };
      expect(await store.preview(key), file).toBeNull();
      // The strip and the editor ask at once: both get the PNG of one making.
      const [strip, editor] = await Promise.all([t.core.images.thumbnail('bndbox', 'huge-thumbs', uuid), t.core.images.thumbnail('bndbox', 'huge-thumbs', uuid)]);
      expect(strip.thumbnailPng, file).toBe(editor.thumbnailPng);
      // Made from the preview, which is stored for the editor on the way.
      expect(await store.preview(key), file).not.toBeNull();
      const thumbnail = await pixels(strip.thumbnailPng);
      expect(thumbnail.info, file).toMatchObject({ width: 100, height: 55 });
      const original = await sharp(await sharp(path.join(folder, file), { limitInputPixels: false }).rotate().resize(100, 55, { fit: 'fill' }).toBuffer()).removeAlpha().raw().toBuffer();
      expect(meanDifference(thumbnail.data, original), file).toBeLessThan(12);
    }
  }, 120_000);

  it('refuses tile names that are not level/column_row and tiles outside the image, without touching the disk around them', async () => {
    const uuid = await uuidOf('huge', 'wide.jpg');
    await ready('huge', uuid);
    for (const bad of ['../../../../etc/passwd', '14/3_2/../../x', '14/3-2', '']) {
      const error = await t.core.tiles.tile('bndbox', 'huge', uuid, bad).catch((caught: unknown) => caught);
      expect(isDomainError(error) && error.code).toBe('invalid_input');
    }
    const outside = await t.core.tiles.tile('bndbox', 'huge', uuid, '14/99_0').catch((caught: unknown) => caught);
    expect(isDomainError(outside) && outside.code).toBe('not_found');
  }, 60_000);

  it('cuts again after the file changed, and keeps the store under its byte bound', async () => {
    const store = createTileStore(t.dataDir, { maxBytes: 1 });
    const key = { projectId: 'p', uuid: 'u', fileSize: 1, mtimeMs: 1 };
    await store.cutPyramid(key, async (base) => {
      await sharp({ create: { width: 600, height: 600, channels: 3, background: '#808080' } }).jpeg().tile({ size: 512, layout: 'dz' }).toFile(base);
    });
    expect(store.hasPyramid(key)).toBe(true);
    const next = { ...key, mtimeMs: 2 };
    await store.cutPyramid(next, async (base) => {
      await sharp({ create: { width: 600, height: 600, channels: 3, background: '#404040' } }).jpeg().tile({ size: 512, layout: 'dz' }).toFile(base);
    });
    // The bound of 1 byte leaves room for the newest pyramid only.
    expect(store.hasPyramid(next)).toBe(true);
    expect(store.hasPyramid(key)).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'tiles', 'p')).filter((name) => name.startsWith('.partial'))).toEqual([]);
  });
});

describe('huge images whose cut was stopped, and BMPs', () => {
  it('cuts again after a restart stopped the cut', async () => {
    const own = await createTestCore();
    const dir = await makeTempDir('labelport-tiles-restart-');
    await writeHuge(path.join(dir, 'wide.jpg'), WIDE.width, WIDE.height);
    await own.core.projects.create({ source: 'folder', name: 'restart', type: 'bndbox', folder: dir, labelFilePath: '' });
    await own.scanSettled('bndbox', 'restart');
    await own.core.projects.load('bndbox', 'restart');
    const [uuid = ''] = (await own.core.projects.loadingStatus('bndbox', 'restart')).uuids;
    expect((await own.core.tiles.status('bndbox', 'restart', uuid)).state).toBe('cutting');
    // The server stops while it cuts: the job is recorded as failed (interrupted).
    await own.core.close();
    const reopened = await openCore({ dataDir: own.dataDir, log: () => undefined });
    try {
      await reopened.projects.load('bndbox', 'restart');
      expect((await reopened.tiles.status('bndbox', 'restart', uuid)).state).toBe('cutting');
      for (;;) {
        const status = await reopened.tiles.status('bndbox', 'restart', uuid);
        if (status.state !== 'cutting') {
          expect(status.state).toBe('ready');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('leaves a BMP to its preview, with the reason', async () => {
    const own = await createTestCore();
    const dir = await makeTempDir('labelport-tiles-bmp-');
    await writeImage(path.join(dir, 'big.bmp'), { format: 'bmp', width: 8000, height: 6000 });
    await own.core.projects.create({ source: 'folder', name: 'bmp', type: 'bndbox', folder: dir, labelFilePath: '' });
    await own.scanSettled('bndbox', 'bmp');
    await own.core.projects.load('bndbox', 'bmp');
    const [uuid = ''] = (await own.core.projects.loadingStatus('bndbox', 'bmp')).uuids;
    try {
      expect(await own.core.tiles.status('bndbox', 'bmp', uuid)).toMatchObject({ state: 'failed', message: expect.stringContaining('2048 px preview') });
      const preview = await sharp(await own.core.tiles.preview('bndbox', 'bmp', uuid)).metadata();
      expect([preview.width, preview.height]).toEqual([2048, 1536]);
    } finally {
      await own.close();
    }
  }, 120_000);
});
