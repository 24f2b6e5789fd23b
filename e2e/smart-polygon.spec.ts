// The smart polygon as a labeller uses it on a photo-sized image: drag a loose box around an
// object, correct with a click, keep the outline, and read it back in image pixels over REST.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import { resetEditorSettings, type Point } from './pages';

test.afterEach(async ({ page, world }) => resetEditorSettings(page.request, world.server.url));

const PHOTO = { width: 1920, height: 1080 };
/** An orange ellipse (the object) and an orange disc touching its right end (something else of its colour). */
const inObject = (x: number, y: number) => ((x - 900) / 260) ** 2 + ((y - 520) / 180) ** 2 < 1;
const DISC = { x: 1195, y: 540 };
const inDistractor = (x: number, y: number) => Math.hypot(x - DISC.x, y - DISC.y) < 50;

/** A 1080p JPEG: the object on a noisy two-tone background, as a camera would give it. */
async function writePhoto(folder: string, file = 'photo.jpg') {
  const { width, height } = PHOTO;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  const noise = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return (seed / 2 ** 32 - 0.5) * 36;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const object = inObject(x, y) || inDistractor(x, y);
      const [r, g, b] = object ? [225, 120, 30] : Math.floor((x + y) / 60) % 2 ? [70, 110, 170] : [90, 140, 95];
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, r + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, g + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, b + noise()));
    }
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toFile(path.join(folder, file));
}

function insidePolygon(polygon: readonly Point[], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as Point;
    const b = polygon[j] as Point;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
  }
  return hit;
}

/** Share of the object's pixels inside the polygon, and of the polygon's pixels outside the object (sampled). */
function overlap(polygon: readonly Point[], truth: (x: number, y: number) => boolean) {
  const inside = (x: number, y: number) => insidePolygon(polygon, x, y);
  let object = 0;
  let covered = 0;
  let drawn = 0;
  let stray = 0;
  for (let y = 0; y < PHOTO.height; y += 4) {
    for (let x = 0; x < PHOTO.width; x += 4) {
      const inPolygon = inside(x + 0.5, y + 0.5);
      if (truth(x, y)) object++;
      if (truth(x, y) && inPolygon) covered++;
      if (inPolygon) drawn++;
      if (inPolygon && !truth(x, y)) stray++;
    }
  }
  return { recall: covered / object, stray: stray / drawn };
}

test('a loose box becomes the outline of the object, a minus click takes away what touches it, stored in image pixels', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-smart-');
  await writePhoto(folder, 'a.jpg');
  await writePhoto(folder, 'b.jpg');
  await api.createProject('smart', 'seg', { labels: ['blob'], folder });
  await editor.open('seg', 'smart', '1 / 2');
  await page.keyboard.press('m');
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.idle');
  const box = async () => editor.drag(await editor.toScreen(PHOTO, { x: 590, y: 300 }), await editor.toScreen(PHOTO, { x: 1290, y: 740 }));

  // a.jpg: the box alone. The disc has the object's colour and touches it: it is taken in.
  await box();
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.proposing', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await editor.waitSaved();
  // b.jpg: the same box, then the user marks the disc as background.
  await editor.nextImage();
  await box();
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.proposing', { timeout: 15_000 });
  const disc = await editor.toScreen(PHOTO, DISC);
  await page.keyboard.down('Alt');
  await page.mouse.click(disc.x, disc.y);
  await page.keyboard.up('Alt');
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.proposing', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await editor.waitSaved();

  const [plain, corrected, ...rest] = await api.polygons('smart');
  expect(rest).toHaveLength(0);
  for (const polygon of [plain, corrected]) {
    expect(polygon?.label).toBe('blob');
    const points = (polygon?.coorPt ?? []) as Point[];
    expect(points.length).toBeGreaterThanOrEqual(8);
    expect(overlap(points, (x, y) => inObject(x, y) && !inDistractor(x, y)).recall).toBeGreaterThan(0.9);
  }
  expect(insidePolygon((plain?.coorPt ?? []) as Point[], DISC.x, DISC.y)).toBe(true);
  expect(insidePolygon((corrected?.coorPt ?? []) as Point[], DISC.x, DISC.y)).toBe(false);
  expect(overlap((corrected?.coorPt ?? []) as Point[], inObject).stray).toBeLessThan(0.05);
  fs.rmSync(folder, { recursive: true, force: true });
});

test('Escape drops a proposal: nothing is stored', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-smart-');
  await writePhoto(folder);
  await api.createProject('smart-escape', 'seg', { labels: ['blob'], folder });
  await editor.open('seg', 'smart-escape', '1 / 1');
  await page.keyboard.press('m');
  await editor.drag(await editor.toScreen(PHOTO, { x: 600, y: 300 }), await editor.toScreen(PHOTO, { x: 1200, y: 740 }));
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.proposing', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', 'smart.idle');
  // Enter would keep a proposal that Escape had left behind.
  await page.keyboard.press('Enter');
  await editor.waitSaved();
  expect(await api.polygons('smart-escape')).toEqual([]);
  fs.rmSync(folder, { recursive: true, force: true });
});

test('a box with no object in it says no outline was found, and Enter keeps nothing', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-smart-');
  await sharp({ create: { ...PHOTO, channels: 3, background: { r: 90, g: 140, b: 95 } } }).jpeg().toFile(path.join(folder, 'plain.jpg'));
  await api.createProject('smart-nothing', 'seg', { labels: ['blob'], folder });
  await editor.open('seg', 'smart-nothing', '1 / 1');
  await page.keyboard.press('m');
  await editor.drag(await editor.toScreen(PHOTO, { x: 600, y: 300 }), await editor.toScreen(PHOTO, { x: 1200, y: 740 }));
  await expect(editor.canvas().getByRole('status', { name: 'Smart polygon' })).toHaveText('No outline found in this box: click inside the object (+), or drag a tighter box', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(editor.canvas().getByRole('status', { name: 'Smart polygon' })).toHaveCount(0);
  await editor.waitSaved();
  expect(await api.polygons('smart-nothing')).toEqual([]);
  fs.rmSync(folder, { recursive: true, force: true });
});
