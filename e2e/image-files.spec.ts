// Renaming and deleting the image in view from the workspace: the file itself changes (the
// deleted one moves into the project's deleted folder, never erased), the strip and the panels
// follow at once, and the image's shapes go with it. Each test uses a folder of its own.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encodeImage, makeTempDir } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import type { RestApi } from './pages';

const FILES = ['a.png', 'b.png', 'c.png', 'd.png'];
const SIZE = { width: 320, height: 240 };

const fourImages = (api: RestApi, project: string) => api.createPlainProject(project, FILES, SIZE);

const imageInfo = (page: Page) => page.getByRole('region', { name: 'Image info' });
const topbarPath = (page: Page) => page.locator('.topbar-path');

test('renames the image in view: refused names say why, the file is renamed in place, and its box stays with it', async ({ page, api, editor }) => {
  const folder = await fourImages(api, 'rename-image');
  await editor.open('bndbox', 'rename-image', '1 / 4');
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();

  await imageInfo(page).getByRole('button', { name: 'Rename…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename image' });
  const field = dialog.getByLabel('New file name');
  await expect(field).toHaveValue('a');
  await expect(dialog).toContainText('.png');
  await field.fill('c');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('c.png is already in this folder: choose another name');
  await field.fill('front door');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByRole('alert')).toContainText('cannot be blank or contain spaces');
  expect(fs.readdirSync(folder).sort()).toEqual(FILES);

  await field.fill('zebra');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  // It keeps its place until the list is read again, so the user goes on from here.
  await expect(editor.position()).toHaveText('1 / 4');
  await expect(topbarPath(page)).toHaveText('zebra.png');
  await expect(imageInfo(page)).toContainText('zebra.png · 320 × 240');
  await expect(editor.imageStrip().getByRole('button', { name: 'zebra.png' })).toBeVisible();
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '1');
  expect(fs.readdirSync(folder).sort()).toEqual(['b.png', 'c.png', 'd.png', 'zebra.png']);
  expect(await api.boxesOf('rename-image', 'zebra.png')).toHaveLength(1);

  // F2 asks too; Escape leaves the name as it is.
  await page.keyboard.press('F2');
  await expect(field).toHaveValue('zebra');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // A box drawn after the rename is saved on the same image.
  await editor.drawBox({ x: 220, y: 40 }, { x: 300, y: 200 }, SIZE);
  await editor.waitSaved();
  expect(await api.boxesOf('rename-image', 'zebra.png')).toHaveLength(2);
  await page.reload();
  await expect(editor.imageStrip().getByRole('button', { name: 'zebra.png' })).toBeVisible();
  await expect(editor.position()).toHaveText('4 / 4');
});

test('deletes the image in view after asking: Keep changes nothing, Delete moves the file aside and the next image takes its place', async ({ page, api, editor }) => {
  const folder = await fourImages(api, 'delete-image');
  await editor.open('bndbox', 'delete-image', '1 / 4');
  // Deleted at once, before its save is sent: the box is saved first, and no save fails after.
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await imageInfo(page).getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete image' });
  await expect(dialog).toContainText('Delete a.png from the project? Its 1 shape leaves the project with it.');
  await expect(dialog).toContainText('.classifai_deleted_data');
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(dialog).toBeHidden();
  expect(fs.readdirSync(folder).sort()).toEqual(FILES);

  await imageInfo(page).getByRole('button', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete image' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.position()).toHaveText('1 / 3');
  await expect(topbarPath(page)).toHaveText('b.png');
  await expect(editor.statistics()).toContainText('0 labeled · 3 unlabeled');
  await expect(editor.imageStrip().getByRole('button', { name: 'a.png' })).toHaveCount(0);
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '0');
  await editor.waitSaved();
  expect(fs.readdirSync(folder).sort()).toEqual(['.classifai_deleted_data', 'b.png', 'c.png', 'd.png']);
  expect(fs.readdirSync(path.join(folder, '.classifai_deleted_data'))).toEqual(['a.png']);
  expect(await api.boxes('delete-image')).toEqual([]);

  // The last image deleted: the one before it is shown.
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('3 / 3');
  await expect(topbarPath(page)).toHaveText('d.png');
  await imageInfo(page).getByRole('button', { name: 'Delete…' }).click();
  await expect(dialog).toContainText('It has no shapes.');
  await dialog.getByRole('button', { name: 'Delete image' }).click();
  await expect(editor.position()).toHaveText('2 / 2');
  await expect(topbarPath(page)).toHaveText('c.png');
  expect(fs.readdirSync(path.join(folder, '.classifai_deleted_data')).sort()).toEqual(['a.png', 'd.png']);
});

test('deleting the last image of "To do" after others were labelled elsewhere shows the list\'s last image, not none', async ({ page, api, editor }) => {
  await fourImages(api, 'delete-to-do');
  await editor.open('bndbox', 'delete-to-do', '1 / 4');
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  // The filter changes once this tab's saves are flushed, and its list opens at its first image:
  // a key pressed before that moved in the list left (CI saw it undone by the reopening).
  await expect(editor.imageStrip().getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.position()).toHaveText('1 / 4');
  for (let step = 0; step < 3; step += 1) await editor.nextImage();
  await expect(topbarPath(page)).toHaveText('d.png');
  // Labelled by another client while this tab's "To do" stays as it was opened.
  for (const file of ['b.png', 'c.png']) await api.saveBoxes('delete-to-do', file, SIZE, [{ id: `${file}-box`, x1: 10, y1: 10, x2: 90, y2: 90, label: 'car' }]);
  await imageInfo(page).getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog', { name: 'Delete image' }).getByRole('button', { name: 'Delete image' }).click();
  // Read again, "To do" holds a.png alone.
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(topbarPath(page)).toHaveText('a.png');
  await editor.waitImageShown();
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();
  expect(await api.boxesOf('delete-to-do', 'a.png')).toHaveLength(1);
});

test('a delete the server refuses says why and changes nothing', async ({ page, api, editor }) => {
  const folder = await fourImages(api, 'delete-refused');
  // A file where the deleted folder should be: nothing may be moved into it, or past it.
  fs.writeFileSync(path.join(folder, '.classifai_deleted_data'), 'not a folder');
  await editor.open('bndbox', 'delete-refused', '1 / 4');
  await imageInfo(page).getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete image' });
  await dialog.getByRole('button', { name: 'Delete image' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Nothing was deleted: .classifai_deleted_data');
  await expect(dialog.getByRole('button', { name: 'Delete image' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Keep' }).click();
  await expect(editor.position()).toHaveText('1 / 4');
  await expect(topbarPath(page)).toHaveText('a.png');
  expect(fs.readdirSync(folder).sort()).toEqual(['.classifai_deleted_data', ...FILES]);
});

const pngFile = async (name: string) => ({ name, mimeType: 'image/png', buffer: await encodeImage({ format: 'png', ...SIZE, color: { r: 20, g: 160, b: 90 } }) });

test('adds images picked in the browser: one bad file refuses them all, then they are copied in (a taken name numbered) and the first opens', async ({ page, api, editor }) => {
  const folder = await fourImages(api, 'add-images');
  await editor.open('bndbox', 'add-images', '1 / 4');
  await editor.nextImage();
  await imageInfo(page).getByRole('button', { name: 'Add images…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add images' });
  const picker = dialog.getByLabel('Images to add');
  await picker.setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') }, await pngFile('e.png')]);
  await dialog.getByRole('button', { name: 'Add 2 images' }).click();
  await expect(dialog.getByRole('alert')).toContainText('notes.png is not a JPEG, PNG, BMP or WebP image');
  expect(fs.readdirSync(folder).sort()).toEqual(FILES);

  await picker.setInputFiles([await pngFile('a.png'), await pngFile('e.png')]);
  await dialog.getByRole('button', { name: 'Add 2 images' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Added 2 images: a(1).png, e.png.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(topbarPath(page)).toHaveText('a(1).png');
  await expect(editor.position()).toHaveText(/^\d \/ 6$/);
  await expect(editor.imageStrip().getByRole('button', { name: 'e.png' })).toBeVisible();
  await expect(editor.statistics()).toContainText('0 labeled · 6 unlabeled');
  expect(fs.readdirSync(folder).sort()).toEqual([...FILES, 'a(1).png', 'e.png'].sort());
  await editor.waitImageShown();
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();
  expect(await api.boxesOf('add-images', 'a(1).png')).toHaveLength(1);
  expect(await api.boxesOf('add-images', 'a.png')).toHaveLength(0);
});

test('an empty project offers to add images, and shows the first one added', async ({ page, world, api, editor }) => {
  const folder = await makeTempDir('labelport-e2e-empty-');
  await api.createProject('add-to-empty', 'bndbox', { folder, labels: ['car'] });
  await page.goto(`${world.server.url}/projects/bndbox/add-to-empty`);
  await expect(editor.position()).toHaveText('0 / 0');
  await expect(page.getByText('This project has no images yet: add some here')).toBeVisible();
  await page.getByRole('button', { name: 'Add images…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add images' });
  await dialog.getByLabel('Images to add').setInputFiles([await pngFile('first.png')]);
  await dialog.getByRole('button', { name: 'Add 1 image' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Added 1 image: first.png.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(topbarPath(page)).toHaveText('first.png');
  expect(fs.readdirSync(folder)).toEqual(['first.png']);
});

test('after a delete far down the list, the strip shows the row of the image that took its place', async ({ page, api, editor }) => {
  const files = Array.from({ length: 34 }, (_, index) => `shot-${String(index + 1).padStart(2, '0')}.png`);
  await api.createPlainProject('delete-far', files, SIZE);
  await editor.open('bndbox', 'delete-far', '1 / 34');
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('33');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText('33 / 34');
  const strip = editor.imageStrip();
  await expect(strip.getByRole('button', { name: 'shot-33.png' })).toBeInViewport();

  await imageInfo(page).getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog', { name: 'Delete image' }).getByRole('button', { name: 'Delete image' }).click();
  await expect(editor.position()).toHaveText('33 / 33');
  await expect(topbarPath(page)).toHaveText('shot-34.png');
  // The strip had scrolled back to its top, the row of the image in view nowhere.
  const shown = strip.getByRole('button', { name: 'shot-34.png' });
  await expect(shown).toBeInViewport();
  await expect(shown).toHaveAttribute('aria-current', 'true');
});

test('the All list read again in place stays on the image in view when another client deleted one before it', async ({ page, world, api, editor }) => {
  await fourImages(api, 'reread-live');
  await editor.open('bndbox', 'reread-live', '1 / 4');
  for (let step = 0; step < 2; step += 1) await editor.nextImage();
  await expect(topbarPath(page)).toHaveText('c.png');
  const gone = await api.uuidOf('reread-live', 'a.png');
  const deleted = await page.request.delete(`${world.server.url}/v2/bndbox/projects/reread-live/uuids`, { data: { uuid_list: [gone] } });
  expect(deleted.ok()).toBe(true);
  // The chip already chosen reads its list again in place: the place in view held d.png now.
  await editor.imageStrip().getByRole('tab', { name: /All/ }).click();
  await expect(editor.position()).toHaveText('2 / 3');
  await expect(topbarPath(page)).toHaveText('c.png');
  await editor.waitImageShown();
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();
  expect(await api.boxesOf('reread-live', 'c.png')).toHaveLength(1);
  expect(await api.boxesOf('reread-live', 'd.png')).toHaveLength(0);
});
