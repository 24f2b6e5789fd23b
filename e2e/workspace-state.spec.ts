// The workspace keeps its counts true while the user labels, and reopens where they left off.
import fs from 'node:fs';
import path from 'node:path';
import type { Route } from '@playwright/test';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import { editorPage } from './pages';

test('shape badges and the To do list follow the labelling without a reload', async ({ api, editor }) => {
  await api.createProject('counts', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'counts', '1 / 8');
  const c = await editor.centre();
  const strip = editor.imageStrip();
  const firstRow = strip.getByRole('button', { name: 'bitmap.bmp' });
  await expect(firstRow.locator('.strip-count')).toHaveCount(0);
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await expect(firstRow.locator('.strip-count')).toHaveText('1');

  await strip.getByRole('tab', { name: /To do/ }).click();
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 7');
  await editor.waitImageShown();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await editor.waitSaved();
  // The open list stays put; its chip counts the images as they are now, as the button does.
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 6');
  await strip.getByRole('button', { name: /Update list \(6 now\)/ }).click();
  await expect(editor.position()).toHaveText('1 / 6');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 6');
});

test('the chips add up while the open To do list stays as it was opened', async ({ api, editor }) => {
  await api.createProject('chips', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'chips', '1 / 8');
  const strip = editor.imageStrip();
  await strip.getByRole('tab', { name: /To do/ }).click();
  await expect(strip.getByRole('tab')).toHaveText(['All 8', 'Labeled 0', 'To do 8']);
  await editor.waitImageShown();
  const c = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await editor.waitSaved();
  // To do had kept its count from the opening while Labeled counted live: 1 + 8 of 8.
  await expect(strip.getByRole('tab')).toHaveText(['All 8', 'Labeled 1', 'To do 7']);
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(strip.getByRole('button', { name: /Update list \(7 now\)/ })).toBeVisible();
});

test("the image's history lists each save with its shape count, newest first", async ({ page, api, editor }) => {
  await api.createProject('trail', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'trail', '1 / 8');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x - 20, y: c.y + 50 });
  await editor.waitSaved();
  await editor.drag({ x: c.x + 20, y: c.y - 50 }, { x: c.x + 100, y: c.y + 50 });
  await editor.waitSaved();
  const info = page.getByRole('region', { name: 'Image info' });
  await expect(info).toContainText('Version 2: local, workspace');
  await info.getByText('History').click();
  await expect(info.locator('.history li')).toHaveText([/^v2 local \(workspace, 2 shapes\)/, /^v1 local \(workspace, 1 shape\)/]);
});

test('reopening a project continues at the same image with the same label', async ({ page, world, api, editor }) => {
  await api.createProject('resume', 'bndbox', { labels: ['car', 'tree', 'sky'] });
  await editor.open('bndbox', 'resume', '1 / 8');
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('3 / 8');
  await editor.pressLabel(2);
  await expect(editor.activeLabel()).toContainText('tree');
  await page.goto(`${world.server.url}/`);
  await editor.open('bndbox', 'resume', '3 / 8');
  await expect(editor.activeLabel()).toContainText('tree');
});

test('polygons drawn on three images in a rush, the tab closed at once: reopened on the third', async ({ context, world, api }) => {
  await api.createProject('resume-rush', 'seg', { labels: ['road'] });
  const page = await context.newPage();
  const editor = editorPage(page, world.server.url);
  await editor.open('seg', 'resume-rush', '1 / 8');
  const c = await editor.centre();
  // The workspace follows each switch a frame later, in a transition the clicks kept putting
  // off: the place was saved one or two images back.
  for (let image = 1; image <= 3; image += 1) {
    await editor.drawPolygon([
      { x: c.x - 80, y: c.y - 60 },
      { x: c.x + 80, y: c.y - 50 },
      { x: c.x + 10, y: c.y + 70 },
    ]);
    if (image < 3) await page.keyboard.press('d');
  }
  await page.close();

  await editorPage(await context.newPage(), world.server.url).open('seg', 'resume-rush', '3 / 8');
  await expect.poll(async () => (await api.polygons('resume-rush')).length).toBe(3);
});

test('reopened on an image a page further on, the editor shows no other image first, and a box drawn meanwhile goes on that image', async ({ page, api, editor }) => {
  const images = 150;
  const folder = await makeTempDir('labelport-e2e-resume-far-');
  const file = (index: number) => `photo-${String(index).padStart(3, '0')}.png`;
  await writeImage(path.join(folder, file(0)), { format: 'png', width: 320, height: 240, color: { r: 90, g: 140, b: 200 } });
  for (let index = 1; index < images; index += 1) fs.copyFileSync(path.join(folder, file(0)), path.join(folder, file(index)));
  await api.createProject('resume-far', 'bndbox', { folder, labels: ['car'] });
  await editor.open('bndbox', 'resume-far', `1 / ${images}`);
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('121');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText(`121 / ${images}`);
  await editor.waitImageShown();
  // The resume point is written just after the image shows; a reload before that reopens on 1.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('labelport:resume:bndbox/resume-far'))).toContain('"index":120');

  // The list's second page, where image 121 is, is held back: the first page is on screen long
  // before the workspace knows the saved image is still there.
  const held: Route[] = [];
  const secondPage = (url: URL) => url.pathname.includes('image.page') && decodeURIComponent(url.search).includes('"offset":100');
  await page.route(secondPage, (route) => void held.push(route));
  await page.reload();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(editor.imageStrip().getByRole('button', { name: file(0) })).toBeVisible();
  await expect(page.getByTestId('editor-canvas')).toHaveAttribute('data-image-id', '');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 60, y: c.y + 40 });

  for (const route of held) await route.continue();
  await page.unroute(secondPage);
  await expect(editor.position()).toHaveText(`121 / ${images}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(120));
  await editor.waitSaved();
  await expect.poll(async () => (await api.boxesOf('resume-far', file(120))).length).toBe(1);
  expect(await api.boxesOf('resume-far', file(0))).toEqual([]);
});
