// Images that are not what the editor expects: one deleted by another client while it is still in
// this tab's strip, one whose shapes cannot be read, and a save refused for the image just left.
// The editor says which image it is about and what it can do, never freezes on the image left
// behind, and loses nothing without a word. Each test uses its own project.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIRST_IMAGE, withholdShapesBut, type EditorPage, type RestApi } from './pages';

const FILES = ['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'f.png', 'g.png', 'h.png'];
const SIZE = { width: 320, height: 240 };

/** Eight plain images in a folder of their own: deleting one touches no other test's project. */
const eightImages = (api: RestApi, project: string) => api.createPlainProject(project, FILES, SIZE);

/** Another client deletes one image of the project, as classifai's client does (REST). */
async function deleteImage(page: Page, base: string, api: RestApi, project: string, folder: string, file: string): Promise<string> {
  const uuid = await api.uuidOf(project, file);
  const deleted = await page.request.delete(`${base}/v2/bndbox/projects/${project}/uuids`, { data: { uuid_list: [uuid], img_path_list: [path.join(folder, file)] } });
  expect(await deleted.json()).toMatchObject({ message: 1 });
  return uuid;
}

/** The "Shapes" panel's count, as its title shows it. */
const shapeCount = (page: Page) => page.getByRole('region', { name: 'Shapes' }).locator('.panel-title');

/** g.png (7 / 8) is not among the neighbours prefetched from the first image: its shapes are read when it is opened. */
async function openFarImage(editor: EditorPage, file = 'g.png') {
  await editor.imageStrip().getByRole('button', { name: file }).click();
  await expect(editor.position()).toHaveText('7 / 8');
}

test('an image deleted by another client while still in the strip: the editor says so, draws none of the previous shapes, takes no box, and moves on', async ({ page, world, api, editor }) => {
  const folder = await eightImages(api, 'missing-image');
  await editor.open('bndbox', 'missing-image', '1 / 8');
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '1');
  const last = await api.uuidOf('missing-image', 'h.png');
  await deleteImage(page, world.server.url, api, 'missing-image', folder, 'g.png');

  await openFarImage(editor);
  const notice = editor.canvas().getByRole('alert');
  await expect(notice).toContainText('This image is no longer in the project.');
  await expect(notice.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // The store still holds a.png: none of its shapes are drawn or listed over this one.
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '0');
  await expect(shapeCount(page)).toHaveText('Shapes 0');
  // A box drawn here is refused at once, not held for an image that will never come.
  const c = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 60 }, { x: c.x + 100, y: c.y + 60 });
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '0');

  // The keys still move on.
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('8 / 8');
  await expect(editor.canvas()).toHaveAttribute('data-image-id', last);
  await expect(notice).toBeHidden();
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '0');
  await editor.waitSaved();
  // Nothing drawn on the deleted image went anywhere else; the first image kept its box.
  expect(await api.boxesOf('missing-image', 'h.png')).toEqual([]);
  expect(await api.boxesOf('missing-image', 'a.png')).toHaveLength(1);
});

test('a box drawn on a deleted image while its read was on its way is not dropped without a word', async ({ page, world, api, editor }) => {
  const folder = await eightImages(api, 'missing-held');
  await editor.open('bndbox', 'missing-held', '1 / 8');
  const first = await api.uuidOf('missing-held', 'a.png');
  const last = await api.uuidOf('missing-held', 'h.png');
  const gone = await deleteImage(page, world.server.url, api, 'missing-held', folder, 'g.png');
  await withholdShapesBut(page, first, 3000);
  // The deleted image's read answers only once the box is drawn: 3 s alone were not always
  // enough for a loaded CI machine to draw it first.
  let drawn = () => undefined as void;
  const boxDrawn = new Promise<void>((resolve) => (drawn = resolve));
  await page.route(/annotation\.forEditor/, async (route) => {
    if (route.request().url().includes(gone)) await boxDrawn;
    await route.fallback().catch(() => undefined);
  });
  await openFarImage(editor);
  // Drawn before the editor knows the image is gone: the input is held for it meanwhile.
  const c = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 60 }, { x: c.x + 100, y: c.y + 60 });
  drawn();
  const notice = editor.canvas().getByRole('alert');
  await expect(notice).toContainText('This image is no longer in the project.', { timeout: 15_000 });
  await expect(notice).toContainText('What was drawn on it before this was known was not kept.');
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '0');
  // Moving on, the box lands nowhere else.
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('8 / 8');
  // Its shapes were withheld too (read ahead from the deleted image, a few seconds ago).
  await expect(editor.canvas()).toHaveAttribute('data-image-id', last, { timeout: 15_000 });
  await expect(notice).toBeHidden();
  await editor.waitSaved();
  expect(await api.boxes('missing-held')).toEqual([]);
});

test('an image whose shapes cannot be read says why, draws no stale shapes, and shows once a retry reads them', async ({ page, api, editor }) => {
  await eightImages(api, 'failed-read');
  await editor.open('bndbox', 'failed-read', '1 / 8');
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();
  const far = await api.uuidOf('failed-read', 'g.png');
  let failing = true;
  await page.route(/annotation\.forEditor/, async (route) => {
    if (failing && route.request().url().includes(far)) await route.abort();
    else await route.continue().catch(() => undefined);
  });
  await openFarImage(editor);
  const notice = editor.canvas().getByRole('alert');
  await expect(notice).toContainText('This image could not be loaded:', { timeout: 15_000 });
  await expect(editor.canvas()).toHaveAttribute('data-drawn-shapes', '0');
  await expect(shapeCount(page)).toHaveText('Shapes 0');
  // Back online: the retry reads the image, and it is the editor's.
  failing = false;
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(editor.canvas()).toHaveAttribute('data-image-id', far);
  await expect(notice).toBeHidden();
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
  await editor.waitSaved();
  expect(await api.boxesOf('failed-read', 'g.png')).toHaveLength(1);
  expect(await api.boxesOf('failed-read', 'a.png')).toHaveLength(1);
});

test("a project whose folder went away (its drive unplugged): the editor names the folder, the shapes stay editable, and Retry shows the picture once it is back", async ({ api, editor }) => {
  const folder = await eightImages(api, 'folder-gone');
  await fs.promises.rename(folder, `${folder}-unplugged`);
  try {
    await editor.open('bndbox', 'folder-gone', '1 / 8');
    const notice = editor.canvas().getByRole('alert');
    await expect(notice).toContainText(`The picture of this image could not be loaded: the project folder ${folder} is missing: plug in its drive, or reload the project once it is back`);
    await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, SIZE);
    await editor.waitSaved();
  } finally {
    await fs.promises.rename(`${folder}-unplugged`, folder);
  }
  const notice = editor.canvas().getByRole('alert');
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toHaveCount(0);
  // Read back as a classifai client does (its thumbnail read needs the file, so only now).
  expect(await api.boxesOf('folder-gone', 'a.png')).toHaveLength(1);
});

test('a save refused for the image just left: the dialog names that image and where it is, opens it, and the choice still applies to it', async ({ page, api, editor }) => {
  await api.createProject('conflict-left', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'conflict-left', '1 / 8');
  // Offline: the box drawn on the first image waits to be saved, while a classifai client labels it.
  await page.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await api.saveBoxes('conflict-left', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'k1', x1: 20, y1: 2, x2: 30, y2: 12, label: 'car' }]);
  await page.unroute(/saveFromEditor/);
  // Back online, the switch to the next image saves the first: it is refused while cat.jpg is shown.
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  const dialog = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const about = dialog.getByLabel('Conflicting image');
  await expect(about).toHaveText('bitmap.bmp (1 / 8 in the strip; not the image in view: you are on 2 / 8 (cat.jpg))');
  await expect(dialog).toContainText('saved 1 shape on bitmap.bmp while you edited it; you have 1 there.');
  await expect(dialog).toContainText('Your choice applies to bitmap.bmp, not to the image in view.');

  // Opened, the image is in view and the question is still there.
  await dialog.getByRole('button', { name: 'Open bitmap.bmp' }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(editor.canvas()).toHaveAttribute('data-image-id', await api.uuidOf('conflict-left', FIRST_IMAGE.file));
  await expect(dialog).toBeVisible();
  await expect(about).toHaveText('bitmap.bmp (1 / 8, the image in view)');
  await expect(dialog.getByRole('button', { name: /^Open / })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await editor.waitSaved();
  await expect.poll(async () => (await api.boxesOf('conflict-left', FIRST_IMAGE.file)).map((box) => Math.round(box.x1))).toEqual([2]);
  expect(await api.boxesOf('conflict-left', 'cat.jpg')).toEqual([]);
});
