// The create dialog says what it found, asks before an empty project, words failures in its
// own sentences, and every page has its icon.
import fs from 'node:fs';
import path from 'node:path';
import { encodeImage, makeTempDir } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';

// The first test checks the empty project list: each test gets its own server.
test.use({ serverPer: 'test' });

test('an empty folder: the dialog says no images were found and asks first', async ({ page, world, api, home }) => {
  const empty = await makeTempDir('labelport-e2e-empty-');
  fs.writeFileSync(path.join(empty, 'notes.txt'), 'no pictures here\n');
  await home.open();
  const dialog = await home.createProject('Nothing yet', empty);
  await expect(dialog.getByRole('status')).toHaveText('No images found in this folder (1 file that is not an image)');
  await page.screenshot({ path: path.join(world.screenshotDir, 'create-empty-confirm.png') });

  await dialog.getByRole('button', { name: 'Choose another folder' }).click();
  await expect(dialog.getByLabel('Image folder')).toHaveValue(empty);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(home.emptyState()).toBeVisible();
  expect(await api.projects()).toEqual([]);

  await home.open();
  const again = await home.createProject('Nothing yet', empty);
  await again.getByRole('button', { name: 'Create empty project' }).click();
  await expect(again.getByRole('status')).toHaveText('No images found in this folder');
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(home.card('Nothing yet')).toContainText('0 images');
  expect(fs.readdirSync(empty)).toEqual(['notes.txt']);
});

test('a folder of images: the dialog says how many it found', async ({ world, home }) => {
  await home.open();
  const dialog = await home.createProject('Street', world.imageFolder);
  await expect(dialog.getByRole('status')).toHaveText('Found 8 images');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(home.card('Street')).toContainText('8 images');
});

test('a file given as the folder: the dialog asks for its folder', async ({ world, home }) => {
  await home.open();
  const dialog = await home.createProject('From a file', path.join(world.imageFolder, 'cat.jpg'));
  await expect(dialog.getByRole('alert')).toHaveText('This is a file; choose its folder');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(home.card('From a file')).toHaveCount(0);
});

test('the favicon and the linked icon answer, and no page asks for a missing file', async ({ page, world, api, home, editor }) => {
  await api.createProject('Street', 'bndbox');
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  const favicon = await page.request.get(`${world.server.url}/favicon.ico`);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/');
  await home.open();
  await expect(home.card('Street')).toBeVisible();
  const iconHref = await page.locator('link[rel="icon"]').first().getAttribute('href', { timeout: 5000 });
  expect(iconHref).toBeTruthy();
  const icon = await page.request.get(new URL(iconHref ?? '', world.server.url).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/');
  await editor.open('bndbox', 'Street');
  await expect(page.locator('link[rel="icon"]').first()).toBeAttached();
  expect(missing).toEqual([]);
});

test('a project whose folder is still being scanned says so, and its workspace shows every image once the scan ends', async ({ page, home }) => {
  // Enough files that the scan outlasts opening the project (some seconds on two cores).
  const COUNT = 40_000;
  const folder = await makeTempDir('labelport-e2e-scanning-');
  const png = await encodeImage({ format: 'png', width: 4, height: 3 });
  for (let group = 0; group < COUNT / 1000; group += 1) {
    const sub = path.join(folder, `g${String(group).padStart(2, '0')}`);
    fs.mkdirSync(sub);
    for (let index = 0; index < 1000; index += 1) fs.writeFileSync(path.join(sub, `${index}.png`), png);
  }
  await home.open();
  const dialog = await home.createProject('Still scanning', folder);
  await expect(dialog.getByRole('progressbar', { name: /Scanning the folder/ })).toBeVisible();
  // The user leaves the dialog before the scan ends: the card tells them it is not done.
  await page.keyboard.press('Escape');
  const card = home.card('Still scanning');
  await expect(card.getByRole('progressbar', { name: 'Scanning the folder' })).toBeVisible();
  await expect(card).toContainText('Counting its images…');
  await expect(card.getByRole('button', { name: 'Reload' })).toBeDisabled();

  await card.getByRole('link', { name: 'Open' }).click();
  const scanning = page.getByRole('progressbar', { name: /^Scanning/ });
  await expect(scanning).toBeVisible();
  // Read before the scan ended, the list is read again when it does: every image, none missing.
  await expect(page.getByLabel('Position')).toHaveText(`1 / ${COUNT}`, { timeout: 60_000 });
  await expect(scanning).toBeHidden();

  await home.open();
  await expect(home.card('Still scanning')).toContainText(`${COUNT} images · 0 labeled · ${COUNT} to go`);
  await expect(home.card('Still scanning').getByRole('button', { name: 'Reload' })).toBeEnabled();
});
