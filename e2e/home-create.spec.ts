// The create dialog says what it found, asks before an empty project, words failures in its
// own sentences, and every page has its icon.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

async function openDialog(page: Page, url: string, name: string, folder: string) {
  await page.goto(url);
  await page.getByRole('button', { name: /New project|Create your first project/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Image folder').fill(folder);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  return dialog;
}

test('an empty folder: the dialog says no images were found and asks first', async ({ page, world }) => {
  const empty = await makeTempDir('labelport-e2e-empty-');
  fs.writeFileSync(path.join(empty, 'notes.txt'), 'no pictures here\n');
  const dialog = await openDialog(page, world.server.url, 'Nothing yet', empty);
  await expect(dialog.getByRole('status')).toHaveText('No images found in this folder (1 file that is not an image)');
  await page.screenshot({ path: path.join(world.screenshotDir, 'create-empty-confirm.png') });

  await dialog.getByRole('button', { name: 'Choose another folder' }).click();
  await expect(dialog.getByLabel('Image folder')).toHaveValue(empty);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  const afterCancel = (await (await fetch(`${world.server.url}/bndbox/projects/meta`)).json()) as { content: unknown[] };
  expect(afterCancel.content).toEqual([]);

  const again = await openDialog(page, world.server.url, 'Nothing yet', empty);
  await again.getByRole('button', { name: 'Create empty project' }).click();
  await expect(again.getByRole('status')).toHaveText('No images found in this folder');
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('article', { name: 'Project Nothing yet' })).toContainText('0 images');
  expect(fs.readdirSync(empty)).toEqual(['notes.txt']);
});

test('a folder of images: the dialog says how many it found', async ({ page, world }) => {
  const dialog = await openDialog(page, world.server.url, 'Street', world.imageFolder);
  await expect(dialog.getByRole('status')).toHaveText('Found 8 images');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('article', { name: 'Project Street' })).toContainText('8 images');
});

test('a taken name is named in the workspace\'s own words', async ({ page, world }) => {
  const dialog = await openDialog(page, world.server.url, 'Street', world.imageFolder);
  await expect(dialog.getByRole('alert')).toHaveText('A project named Street already exists');
});

test('a file given as the folder: the dialog asks for its folder', async ({ page, world }) => {
  const dialog = await openDialog(page, world.server.url, 'From a file', path.join(world.imageFolder, 'cat.jpg'));
  await expect(dialog.getByRole('alert')).toHaveText('This is a file; choose its folder');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: 'Project From a file' })).toHaveCount(0);
});

test('the favicon and the linked icon answer, and no page asks for a missing file', async ({ page, world }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  const favicon = await page.request.get(`${world.server.url}/favicon.ico`);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/');
  await page.goto(world.server.url);
  await expect(page.getByRole('article', { name: 'Project Street' })).toBeVisible();
  const iconHref = await page.locator('link[rel="icon"]').first().getAttribute('href', { timeout: 5000 });
  expect(iconHref).toBeTruthy();
  const icon = await page.request.get(new URL(iconHref ?? '', world.server.url).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/');
  await page.goto(`${world.server.url}/projects/bndbox/Street`);
  await expect(page.locator('link[rel="icon"]').first()).toBeAttached();
  expect(missing).toEqual([]);
});
