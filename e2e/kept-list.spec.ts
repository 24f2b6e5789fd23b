// A filtered list stays as it was when opened, all of it: its later pages and the positions
// "Go to" and "Next to-do" land on are those of the list as opened, however many of its images
// were labelled since (here by another client, as a teammate would).
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { FIRST_IMAGE, resetEditorSettings, withholdShapesBut, type EditorPage, type ImageSize, type RestApi } from './pages';

test.afterEach(async ({ page, world }) => resetEditorSettings(page.request, world.server.url));

const IMAGES = 150;
const LABELLED_ELSEWHERE = 60;
const file = (index: number) => `photo-${String(index).padStart(3, '0')}.png`;

test('"To do" keeps every image it opened with, past its first page, when many are labelled meanwhile', async ({ page, request, world, api, editor }) => {
  const folder = await makeTempDir('labelport-e2e-kept-list-');
  await writeImage(path.join(folder, file(0)), { format: 'png', width: 320, height: 240, color: { r: 90, g: 140, b: 200 } });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(path.join(folder, file(0)), path.join(folder, file(index)));
  await api.createProject('kept', 'bndbox', { folder, labels: ['car'] });
  await editor.open('bndbox', 'kept', `1 / ${IMAGES}`);
  const strip = editor.imageStrip();
  await editor.showToDo();
  await expect(editor.position()).toHaveText(`1 / ${IMAGES}`);

  // Another client labels the first 60 images (uuid_list is in path order).
  const base = world.server.url;
  await request.get(`${base}/bndbox/projects/kept`);
  const { uuid_list: uuids } = (await (await request.get(`${base}/bndbox/projects/kept/loadingstatus`)).json()) as { uuid_list: string[] };
  expect(uuids).toHaveLength(IMAGES);
  for (const uuid of uuids.slice(0, LABELLED_ELSEWHERE)) {
    const box = { x1: 10, y1: 10, x2: 60, y2: 60, label: 'car', id: `b-${uuid}`, lineWidth: 2, color: '#ff0000', distancetoImg: { x: 10, y: 10 } };
    const saved = await request.put(`${base}/bndbox/projects/kept/uuid/${uuid}/update`, {
      data: { uuid, bnd_box: [box], polygons: [], img_x: 0, img_y: 0, img_w: 320, img_h: 240 },
    });
    expect(await saved.json()).toEqual({ message: 1 });
  }

  // Position 121 of the list as opened is photo-120, on its second page.
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('121');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText(`121 / ${IMAGES}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(120));
  await expect(strip.getByRole('button', { name: file(120) })).toBeVisible();

  // On an image labelled elsewhere, the next to do is the first image after it still without shapes.
  await page.keyboard.press('g');
  await goTo.getByLabel('Image number or file name').fill('5');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.locator('.topbar-path')).toHaveText(file(4));
  await page.keyboard.press('u');
  await expect(editor.position()).toHaveText(`${LABELLED_ELSEWHERE + 1} / ${IMAGES}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(LABELLED_ELSEWHERE));

  // Go to by name finds an image of the list as opened, one labelled since included.
  await page.keyboard.press('g');
  await goTo.getByLabel('Image number or file name').fill(file(10));
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText(`11 / ${IMAGES}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(10));
  await page.keyboard.press('g');
  await goTo.getByLabel('Image number or file name').fill(file(140));
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText(`141 / ${IMAGES}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(140));
});

test('"Next to-do" pressed while a filtered list is still being read waits for it, and lands in it', async ({ page, api, editor }) => {
  await api.createProject('kept-early', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'kept-early', '1 / 8');
  const held: Route[] = [];
  await page.route(/image\.uuidsInList/, (route) => void held.push(route));
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.keyboard.press('u');
  for (const route of held) await route.continue();
  await page.unroute(/image\.uuidsInList/);
  // Image 1 has no shapes: the next to do after it is image 2 of the list.
  await expect(editor.position()).toHaveText('2 / 8');
  await expect(page.getByText('Every image here has shapes')).toHaveCount(0);
});

/**
 * A box drawn on the first of eight images whose save is held, and "To do" clicked: it opens only
 * once the save has landed, which the returned function lets happen.
 */
async function toDoChosenWhileASaveIsOnItsWay(name: string, page: Page, api: RestApi, editor: EditorPage): Promise<() => void> {
  await api.createProject(name, 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', name, '1 / 8');
  return chosenWhileASaveIsOnItsWay(/To do/, page, editor);
}

/** A box drawn on the image in view whose save is held, and the strip filter `chip` clicked. */
async function chosenWhileASaveIsOnItsWay(chip: RegExp, page: Page, editor: EditorPage): Promise<() => void> {
  const land = await aBoxWhoseSaveIsHeld(page, editor);
  await editor.imageStrip().getByRole('tab', { name: chip }).click();
  return land;
}

/** Labeled chosen while a save is on its way, and dog.png (not labelled, so not in it) clicked in the strip meanwhile. */
async function dogClickedWhileLabeledWaits(project: string, page: Page, api: RestApi, editor: EditorPage): Promise<void> {
  await api.createProject(project, 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', project, '1 / 8');
  const land = await chosenWhileASaveIsOnItsWay(/^Labeled/, page, editor);
  await editor.imageStrip().getByRole('button', { name: 'dog.png' }).click();
  land();
}

/** Holds this page's saves until land() is called; sent() counts those asked for meanwhile. */
async function holdSaves(page: Page) {
  let sent = 0;
  let land = () => undefined as void;
  const landed = new Promise<void>((resolve) => (land = resolve));
  await page.route(/saveFromEditor/, async (route) => {
    sent += 1;
    await landed;
    await route.continue();
  });
  return { sent: () => sent, land };
}

/** A box drawn on the image in view (of that size) whose save is held until the returned function is called. */
async function aBoxWhoseSaveIsHeld(page: Page, editor: EditorPage, image: ImageSize = FIRST_IMAGE): Promise<() => void> {
  const { sent, land } = await holdSaves(page);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 }, image);
  await expect.poll(sent).toBeGreaterThan(0);
  return land;
}

/**
 * In a new seg project: a polygon on its first image whose save is held, To do chosen, and then
 * `points` (offsets from the canvas centre) clicked on that image, still in view. Returns land.
 */
async function toDoChosenAndDrawnOnMeanwhile(name: string, page: Page, api: RestApi, editor: EditorPage, points: ReadonlyArray<readonly [number, number]>) {
  await api.createProject(name, 'seg', { labels: ['road'] });
  await editor.open('seg', name, '1 / 8');
  const { sent, land } = await holdSaves(page);
  const c = await editor.centre();
  await editor.drawPolygon([{ x: c.x - 30, y: c.y - 30 }, { x: c.x + 30, y: c.y - 30 }, { x: c.x + 30, y: c.y + 30 }]);
  await expect.poll(sent).toBeGreaterThan(0);
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  for (const [dx, dy] of points) await page.mouse.click(c.x + dx, c.y + dy);
  return land;
}

test('a key pressed while a chosen filter waits for this tab\'s saves moves in that list once it opens, and is not undone', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-key', page, api, editor);
  await page.keyboard.press('d');
  land();
  // The first image is labelled now: To do holds the other seven, and the key stepped to its second.
  await expect(editor.position()).toHaveText('2 / 7');
  await expect(page.locator('.topbar-path')).toHaveText('disguised.txt');
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('2 / 7');
});

test('Go to typed while a chosen filter waits for this tab\'s saves counts in that list', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-goto', page, api, editor);
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('7');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  land();
  // Image 7 of To do (the first image labelled, seven left): its last, not the 7th of all eight, nor undone.
  await expect(editor.position()).toHaveText('7 / 7');
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('7 / 7');
  await expect(page.getByText(/No image matches/)).toHaveCount(0);
});

test('auto-advance after a shape labelled while a chosen filter waits for this tab\'s saves steps in that list, and is not undone', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-advance', page, api, editor);
  await page.keyboard.press('Shift+A');
  await editor.drawBox({ x: 16, y: 2 }, { x: 28, y: 12 });
  land();
  // As the key does: the second image of To do (the first labelled, seven left). It stepped in
  // the list being left, and the opening undid the step.
  await expect(editor.position()).toHaveText('2 / 7');
  await expect(page.locator('.topbar-path')).toHaveText('disguised.txt');
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('2 / 7');
});

test('a strip row clicked while a chosen filter waits for this tab\'s saves opens its image in that list', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-row', page, api, editor);
  await editor.imageStrip().getByRole('button', { name: 'dog.png' }).click();
  land();
  // dog.png is the third of To do's seven (the first image labelled): it opened as the fourth of
  // all eight, and the opening of To do went back to its first image.
  await expect(page.locator('.topbar-path')).toHaveText('dog.png');
  await expect(editor.position()).toHaveText('3 / 7');
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('3 / 7');
});

test('a strip row clicked while a chosen filter waits, of an image that list does not hold, says so', async ({ page, api, editor }) => {
  await dogClickedWhileLabeledWaits('kept-row-out', page, api, editor);
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(page.getByText('dog.png is not in this list: show All to open it')).toBeVisible();
  // Shown All, it is in the list: the notice spoke of the list left, and goes with it.
  await editor.imageStrip().getByRole('tab', { name: /^All/ }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(page.getByText('dog.png is not in this list: show All to open it')).toHaveCount(0);
});

test('a Check dataset entry opened while a chosen filter waits for this tab\'s saves opens its shape in that list', async ({ page, api, editor }) => {
  await api.createProject('kept-check', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('kept-check', 'grey.png', { width: 64, height: 64 }, [{ id: 'grey-out', x1: 40, y1: 40, x2: 90, y2: 60, label: 'car' }]);
  await editor.open('bndbox', 'kept-check', '1 / 8');
  await page.keyboard.press('Shift+C');
  const entry = page.getByRole('region', { name: 'Check dataset' }).getByRole('button', { name: 'grey.png · grey-out' });
  await expect(entry).toBeVisible();
  const land = await chosenWhileASaveIsOnItsWay(/^Labeled/, page, editor);
  await entry.click();
  // The entry's image is looked up meanwhile, as with saves slow to land.
  await page.waitForTimeout(1000);
  land();
  // Labeled holds the first image (its box saved now) and grey.png. It opened grey.png as the
  // fifth of all eight, and the opening of Labeled went back to its first image.
  await expect(page.locator('.topbar-path')).toHaveText('grey.png');
  await expect(editor.position()).toHaveText('2 / 2');
  await expect(page.getByRole('region', { name: 'Shapes' }).locator('.shape-row.active')).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('2 / 2');
});

test('the strip shows its list is being read while a chosen filter waits for this tab\'s saves', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-busy', page, api, editor);
  const strip = editor.imageStrip();
  // It showed the list being left as if final, its chip still chosen.
  await expect(strip.getByText('Reading the list…')).toBeVisible();
  land();
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(strip.getByText('Reading the list…')).toHaveCount(0);
});

test('the strip filter or label clicked shows chosen at once while its list waits for this tab\'s saves', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-chip', page, api, editor);
  const strip = editor.imageStrip();
  // The chip left stayed chosen until the list came: the click looked ignored.
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(strip.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'false');
  await expect(strip.getByText('Reading the list…')).toBeVisible();
  land();
  await expect(editor.position()).toHaveText('1 / 7');

  // The label select went back to the label left until the list came.
  await page.unroute(/saveFromEditor/);
  const landLabel = await aBoxWhoseSaveIsHeld(page, editor);
  await strip.getByLabel('Filter by label').selectOption('car');
  await expect(strip.getByText('Reading the list…')).toBeVisible();
  await expect(strip.getByLabel('Filter by label')).toHaveValue('car');
  landLabel();
  await expect(strip.getByText('Reading the list…')).toHaveCount(0);
  await expect(strip.getByLabel('Filter by label')).toHaveValue('car');
});

test('the position says the list chosen is being read, not 0 / 0, until its first page comes', async ({ page, api, editor }) => {
  const land = await toDoChosenWhileASaveIsOnItsWay('kept-count', page, api, editor);
  const held: Route[] = [];
  await page.route(/image\.uuidsInList/, (route) => void held.push(route));
  land();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Its length is not known yet: it said 0 / 0, as for a list without images.
  await expect(editor.position()).toHaveText('… / …');
  for (const route of held) await route.continue();
  await page.unroute(/image\.uuidsInList/);
  await expect(editor.position()).toHaveText('1 / 7');
});

test('the save-conflict dialog\'s Open used while a chosen filter waits for this tab\'s saves opens its image in that list', async ({ page, api, editor }) => {
  const CAT = { width: 641, height: 479 };
  await api.createProject('kept-conflict', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'kept-conflict', '1 / 8');
  await editor.nextImage();
  // Each save waits until let go, in the order sent.
  const saves: Array<() => void> = [];
  await page.route(/saveFromEditor/, async (route) => {
    await new Promise<void>((resolve) => saves.push(resolve));
    await route.continue();
  });
  // A classifai client labels cat.jpg: the box drawn there meets it as a conflict.
  await api.saveBoxes('kept-conflict', 'cat.jpg', CAT, [{ id: 'k2', x1: 300, y1: 300, x2: 400, y2: 400, label: 'car' }]);
  await editor.drawBox({ x: 100, y: 100 }, { x: 250, y: 250 }, CAT);
  // Stepping back sends cat.jpg's save; the box drawn here is saved on the filter's click.
  await page.keyboard.press('a');
  await expect(editor.position()).toHaveText('1 / 8');
  await expect.poll(() => saves.length).toBe(1);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();
  await expect.poll(() => saves.length).toBe(2);
  saves[0]?.();
  const dialog = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await dialog.getByRole('button', { name: 'Open cat.jpg' }).click();
  saves[1]?.();
  // Labeled holds bitmap.bmp (its box saved now) and cat.jpg. It opened cat.jpg as the second
  // of all eight, and the opening of Labeled went back to its first image.
  await expect(editor.position()).toHaveText('2 / 2');
  await expect(page.locator('.topbar-path')).toHaveText('cat.jpg');
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('2 / 2');
  await dialog.getByRole('button', { name: 'Merge shapes' }).click();
  await expect(dialog).toBeHidden();
});

test('a strip row of the image in view clicked while a chosen filter waits moves to its place in that list', async ({ page, api, editor }) => {
  const CAT = { width: 641, height: 479 };
  await api.createProject('kept-row-shown', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('kept-row-shown', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'b1', x1: 2, y1: 2, x2: 12, y2: 12, label: 'car' }]);
  const cat = await api.uuidOf('kept-row-shown', 'cat.jpg');
  await editor.open('bndbox', 'kept-row-shown', '1 / 8');
  await editor.showToDo();
  // Opened again in To do, at cat.jpg: the editor has read no other image of Labeled.
  await page.reload();
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(editor.canvas()).toHaveAttribute('data-image-id', cat);
  // The first image of Labeled is slow to come, as a big one is.
  await withholdShapesBut(page, cat, 3000);
  const land = await aBoxWhoseSaveIsHeld(page, editor, CAT);
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();
  await editor.imageStrip().getByRole('button', { name: 'cat.jpg' }).click();
  land();
  // Labeled holds bitmap.bmp and cat.jpg. The editor held cat.jpg already: the row selected
  // nothing and stayed at Labeled's first image, which the editor then showed.
  await expect(editor.position()).toHaveText('2 / 2');
  await page.waitForTimeout(3500);
  await expect(editor.position()).toHaveText('2 / 2');
  await expect(page.locator('.topbar-path')).toHaveText('cat.jpg');
  await expect(editor.canvas()).toHaveAttribute('data-image-id', cat);
});

test('a click on the strip filter already chosen reads it again in place, as Update list does', async ({ page, api, editor }) => {
  await api.createProject('kept-same-chip', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'kept-same-chip', '1 / 8');
  for (let image = 2; image <= 4; image += 1) {
    await page.keyboard.press('d');
    await expect(editor.position()).toHaveText(`${image} / 8`);
  }
  // It reopened the list at image 1: the place was lost for a click that changed nothing.
  await editor.imageStrip().getByRole('tab', { name: /^All/ }).click();
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('4 / 8');
});

test('"Update list" stays on the image in view, or goes on to the next one still listed when it has left the list', async ({ page, api, editor }) => {
  await api.createProject('kept-update', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'kept-update', '1 / 8');
  const strip = editor.imageStrip();
  await strip.getByRole('tab', { name: /To do/ }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitImageShown();
  const c = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await editor.waitSaved();
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('grey.png');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText('5 / 8');

  // It had jumped to the first image of the list read again.
  await strip.getByRole('button', { name: /Update list \(7 now\)/ }).click();
  await expect(editor.position()).toHaveText('4 / 7');
  await expect(page.locator('.topbar-path')).toHaveText('grey.png');
  await expect(strip.getByRole('button', { name: 'grey.png' })).toHaveAttribute('aria-current', 'true');

  await editor.waitImageShown();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await editor.waitSaved();
  await strip.getByRole('button', { name: /Update list \(6 now\)/ }).click();
  // grey.png has shapes now: the image after it in the list takes its place.
  await expect(editor.position()).toHaveText('4 / 6');
  await expect(page.locator('.topbar-path')).toHaveText(/bird\.jpg$/);
});

test('a polygon begun while a chosen filter waits for this tab\'s saves is closed on its image before that list opens', async ({ page, api, editor }) => {
  // Drawn on the image still in view: To do opens on another, whose load took it without a word.
  const land = await toDoChosenAndDrawnOnMeanwhile('kept-drawing', page, api, editor, [[-100, 60], [100, 60], [0, -60]]);
  land();
  await expect(editor.position()).toHaveText('1 / 7');
  await editor.waitSaved();
  expect((await api.polygonsOf('kept-drawing', FIRST_IMAGE.file)).map((polygon) => polygon.coorPt.length)).toEqual([3, 3]);
});

test('a polygon too flat to close, begun while a chosen filter waits for this tab\'s saves, is dropped with a word, and that list counts as it is', async ({ page, api, editor }) => {
  // Three points on a line, on the image still in view: nothing to close.
  const land = await toDoChosenAndDrawnOnMeanwhile('kept-flat', page, api, editor, [[-100, 60], [0, 60], [100, 60]]);
  land();
  await expect(page.getByRole('status').filter({ hasText: 'The polygon being drawn (3 points) was dropped' })).toBeVisible();
  // The first image has its polygon: To do holds the other seven. The counts of the list left,
  // answered as the list opened, had made it "1 / 8".
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(editor.imageStrip().getByRole('button', { name: /Update list/ })).toHaveCount(0);
  await editor.waitSaved();
  expect((await api.polygonsOf('kept-flat', FIRST_IMAGE.file)).map((polygon) => polygon.coorPt.length)).toEqual([3]);
});

test('keys pressed while a chosen list is being read edit no image of the list left', async ({ page, api, editor }) => {
  await api.createProject('kept-read-keys', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'kept-read-keys', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  for (let image = 2; image <= 5; image += 1) await editor.nextImage();
  await expect(editor.position()).toHaveText('5 / 8');
  const held: Route[] = [];
  await page.route(/image\.(uuidsInList|page)/, (route) => void held.push(route));
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // The first image of All, never chosen, took the key: its box, drawn before, was undone.
  await page.keyboard.press('Control+z');
  await page.waitForTimeout(300);
  for (const route of held) await route.continue();
  await page.unroute(/image\.(uuidsInList|page)/);
  await expect(editor.position()).toHaveText(/^1 \//);
  await editor.waitImageShown();
  await editor.waitSaved();
  expect(await api.boxesOf('kept-read-keys', FIRST_IMAGE.file)).toHaveLength(1);
  await expect(editor.position()).toHaveText('1 / 7');
});

test('a chosen list that opens on the image in view takes input on it once read', async ({ page, api, editor }) => {
  const GREY = { width: 64, height: 64 };
  await api.createProject('kept-read-same', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('kept-read-same', 'grey.png', GREY, [{ id: 'g1', x1: 40, y1: 40, x2: 60, y2: 60, label: 'car' }]);
  await editor.open('bndbox', 'kept-read-same', '1 / 8');
  for (let image = 2; image <= 5; image += 1) await editor.nextImage();
  await expect(page.locator('.topbar-path')).toHaveText('grey.png');
  // Labeled holds grey.png alone: the editor waited for an image it held already, and took no input.
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(page.locator('.topbar-path')).toHaveText('grey.png');
  await editor.drawBox({ x: 4, y: 4 }, { x: 20, y: 20 }, GREY);
  await editor.waitSaved();
  expect(await api.boxesOf('kept-read-same', 'grey.png')).toHaveLength(2);
});

test('the Shapes panel lists no shape of the image left while a chosen list is being read', async ({ page, api, editor }) => {
  await api.createProject('kept-read-shapes', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('kept-read-shapes', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'b1', x1: 2, y1: 2, x2: 12, y2: 12, label: 'car' }]);
  await editor.open('bndbox', 'kept-read-shapes', '1 / 8');
  const rows = page.getByRole('region', { name: 'Shapes' }).locator('.shape-row');
  await expect(rows).toHaveCount(1);
  const held: Route[] = [];
  await page.route(/image\.(uuidsInList|page)/, (route) => void held.push(route));
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // The canvas was blank, and the panel listed (to be picked) the box of the image left.
  await expect(rows).toHaveCount(0);
  for (const route of held) await route.continue();
  await page.unroute(/image\.(uuidsInList|page)/);
  // Labeled opens on that very image: its box is listed again.
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(rows).toHaveCount(1);
});

test('"Update list" takes the notice that an image is not in the list', async ({ page, api, editor }) => {
  await dogClickedWhileLabeledWaits('kept-update-notice', page, api, editor);
  const notice = page.getByText('dog.png is not in this list: show All to open it');
  await expect(notice).toBeVisible();
  // Labelled elsewhere, then a save here counts it: Update list offers the list with dog.png.
  await api.saveBoxes('kept-update-notice', 'dog.png', { width: 320, height: 240 }, [{ id: 'd1', x1: 2, y1: 2, x2: 12, y2: 12, label: 'car' }]);
  await editor.drawBox({ x: 14, y: 2 }, { x: 24, y: 12 });
  await editor.waitSaved();
  await editor.imageStrip().getByRole('button', { name: /Update list \(2 now\)/ }).click();
  await expect(editor.position()).toHaveText('1 / 2');
  await expect(notice).toHaveCount(0);
});

test('a strip row whose page has not come, clicked while a chosen filter waits, opens its image in that list', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-e2e-kept-row-page-');
  await writeImage(path.join(folder, file(0)), { format: 'png', width: 320, height: 240, color: { r: 90, g: 140, b: 200 } });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(path.join(folder, file(0)), path.join(folder, file(index)));
  await api.createProject('kept-row-page', 'bndbox', { folder, labels: ['car'] });
  await editor.open('bndbox', 'kept-row-page', `1 / ${IMAGES}`);
  const held: Route[] = [];
  await page.route((url) => decodeURIComponent(url.href).includes('"offset":100'), (route) => void held.push(route));
  const strip = editor.imageStrip();
  await strip.locator('.strip-scroll').evaluate((element) => (element.scrollTop = 120 * 64));
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const land = await aBoxWhoseSaveIsHeld(page, editor, { width: 320, height: 240 });
  await strip.getByRole('tab', { name: /To do/ }).click();
  await strip.getByRole('button', { name: 'Image 121' }).click();
  for (const route of held) await route.continue();
  land();
  // photo-120 is the 120th of To do (the first image labelled): it went to the 121st of All,
  // and the opening of To do went back to its first image.
  await expect(editor.position()).toHaveText(`120 / ${IMAGES - 1}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(120));
});
