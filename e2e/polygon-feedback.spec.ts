// What the editor says about the polygon being drawn and about the workflow switches (keep
// previous, auto-advance): nothing of the user's work goes without a word.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encodeImage, makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import { FIRST_IMAGE, resetEditorSettings, withholdShapesBut, type EditorPage, type RestApi } from './pages';

const points = (polygon: { coorPt: unknown[] }) => polygon.coorPt.length;

/** Clicks points around the canvas centre (inside every test image as fitted): the polygon stays open. */
async function clickPoints(page: Page, editor: EditorPage, offsets: ReadonlyArray<readonly [number, number]>) {
  const centre = await editor.centre();
  for (const [dx, dy] of offsets) await page.mouse.click(centre.x + dx, centre.y + dy);
}
const SQUARE = [[-30, -30], [30, -30], [30, 30], [-30, 30]] as const;

test.afterEach(async ({ page, world }) => resetEditorSettings(page.request, world.server.url));

test('moving on closes the polygon being drawn on its own image, or says it was dropped', async ({ page, api, editor }) => {
  await api.createProject('leave-drawing', 'seg', { labels: ['road'] });
  await editor.open('seg', 'leave-drawing', '1 / 8');
  await clickPoints(page, editor, SQUARE);
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  await editor.waitSaved();
  expect((await api.polygonsOf('leave-drawing', 'bitmap.bmp')).map(points)).toEqual([4]);

  // Keys pressed fast: the polygon lands on the image it was drawn on, not on one passed.
  await editor.waitImageShown();
  await clickPoints(page, editor, SQUARE.slice(0, 3));
  for (const key of ['d', 'd', 'd']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('5 / 8');
  await editor.waitSaved();
  expect((await api.polygons('leave-drawing')).map(points)).toEqual([4, 3]);
  expect((await api.polygonsOf('leave-drawing', 'cat.jpg')).map(points)).toEqual([3]);

  // Two points cannot close: the move is made, and the notice says what was lost.
  await editor.waitImageShown();
  await clickPoints(page, editor, SQUARE.slice(0, 2));
  await page.getByRole('button', { name: 'Next ›' }).click();
  await expect(editor.position()).toHaveText('6 / 8');
  const notice = page.getByRole('status').filter({ hasText: 'The polygon being drawn (2 points) was dropped' });
  await expect(notice).toBeVisible();
  // It holds until the user draws on.
  await editor.waitImageShown();
  await clickPoints(page, editor, SQUARE.slice(0, 1));
  await expect(notice).toBeHidden();
  await page.keyboard.press('Escape');
  await editor.waitSaved();
  expect((await api.polygons('leave-drawing')).map(points)).toEqual([4, 3]);
});

test('another list chosen in the strip closes the polygon being drawn on its own image, or says it was dropped', async ({ page, api, editor }) => {
  await api.createProject('list-leaves-drawing', 'seg', { labels: ['road'] });
  await editor.open('seg', 'list-leaves-drawing', '1 / 8');
  await clickPoints(page, editor, SQUARE);
  await page.keyboard.press('Enter');
  await editor.nextImage();
  // The polygon closes on its image before To do is read: the image is done, not in the list.
  await clickPoints(page, editor, SQUARE.slice(0, 3));
  await editor.showToDo();
  await expect(editor.position()).toHaveText('1 / 6');
  await editor.waitSaved();
  expect((await api.polygonsOf('list-leaves-drawing', 'cat.jpg')).map(points)).toEqual([3]);

  // Two points cannot close: Labeled opens, and the notice says what was lost.
  await editor.waitImageShown();
  await clickPoints(page, editor, SQUARE.slice(0, 2));
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();
  await expect(editor.position()).toHaveText('1 / 2');
  await expect(page.getByRole('status').filter({ hasText: 'The polygon being drawn (2 points) was dropped' })).toBeVisible();
  await editor.waitSaved();
  expect((await api.polygons('list-leaves-drawing')).map(points)).toEqual([4, 3]);
});

/** `corners` points clicked on dog.png (image 4) while its shapes are still on their way, then D. */
async function clickedOnImageOnItsWayThenMoved(project: string, corners: number, { page, api, editor }: { page: Page; api: RestApi; editor: EditorPage }) {
  await api.createProject(project, 'seg', { labels: ['road'] });
  // Every image's shapes but the first's come 2 s late: the clicks below wait for theirs.
  await withholdShapesBut(page, await api.uuidOf(project, FIRST_IMAGE.file, 'seg'), 2000);
  await editor.open('seg', project, '1 / 8');
  for (const key of ['d', 'd', 'd']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('4 / 8');
  await clickPoints(page, editor, SQUARE.slice(0, corners)); // dog.png, still on its way
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('5 / 8');
}

test('a polygon clicked before its image arrived is closed there when the user moves on', async ({ page, api, editor }) => {
  await clickedOnImageOnItsWayThenMoved('held-leave-drawing', 3, { page, api, editor });
  await expect.poll(async () => (await api.polygonsOf('held-leave-drawing', 'dog.png')).map(points), { timeout: 15_000 }).toEqual([3]);
  expect((await api.polygons('held-leave-drawing')).map(points)).toEqual([3]);
});

test('a polygon clicked before its image arrived, too small to close, is dropped with a word when the user moves on', async ({ page, api, editor }) => {
  await clickedOnImageOnItsWayThenMoved('held-drop-drawing', 2, { page, api, editor });
  // Said once dog.png's shapes are read and the clicks replayed on them.
  await expect(page.getByRole('status').filter({ hasText: 'The polygon being drawn (2 points) was dropped' })).toBeVisible({ timeout: 15_000 });
  expect(await api.polygons('held-drop-drawing')).toEqual([]);
});

test('Enter on a polygon too small or flat to close says why, and presses no button', async ({ page, api, editor }) => {
  await api.createProject('enter-too-small', 'seg', { labels: ['road'] });
  await editor.open('seg', 'enter-too-small', '1 / 8');
  await clickPoints(page, editor, [[-120, -120], [120, -120]]);
  // A button clicked meanwhile keeps the focus: Enter is still the drawing's.
  const hide = editor.labelPanel().getByRole('button', { name: 'Hide road' });
  await hide.click();
  await hide.click();
  await page.keyboard.press('Enter');
  const notice = page.getByRole('status').filter({ hasText: 'A polygon needs at least 3 points that enclose an area' });
  await expect(notice).toBeVisible();
  await expect(hide).toHaveAttribute('aria-pressed', 'false');

  // A third point on the line of the two: still flat, still said.
  const centre = await editor.centre();
  await page.mouse.click(centre.x, centre.y - 120);
  await expect(notice).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(notice).toBeVisible();
  // One off the line: Enter closes, and the notice goes with the drawing.
  await page.mouse.click(centre.x, centre.y + 120);
  await expect(notice).toBeHidden();
  await page.keyboard.press('Enter');
  await editor.waitSaved();
  expect((await api.polygonsOf('enter-too-small', 'bitmap.bmp')).map(points)).toEqual([4]);
  await expect(notice).toBeHidden();
});

test('a click on the first point of a polygon too small to close says why, as Enter does', async ({ page, api, editor }) => {
  await api.createProject('click-too-small', 'seg', { labels: ['road'] });
  await editor.open('seg', 'click-too-small', '1 / 8');
  await clickPoints(page, editor, [[-120, -120], [120, -120], [-120, -120]]);
  const notice = page.getByRole('status').filter({ hasText: 'A polygon needs at least 3 points that enclose an area' });
  await expect(notice).toBeVisible();
  // A point off the line, then the first point again: it closes, and the notice goes with the drawing.
  await clickPoints(page, editor, [[0, 120]]);
  await expect(notice).toBeHidden();
  await clickPoints(page, editor, [[-120, -120]]);
  await editor.waitSaved();
  expect((await api.polygonsOf('click-too-small', 'bitmap.bmp')).map(points)).toEqual([3]);
  await expect(notice).toBeHidden();
});

test('K says whether keep previous is now on or off, and the toolbar shows it while on', async ({ page, api, editor }) => {
  await api.createProject('keep-previous-key', 'seg', { labels: ['road'] });
  await editor.open('seg', 'keep-previous-key', '1 / 8');
  const badge = page.getByRole('toolbar', { name: 'Tools' }).getByTitle(/^Keep previous is on/);
  await expect(badge).toBeHidden();
  await page.keyboard.press('k');
  await expect(page.getByRole('status').filter({ hasText: 'Keep previous is on' })).toBeVisible();
  await expect(badge).toBeVisible();
  // The menu's item says the same.
  await page.getByRole('button', { name: 'More ▾' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: /Keep previous/ })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // It works as it says: the next empty image starts with this one's polygon.
  await clickPoints(page, editor, SQUARE);
  await page.keyboard.press('Enter');
  await editor.nextImage();
  await editor.waitSaved();
  expect((await api.polygons('keep-previous-key')).map(points)).toEqual([4, 4]);
  // The move took the notice; the badge stays.
  await expect(page.getByRole('status').filter({ hasText: 'Keep previous is on' })).toBeHidden();
  await expect(badge).toBeVisible();

  await page.keyboard.press('k');
  await expect(page.getByRole('status').filter({ hasText: 'Keep previous is off' })).toBeVisible();
  await expect(badge).toBeHidden();
});

test('Shift+A says whether auto-advance is now on or off, and the toolbar shows it while on', async ({ page, api, editor }) => {
  await api.createProject('auto-advance-key', 'seg', { labels: ['road'] });
  await editor.open('seg', 'auto-advance-key', '1 / 8');
  const badge = page.getByRole('toolbar', { name: 'Tools' }).getByTitle(/^Auto-advance is on/);
  await expect(badge).toBeHidden();
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('status').filter({ hasText: 'Auto-advance is on: the next image opens once a shape is labelled' })).toBeVisible();
  await expect(badge).toBeVisible();

  // It works as it says: the polygon closed, the next image opens.
  await clickPoints(page, editor, SQUARE);
  await page.keyboard.press('Enter');
  await expect(editor.position()).toHaveText('2 / 8');
  await editor.waitSaved();
  expect((await api.polygons('auto-advance-key')).map(points)).toEqual([4]);
  await expect(badge).toBeVisible();

  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('status').filter({ hasText: 'Auto-advance is off' })).toBeVisible();
  await expect(badge).toBeHidden();
});

test('a polygon closed by moving on, with auto-advance on, lands on the image the move went to, not the one after', async ({ page, api, editor }) => {
  await api.createProject('auto-advance-leave', 'seg', { labels: ['road'] });
  await editor.open('seg', 'auto-advance-leave', '1 / 8');
  await page.keyboard.press('Shift+A');
  await clickPoints(page, editor, SQUARE);
  await page.keyboard.press('d');
  await editor.waitSaved();
  expect((await api.polygonsOf('auto-advance-leave', FIRST_IMAGE.file)).map(points)).toEqual([4]);
  await expect(editor.position()).toHaveText('2 / 8');
});

test('a box undone before auto-advance moved on stays undone on its image, and the editor stays there', async ({ page, api, editor }) => {
  await api.createProject('auto-advance-undo', 'bndbox', { labels: ['car'] });
  await page.clock.install();
  await editor.open('bndbox', 'auto-advance-undo', '1 / 8');
  await page.keyboard.press('Shift+A');
  await expect(page.getByRole('toolbar', { name: 'Tools' }).getByTitle(/^Auto-advance is on/)).toBeVisible();
  // The page's timers wait while the box is drawn and undone: Ctrl+Z lands before the move the
  // box asked for, as it did pressed a few ms after the release. The move still came.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await editor.drawBox({ x: 5, y: 4 }, { x: 25, y: 14 });
  const shapes = page.getByRole('region', { name: 'Shapes' }).locator('.shape-row');
  await expect(shapes).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await expect(shapes).toHaveCount(0);
  await page.clock.resume();
  await page.waitForTimeout(500);
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitSaved();
  expect(await api.boxes('auto-advance-undo')).toEqual([]);
});

test('a move that closed a polygon with no label picked is made once the label prompt is answered, with auto-advance on or off; Escape stays', async ({ page, api, editor }) => {
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  /** A project with no labels: the polygon drawn on its first image waits for one. */
  const drawUnlabelled = async (project: string) => {
    await api.createProject(project, 'seg');
    await editor.open('seg', project, '1 / 8');
    await clickPoints(page, editor, SQUARE);
  };
  const answer = async (label: string) => {
    await expect(ask).toBeVisible();
    await ask.getByLabel('Label').fill(label);
    await ask.getByLabel('Label').press('Enter');
  };

  // Auto-advance on: Go to 6 lands on 6, not on 2 (the step after the image labelled).
  await drawUnlabelled('label-then-go-to');
  await page.keyboard.press('Shift+A');
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('6');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await answer('road');
  await expect(editor.position()).toHaveText('6 / 8');
  await page.waitForTimeout(300);
  await expect(editor.position()).toHaveText('6 / 8');
  await editor.waitSaved();
  expect((await api.polygonsOf('label-then-go-to', FIRST_IMAGE.file)).map(points)).toEqual([4]);

  // Auto-advance off: the strip row clicked opens once the shape is named (it stayed).
  await drawUnlabelled('label-then-row');
  await page.keyboard.press('Shift+A');
  await editor.imageStrip().getByRole('button', { name: 'dog.png' }).click();
  await answer('road');
  await expect(editor.position()).toHaveText('4 / 8');
  await editor.waitSaved();
  expect((await api.polygonsOf('label-then-row', FIRST_IMAGE.file)).map(points)).toEqual([4]);

  // Escape drops the shape and the move: nothing moves, then or with the next shape named.
  await drawUnlabelled('label-escaped');
  await page.getByRole('button', { name: 'Next ›' }).click();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await clickPoints(page, editor, SQUARE);
  await page.keyboard.press('Enter');
  await answer('road');
  await page.waitForTimeout(300);
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitSaved();
  expect((await api.polygons('label-escaped')).map(points)).toEqual([4]);
});

test('images added while a polygon is drawn: it is closed on its image, or dropped with a word, as on any move', async ({ page, api, editor }) => {
  const size = { width: 320, height: 240 };
  const folder = await makeTempDir('labelport-e2e-add-drawing-');
  for (const file of ['m.png', 'n.png']) await writeImage(path.join(folder, file), { format: 'png', ...size, color: { r: 120, g: 60, b: 30 } });
  await api.createProject('add-while-drawing', 'seg', { folder, labels: ['road'] });
  await editor.open('seg', 'add-while-drawing', '1 / 2');
  // The look-up of the image added comes late: the list read with it loads its first image first.
  await page.route(/image\.locate/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const add = async (file: string) => {
    await page.getByRole('region', { name: 'Image info' }).getByRole('button', { name: 'Add images…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add images' });
    await dialog.getByLabel('Images to add').setInputFiles([{ name: file, mimeType: 'image/png', buffer: await encodeImage({ format: 'png', ...size, color: { r: 20, g: 160, b: 90 } }) }]);
    const located = page.waitForResponse(/image\.locate/);
    await dialog.getByRole('button', { name: 'Add 1 image' }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Added 1 image: ${file}.`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await located;
    await expect(editor.canvas()).toHaveAttribute('data-image-id', await api.uuidOf('add-while-drawing', file, 'seg'));
  };

  // a.png comes first in the list read with it: m.png's load gave way to a.png's, with the polygon.
  await clickPoints(page, editor, SQUARE.slice(0, 3));
  await add('a.png');
  await expect(editor.position()).toHaveText('1 / 3');
  await editor.waitSaved();
  expect((await api.polygonsOf('add-while-drawing', 'm.png')).map(points)).toEqual([3]);

  // Two points cannot close: dropped, and the notice says so after the move to the image added.
  await clickPoints(page, editor, SQUARE.slice(0, 2));
  await add('0.png');
  await expect(editor.position()).toHaveText('1 / 4');
  await expect(page.getByRole('status').filter({ hasText: 'The polygon being drawn (2 points) was dropped' })).toBeVisible();
  await editor.waitSaved();
  expect((await api.polygons('add-while-drawing')).map(points)).toEqual([3]);
});
