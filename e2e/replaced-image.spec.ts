// A file replaced outside Labelport by another picture under the same name (cropped, say):
// once the project is reloaded, the editor shows the file as it is now, not what this tab
// decoded and read of it before.
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 60, b: 220 };
const BEFORE = { width: 320, height: 240 };
const CROPPED = { width: 160, height: 240 };

test('a file replaced by a picture of another size shows the new picture, its size, and takes boxes in its pixels after a reload', async ({ page, api, editor, home }) => {
  const folder = await makeTempDir('labelport-e2e-replaced-');
  await writeImage(path.join(folder, 'a.png'), { format: 'png', ...BEFORE, color: RED });
  await writeImage(path.join(folder, 'b.png'), { format: 'png', ...BEFORE, color: RED });
  await api.createProject('replaced', 'bndbox', { folder, labels: ['car'] });
  await editor.open('bndbox', 'replaced', '1 / 2');
  await expect(editor.canvas()).toHaveAttribute('data-drawn-image-id', /.+/);
  expect(await editor.canvasPixelsOfColor([RED.r, RED.g, RED.b])).toBeGreaterThan(1000);
  await expect(page.getByRole('region', { name: 'Image info' })).toContainText('a.png · 320 × 240');

  // Left inside the app: the tab keeps what it read and decoded of a.png.
  await page.getByRole('link', { name: '← Projects' }).click();
  fs.rmSync(path.join(folder, 'a.png'));
  await writeImage(path.join(folder, 'a.png'), { format: 'png', ...CROPPED, color: BLUE });
  const card = home.card('replaced');
  await card.getByRole('button', { name: 'Reload' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Reloaded/);
  await card.getByRole('link', { name: 'Open', exact: true }).click();

  await expect(editor.position()).toHaveText('1 / 2');
  await editor.waitImageShown();
  await expect(editor.canvas()).toHaveAttribute('data-drawn-image-id', /.+/);
  await expect(page.getByRole('region', { name: 'Image info' })).toContainText('a.png · 160 × 240');
  await expect.poll(() => editor.canvasPixelsOfColor([BLUE.r, BLUE.g, BLUE.b])).toBeGreaterThan(1000);
  expect(await editor.canvasPixelsOfColor([RED.r, RED.g, RED.b])).toBe(0);

  // Drawn on the new picture, stored in its pixels.
  await editor.drawBox({ x: 20, y: 40 }, { x: 140, y: 200 }, CROPPED);
  await editor.waitSaved();
  const box = await api.onlyBox('replaced');
  for (const [value, wanted] of [[box.x1, 20], [box.y1, 40], [box.x2, 140], [box.y2, 200]] as const) expect(Math.abs(value - wanted)).toBeLessThan(2);
  fs.rmSync(folder, { recursive: true, force: true });
});

test('the Duplicates dialog shows a file replaced outside Labelport as it is now once the project is reloaded, not the picture cached before', async ({ page, api, editor, home }) => {
  const folder = await makeTempDir('labelport-e2e-replaced-duplicates-');
  // Byte-identical copies: an exact duplicate group, whatever their colour.
  const writeCopies = async (color: typeof RED) => {
    for (const file of ['a.png', 'b.png']) fs.rmSync(path.join(folder, file), { force: true });
    await writeImage(path.join(folder, 'a.png'), { format: 'png', ...BEFORE, color });
    fs.copyFileSync(path.join(folder, 'a.png'), path.join(folder, 'b.png'));
  };
  await writeCopies(RED);
  await api.createProject('replaced-duplicates', 'bndbox', { folder, labels: ['car'] });
  const dialog = page.getByRole('dialog', { name: 'Duplicates' });
  /** The centre pixel of the dialog's thumbnail of a.png; null until it has loaded. */
  const centre = () =>
    dialog
      .locator('.duplicate-member', { hasText: 'a.png' })
      .locator('img')
      .evaluate((img: HTMLImageElement) => {
        if (!img.complete || img.naturalWidth === 0) return null;
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d');
        context?.drawImage(img, 0, 0);
        return [...(context?.getImageData(img.naturalWidth >> 1, img.naturalHeight >> 1, 1, 1).data ?? [])].slice(0, 3);
      })
      .catch(() => null);
  const near = (rgb: number[] | null, color: typeof RED) => rgb !== null && rgb.every((value, at) => Math.abs(value - [color.r, color.g, color.b][at]!) < 12);
  /**
   * Finds the duplicates and waits for a.png's thumbnail to show this colour: the picture cached
   * for 60 s must not show.
   */
  const thumbnailShows = async (color: typeof RED) => {
    await page.getByRole('button', { name: 'Duplicates…' }).click();
    await dialog.getByRole('button', { name: 'Find duplicates' }).click();
    await expect.poll(async () => near(await centre(), color), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
  };

  await editor.open('bndbox', 'replaced-duplicates', '1 / 2');
  await thumbnailShows(RED);

  await page.getByRole('link', { name: '← Projects' }).click();
  await writeCopies(BLUE);
  const card = home.card('replaced-duplicates');
  await card.getByRole('button', { name: 'Reload' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Reloaded/);
  await card.getByRole('link', { name: 'Open', exact: true }).click();
  await expect(editor.position()).toHaveText('1 / 2');
  await thumbnailShows(BLUE);
  fs.rmSync(folder, { recursive: true, force: true });
});
