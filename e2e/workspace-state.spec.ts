// The workspace keeps its counts true while the user labels, and reopens where they left off.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { editorPage, restApi } from './pages';

test('shape badges and the To do list follow the labelling without a reload', async ({ page, world }) => {
  const labels = path.join(world.imageFolder, '..', 'counts-labels.txt');
  fs.writeFileSync(labels, 'car\n');
  await restApi(page.request, world.server.url).createProject('counts', 'bndbox', world.imageFolder, labels);
  const editor = editorPage(page, world.server.url);
  await editor.open('bndbox', 'counts', '1 / 8');
  const c = await editor.centre();
  const strip = page.getByRole('complementary', { name: 'Images' });
  const firstRow = strip.getByRole('button', { name: 'bitmap.bmp' });
  await expect(firstRow.locator('.strip-count')).toHaveCount(0);
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await expect(firstRow.locator('.strip-count')).toHaveText('1');

  await strip.getByRole('tab', { name: /To do/ }).click();
  await expect(page.getByLabel('Position')).toHaveText('1 / 7');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 7');
  await editor.waitImageShown();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await editor.waitSaved();
  // The open list stays put (position and chip agree); a button offers the fresh one.
  await expect(page.getByLabel('Position')).toHaveText('1 / 7');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 7');
  await strip.getByRole('button', { name: /Update list \(6 now\)/ }).click();
  await expect(page.getByLabel('Position')).toHaveText('1 / 6');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 6');
});

test('reopening a project continues at the same image with the same label', async ({ page, world }) => {
  const labels = path.join(world.imageFolder, '..', 'resume-labels.txt');
  fs.writeFileSync(labels, 'car\ntree\nsky\n');
  await restApi(page.request, world.server.url).createProject('resume', 'bndbox', world.imageFolder, labels);
  const editor = editorPage(page, world.server.url);
  await editor.open('bndbox', 'resume', '1 / 8');
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(page.getByLabel('Position')).toHaveText('3 / 8');
  await page.keyboard.press('2');
  await expect(page.getByRole('region', { name: 'Labels' }).locator('.label-row.active')).toContainText('tree');
  await page.goto(`${world.server.url}/`);
  await editor.open('bndbox', 'resume', '3 / 8');
  await expect(page.getByRole('region', { name: 'Labels' }).locator('.label-row.active')).toContainText('tree');
});
