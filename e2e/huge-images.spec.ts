// A photo too big to decode whole, as a labeller meets it: the picture shows at once, the full
// resolution arrives in tiles (never the whole file in the browser), and shapes drawn on it,
// by hand or with the smart polygon, are stored in the original's pixels.
import type { Request } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import { resetEditorSettings } from './pages';

test.afterEach(async ({ page, world }) => resetEditorSettings(page.request, world.server.url));

const HUGE = { width: 9000, height: 6000 };
/** An orange disc (the object) on a chequer of blue and green: every region of the image differs from its neighbours. */
const DISC = { x: 5400, y: 3300, r: 1500 };

async function writeHuge(folder: string) {
  const small = { width: 900, height: 600 };
  const pixels = Buffer.alloc(small.width * small.height * 3);
  let seed = 5;
  const noise = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return (seed / 2 ** 32 - 0.5) * 30;
  };
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      const inDisc = Math.hypot(x * 10 - DISC.x, y * 10 - DISC.y) < DISC.r;
      const base = inDisc ? [225, 120, 30] : (Math.floor(x / 40) + Math.floor(y / 40)) % 2 ? [70, 110, 170] : [90, 140, 95];
      for (let c = 0; c < 3; c++) pixels[(y * small.width + x) * 3 + c] = Math.max(0, Math.min(255, (base[c] ?? 0) + noise()));
    }
  }
  await sharp(pixels, { raw: { ...small, channels: 3 } })
    .resize(HUGE.width, HUGE.height, { kernel: 'nearest' })
    .jpeg({ quality: 85 })
    .toFile(path.join(folder, 'huge.jpg'));
}

test('a 54-megapixel photo opens from its preview, sharpens from tiles, and keeps shapes in its own pixels', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-huge-');
  await writeHuge(folder);
  const imageRequests: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/image/')) imageRequests.push(new URL(request.url()).search);
  });
  await api.createProject('huge', 'bndbox', { labels: ['disc'], folder });
  await editor.open('bndbox', 'huge', '1 / 1');
  await expect(editor.canvas()).toHaveAttribute('data-drawn-image-id', /.+/);
  await expect(editor.canvas()).toHaveAttribute('data-tiles', 'ready', { timeout: 60_000 });
  await expect(editor.canvas()).toHaveAttribute('data-tiles-sharp', 'true');

  // Drawn on the fitted view: stored in the original's pixels.
  await page.keyboard.press('b');
  await editor.drawBox({ x: 1000, y: 1000 }, { x: 3000, y: 2500 }, HUGE);
  await editor.waitSaved();
  const box = await api.onlyBox('huge');
  // One screen pixel is ~7 image pixels here.
  for (const [value, wanted] of [[box.x1, 1000], [box.y1, 1000], [box.x2, 3000], [box.y2, 2500]] as const) expect(Math.abs(value - wanted)).toBeLessThan(15);

  // Zoomed to 100%, the top level's tiles are fetched and drawn.
  await page.keyboard.press('0');
  await expect(editor.canvas()).toHaveAttribute('data-tiles-sharp', 'true');
  expect(imageRequests.some((search) => search.startsWith('?tile=14/'))).toBe(true);
  // Never the whole file: the browser only ever asked for the thumbnail, the preview and tiles.
  expect(imageRequests.filter((search) => !/^\?(size=thumb|size=preview|tile=\d+\/\d+_\d+)&v=[\w-]+$/.test(search))).toEqual([]);
  fs.rmSync(folder, { recursive: true, force: true });
});

test('the smart polygon outlines an object of a huge image, stored in the original pixels', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-huge-smart-');
  await writeHuge(folder);
  await api.createProject('huge-smart', 'bndbox', { labels: ['disc'], folder });
  await editor.open('bndbox', 'huge-smart', '1 / 1');
  await expect(editor.canvas()).toHaveAttribute('data-drawn-image-id', /.+/);
  await page.keyboard.press('m');
  await editor.drawBox({ x: DISC.x - DISC.r - 500, y: DISC.y - DISC.r - 400 }, { x: DISC.x + DISC.r + 400, y: DISC.y + DISC.r + 450 }, HUGE);
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.proposing', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await editor.waitSaved();
  // In a bndbox project the outline is kept as its tight box: the disc's own box.
  const box = await api.onlyBox('huge-smart');
  for (const [value, wanted] of [[box.x1, DISC.x - DISC.r], [box.y1, DISC.y - DISC.r], [box.x2, DISC.x + DISC.r], [box.y2, DISC.y + DISC.r]] as const) {
    expect(Math.abs(value - wanted)).toBeLessThan(80);
  }
  fs.rmSync(folder, { recursive: true, force: true });
});
