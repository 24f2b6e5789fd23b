// What a new user hit in the first hour: edits lost when the tab closes, reloads or navigates
// right after drawing, pick-then-draw labelling the wrong box, handles that drew a new box, and
// boxes saved without a label. Each test uses its own project.
import path from 'node:path';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import type { BrowserContext } from '@playwright/test';
import { editorPage, FIRST_IMAGE, journalEntries, withholdShapesBut, type EditorPage, type RestApi } from './pages';

/** Three boxes side by side around the centre, drawn as fast as a mouse can. */
async function drawThreeBoxes(editor: EditorPage) {
  const c = await editor.centre();
  for (const dx of [-200, -60, 80]) await editor.drag({ x: c.x + dx, y: c.y - 40 }, { x: c.x + dx + 100, y: c.y + 40 });
}

/** A new seg project opened in a page of its own, three points of a polygon clicked around the centre of its first image, not closed. */
async function halfDrawnPolygon(context: BrowserContext, url: string, api: RestApi, project: string, options: { labels?: string[] } = {}) {
  await api.createProject(project, 'seg', options);
  const page = await context.newPage();
  const editor = editorPage(page, url);
  await editor.open('seg', project, '1 / 8');
  const c = await editor.centre();
  for (const [dx, dy] of [[-30, -30], [30, -30], [30, 30]] as const) await page.mouse.click(c.x + dx, c.y + dy);
  return { page, editor, c };
}

test.describe('no edit is lost', () => {
  test('boxes drawn right before the tab closes are there when it is opened again', async ({ context, world, api }) => {
    await api.createProject('close-tab', 'bndbox', { labels: ['car'] });
    const first = await context.newPage();
    const firstEditor = editorPage(first, world.server.url);
    await firstEditor.open('bndbox', 'close-tab', '1 / 8');
    await drawThreeBoxes(firstEditor);
    await first.close();

    const secondEditor = editorPage(await context.newPage(), world.server.url);
    await secondEditor.open('bndbox', 'close-tab', '1 / 8');
    await expect.poll(async () => (await api.boxes('close-tab')).length).toBe(3);
  });

  test('rushing through eight images, a box on each, then closing at once loses none', async ({ context, world, api }) => {
    await api.createProject('rush', 'bndbox', { labels: ['car'] });
    const page = await context.newPage();
    const editor = editorPage(page, world.server.url);
    await editor.open('bndbox', 'rush', '1 / 8');
    const c = await editor.centre();
    for (let image = 1; image <= 8; image += 1) {
      await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 });
      if (image < 8) await editor.nextImage();
    }
    await page.close();

    await editorPage(await context.newPage(), world.server.url).open('bndbox', 'rush', '8 / 8');
    await expect.poll(async () => (await api.boxes('rush')).length).toBe(8);
  });

  test('boxes drawn right before a reload survive it, and the reload warns while unsaved', async ({ page, api, editor }) => {
    await api.createProject('reload', 'bndbox', { labels: ['car'] });
    await editor.open('bndbox', 'reload', '1 / 8');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await drawThreeBoxes(editor);
    await page.reload();
    // The last box was still waiting for its save: the page asked before leaving.
    expect(dialogs).toContain('beforeunload');
    await expect(editor.position()).toHaveText('1 / 8');
    await expect.poll(async () => (await api.boxes('reload')).length).toBe(3);
    // Once everything is acknowledged, leaving asks nothing.
    await editor.waitSaved();
    dialogs.length = 0;
    await page.reload();
    await expect(editor.position()).toHaveText('1 / 8');
    expect(dialogs).toEqual([]);
  });

  test('a box drawn right before navigating away is kept', async ({ page, world, api, editor }) => {
    await api.createProject('navigate', 'bndbox', { labels: ['car'] });
    await editor.open('bndbox', 'navigate', '1 / 8');
    page.on('dialog', (dialog) => void dialog.accept());
    await drawThreeBoxes(editor);
    await page.goto(`${world.server.url}/`);
    await expect(page.getByRole('heading', { name: 'Labelport' })).toBeVisible();
    await expect.poll(async () => (await api.boxes('navigate')).length).toBe(3);
  });
});

test('a box drawn right after the next-image key or a reload lands on that image, where it was drawn, even when the user moves on at once', async ({ page, api, editor }) => {
  await api.createProject('draw-at-once', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'draw-at-once', '1 / 8');
  const c = await editor.centre();
  const from = { x: c.x - 60, y: c.y - 40 };
  const to = { x: c.x + 40, y: c.y + 40 };
  // No waiting for the image: the press may come before the editor holds it.
  await page.keyboard.press('d');
  await editor.drag(from, to); // image 2, cat.jpg
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await editor.drag(from, to); // image 4, dog.png
  await page.reload();
  await expect(editor.position()).toHaveText('4 / 8');
  const left = { x: c.x - 260, y: c.y - 40 };
  await editor.drag(left, { x: c.x - 160, y: c.y + 40 });
  // On at once: the box still lands on the image it was drawn on.
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('5 / 8');

  await expect.poll(async () => (await api.boxesOf('draw-at-once', 'dog.png')).length).toBe(2);
  expect(await api.boxesOf('draw-at-once', 'cat.jpg')).toHaveLength(1);
  expect(await api.boxes('draw-at-once')).toHaveLength(3);
  // Each corner where it was pressed over the image as it is shown.
  const cat = await editor.toImage({ width: 641, height: 479 }, from);
  expect(await api.boxOf('draw-at-once', 'cat.jpg', 0)).toMatchObject({ x1: expect.closeTo(cat.x, 0), y1: expect.closeTo(cat.y, 0) });
  const dog = { width: 320, height: 240 };
  const [drawn, afterReload] = await api.boxesOf('draw-at-once', 'dog.png');
  expect(drawn).toMatchObject({ x1: expect.closeTo((await editor.toImage(dog, from)).x, 0), y1: expect.closeTo((await editor.toImage(dog, from)).y, 0) });
  expect(afterReload).toMatchObject({ x1: expect.closeTo((await editor.toImage(dog, left)).x, 0), y1: expect.closeTo((await editor.toImage(dog, left)).y, 0) });
});

test('a box drawn while its image is still on its way survives the tab closing at once', async ({ context, world, api }) => {
  await api.createProject('held-close', 'bndbox', { labels: ['car'] });
  const page = await context.newPage();
  const editor = editorPage(page, world.server.url);
  await withholdShapesBut(page, await api.uuidOf('held-close', FIRST_IMAGE.file));
  await editor.open('bndbox', 'held-close', '1 / 8');
  const c = await editor.centre();
  const from = { x: c.x - 60, y: c.y - 40 };
  for (const key of ['d', 'd', 'd']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('4 / 8');
  await editor.drag(from, { x: c.x + 40, y: c.y + 40 });
  const corner = await editor.toImage({ width: 320, height: 240 }, from);
  await page.close();

  await editorPage(await context.newPage(), world.server.url).open('bndbox', 'held-close', '4 / 8');
  await expect.poll(async () => (await api.boxesOf('held-close', 'dog.png')).length).toBe(1);
  expect(await api.boxOf('held-close', 'dog.png', 0)).toMatchObject({ x1: expect.closeTo(corner.x, 0), y1: expect.closeTo(corner.y, 0) });
  expect(await api.boxes('held-close')).toHaveLength(1);
});

test('a polygon half drawn on the image shown survives the tab closing at once, or the workspace left, closed as moving on closes it', async ({ context, world, api }) => {
  const { page, c } = await halfDrawnPolygon(context, world.server.url, api, 'drawing-close', { labels: ['car'] });
  await page.close();

  const again = await context.newPage();
  const reopened = editorPage(again, world.server.url);
  await reopened.open('seg', 'drawing-close', '1 / 8');
  await expect.poll(async () => (await api.polygonsOf('drawing-close', FIRST_IMAGE.file)).map((polygon) => polygon.coorPt.length)).toEqual([3]);

  // Left for the project list inside the app: the same.
  await reopened.nextImage();
  for (const [dx, dy] of [[-30, -30], [30, -30], [30, 30], [-30, 30]] as const) await again.mouse.click(c.x + dx, c.y + dy);
  await again.getByRole('link', { name: '← Projects' }).click();
  await expect.poll(async () => (await api.polygons('drawing-close')).map((polygon) => polygon.coorPt.length)).toEqual([3, 4]);
});

test('a polygon half drawn with no label picked comes back, still drawn, after a reload or the tab closed at once; closed, it asks for its label and saves', async ({ context, world, api }) => {
  const { page, editor, c } = await halfDrawnPolygon(context, world.server.url, api, 'drawing-unnamed');
  await page.reload();
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitImageShown();
  await expect(page.getByRole('status').filter({ hasText: 'was brought back' })).toBeVisible();
  await page.close({ runBeforeUnload: true });

  const again = await context.newPage();
  const reopened = editorPage(again, world.server.url);
  await reopened.open('seg', 'drawing-unnamed', '1 / 8');
  await expect(again.getByRole('status').filter({ hasText: 'was brought back' })).toBeVisible();
  // Still being drawn: a click adds a fourth point, Enter closes it and asks for its label.
  await again.mouse.click(c.x - 30, c.y + 30);
  await again.keyboard.press('Enter');
  const ask = again.getByRole('dialog', { name: 'Label for this shape' });
  await ask.getByLabel('Label').fill('road');
  await ask.getByLabel('Label').press('Enter');
  await reopened.waitSaved();
  expect((await api.polygonsOf('drawing-unnamed', FIRST_IMAGE.file)).map((polygon) => [polygon.label, polygon.coorPt.length])).toEqual([['road', 4]]);
  // Used once: the next opening draws nothing.
  await again.reload();
  await reopened.waitImageShown();
  await expect(again.getByRole('status').filter({ hasText: 'was brought back' })).toBeHidden();
  await again.keyboard.press('Enter');
  await reopened.waitSaved();
  expect(await api.polygons('drawing-unnamed')).toHaveLength(1);
});

test('a polygon half drawn with no label picked, "← Projects" Ctrl+clicked (the list opens in a tab of its own): finished on this page, it does not come back at the next opening', async ({ context, world, api }) => {
  const { page, editor, c } = await halfDrawnPolygon(context, world.server.url, api, 'drawing-list-tab');
  const listTab = context.waitForEvent('page');
  await page.getByRole('link', { name: '← Projects' }).click({ modifiers: ['ControlOrMeta'] });
  await (await listTab).close();
  // Still being drawn here: a click on its first point closes it, and it asks for its label.
  await page.mouse.click(c.x - 30, c.y - 30);
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  await ask.getByLabel('Label').fill('road');
  await ask.getByLabel('Label').press('Enter');
  await editor.waitSaved();
  await page.reload();
  await editor.waitImageShown();
  await expect(page.getByRole('status').filter({ hasText: 'was brought back' })).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  expect((await api.polygonsOf('drawing-list-tab', FIRST_IMAGE.file)).map((polygon) => [polygon.label, polygon.coorPt.length])).toEqual([['road', 3]]);
});

test('a box waiting for its label when the page reloads at once comes back waiting for it; named, it saves', async ({ page, api, editor }) => {
  await api.createProject('pending-reload', 'bndbox');
  await editor.open('bndbox', 'pending-reload', '1 / 8');
  await editor.drawBox({ x: 4, y: 3 }, { x: 20, y: 12 });
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  await expect(ask).toBeVisible();
  await page.reload();
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitImageShown();
  await expect(ask).toBeVisible();
  const broughtBack = page.getByRole('status').filter({ hasText: 'was brought back' });
  await expect(broughtBack).toBeVisible();
  await ask.getByLabel('Label').fill('tree');
  await ask.getByLabel('Label').press('Enter');
  await editor.waitSaved();
  await expect(broughtBack).toBeHidden();
  expect(await api.boxes('pending-reload')).toEqual([expect.objectContaining({ label: 'tree', x1: expect.closeTo(4, 0), y1: expect.closeTo(3, 0), x2: expect.closeTo(20, 0), y2: expect.closeTo(12, 0) })]);
});

test('a box waiting for its label when the page went stays away from its image replaced meanwhile by a picture of another size, off which it would lie', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-e2e-pending-replaced-');
  const file = path.join(folder, 'a.png');
  const colour = { r: 120, g: 60, b: 30 };
  await writeImage(file, { format: 'png', width: 320, height: 240, color: colour });
  await api.createProject('pending-replaced', 'bndbox', { folder });
  await editor.open('bndbox', 'pending-replaced', '1 / 1');
  await editor.drawBox({ x: 200, y: 150 }, { x: 300, y: 220 }, { width: 320, height: 240 });
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  await expect(ask).toBeVisible();
  await page.goto('about:blank');
  // Replaced by a picture of half the size: the box would lie wholly off it.
  await writeImage(file, { format: 'png', width: 160, height: 120, color: colour });
  await editor.open('bndbox', 'pending-replaced', '1 / 1');
  await expect(page.getByRole('region', { name: 'Image info' })).toContainText('a.png · 160 × 120');
  await expect(page.getByRole('status').filter({ hasText: 'was brought back' })).toBeHidden();
  await expect(ask).toBeHidden();
  expect(await api.boxes('pending-replaced')).toEqual([]);
});

test('a box waiting for its label when the page went, its image labelled elsewhere meanwhile (so out of To do reopened), comes back waiting when that image is opened', async ({ page, api, editor }) => {
  const folder = await makeTempDir('labelport-e2e-pending-left-list-');
  const size = { width: 320, height: 240 };
  for (const file of ['a.png', 'b.png', 'c.png']) await writeImage(path.join(folder, file), { format: 'png', ...size, color: { r: 120, g: 60, b: 30 } });
  await api.createProject('pending-left-list', 'bndbox', { folder });
  await editor.open('bndbox', 'pending-left-list', '1 / 3');
  await editor.showToDo();
  await editor.nextImage();
  await editor.drawBox({ x: 40, y: 30 }, { x: 200, y: 120 }, size);
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  await expect(ask).toBeVisible();
  await page.goto('about:blank');
  await api.saveBoxes('pending-left-list', 'b.png', size, [{ id: 'elsewhere', x1: 10, y1: 10, x2: 60, y2: 60, label: 'car' }]);

  // To do as reopened holds a.png and c.png: the opening lands on a.png, where nothing was kept.
  await editor.open('bndbox', 'pending-left-list', '1 / 2');
  await expect(page.locator('.topbar-path')).toHaveText('a.png');
  await expect(ask).toBeHidden();
  await editor.imageStrip().getByRole('tab', { name: /^All/ }).click();
  await editor.imageStrip().getByRole('button', { name: 'b.png' }).click();
  await expect(ask).toBeVisible();
  await ask.getByLabel('Label').fill('tree');
  await ask.getByLabel('Label').press('Enter');
  await editor.waitSaved();
  expect((await api.boxesOf('pending-left-list', 'b.png')).map((box) => box.label)).toEqual(['car', 'tree']);
});

test('moving on at once from a box drawn before its image arrived: it lands there with its label, and the next box on the next image', async ({ page, api, editor }) => {
  await api.createProject('held-move-on', 'bndbox', { labels: ['car', 'bike'] });
  // Every image's shapes but the first's come 2 s late: the boxes below wait for theirs.
  await withholdShapesBut(page, await api.uuidOf('held-move-on', FIRST_IMAGE.file), 2000);
  await editor.open('bndbox', 'held-move-on', '1 / 8');
  await editor.pressLabel(1);
  const c = await editor.centre();
  const from = { x: c.x - 60, y: c.y - 40 };
  const to = { x: c.x + 40, y: c.y + 40 };
  for (const key of ['d', 'd', 'd']) await page.keyboard.press(key);
  await editor.drag(from, to); // dog.png, still on its way
  // On at once, another label, and a box on the next image, also on its way.
  await page.keyboard.press('d');
  await editor.pressLabel(2);
  await editor.drag(from, to); // grey.png
  await expect(editor.position()).toHaveText('5 / 8');

  await expect.poll(async () => (await api.boxes('held-move-on')).length, { timeout: 15_000 }).toBe(2);
  const dog = await editor.toImage({ width: 320, height: 240 }, from);
  expect(await api.boxesOf('held-move-on', 'dog.png')).toEqual([expect.objectContaining({ label: 'car', x1: expect.closeTo(dog.x, 0), y1: expect.closeTo(dog.y, 0) })]);
  const grey = await editor.toImage({ width: 64, height: 64 }, from);
  expect(await api.boxesOf('held-move-on', 'grey.png')).toEqual([expect.objectContaining({ label: 'bike', x1: expect.closeTo(grey.x, 0), y1: expect.closeTo(grey.y, 0) })]);
});

test('a box drawn before its image arrived lands there when another list is chosen in the strip at once, not on none', async ({ page, api, editor }) => {
  await api.createProject('held-other-list', 'bndbox', { labels: ['car'] });
  await withholdShapesBut(page, await api.uuidOf('held-other-list', FIRST_IMAGE.file), 2000);
  await editor.open('bndbox', 'held-other-list', '1 / 8');
  // The first image labelled: Labeled opens on it.
  await editor.drawBox({ x: 2, y: 2 }, { x: 20, y: 12 });
  await editor.waitSaved();
  await page.keyboard.press('d');
  const c = await editor.centre();
  const from = { x: c.x - 60, y: c.y - 40 };
  await editor.drag(from, { x: c.x + 40, y: c.y + 40 }); // cat.jpg, still on its way
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();

  await expect.poll(async () => (await api.boxesOf('held-other-list', 'cat.jpg')).length, { timeout: 15_000 }).toBe(1);
  const cat = await editor.toImage({ width: 641, height: 479 }, from);
  expect(await api.boxOf('held-other-list', 'cat.jpg', 0)).toMatchObject({ x1: expect.closeTo(cat.x, 0), y1: expect.closeTo(cat.y, 0) });
  expect(await api.boxes('held-other-list')).toHaveLength(2);
});

test('a box drawn before its image arrived counts in the list chosen at once: Labeled opens on its image, not empty', async ({ page, api, editor }) => {
  await api.createProject('held-then-labeled', 'bndbox', { labels: ['car'] });
  await withholdShapesBut(page, await api.uuidOf('held-then-labeled', FIRST_IMAGE.file), 2000);
  await editor.open('bndbox', 'held-then-labeled', '1 / 8');
  await page.keyboard.press('d');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 }); // cat.jpg, still on its way
  await editor.imageStrip().getByRole('tab', { name: /^Labeled/ }).click();

  await expect(editor.position()).toHaveText('1 / 1', { timeout: 15_000 });
  await expect(editor.canvas()).toHaveAttribute('data-image-id', await api.uuidOf('held-then-labeled', 'cat.jpg'));
  await editor.waitSaved();
  expect(await api.boxesOf('held-then-labeled', 'cat.jpg')).toHaveLength(1);
});

test('a polygon clicked before its image arrived, a slip taken back with Backspace and closed with Enter, is kept as drawn, moving on at once', async ({ page, api, editor }) => {
  await api.createProject('held-polygon', 'seg', { labels: ['car'] });
  // Every image's shapes but the first's come 2 s late: the clicks below wait for theirs.
  await withholdShapesBut(page, await api.uuidOf('held-polygon', FIRST_IMAGE.file, 'seg'), 2000);
  await editor.open('seg', 'held-polygon', '1 / 8');
  await editor.pressLabel(1);
  for (const key of ['d', 'd', 'd']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('4 / 8');
  const c = await editor.centre();
  const [a, b, slip, last] = [{ x: c.x - 60, y: c.y - 40 }, { x: c.x + 60, y: c.y - 40 }, { x: c.x + 90, y: c.y + 60 }, { x: c.x, y: c.y + 50 }];
  // dog.png, still on its way: two corners, a slip taken back, the last corner.
  for (const corner of [a, b, slip]) await page.mouse.click(corner.x, corner.y);
  await page.keyboard.press('Backspace');
  await page.mouse.click(last.x, last.y);
  await page.keyboard.press('Enter');
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('5 / 8');

  await expect.poll(async () => (await api.polygons('held-polygon')).length, { timeout: 15_000 }).toBe(1);
  const dog = { width: 320, height: 240 };
  const corner = async (point: { x: number; y: number }) => {
    const at = await editor.toImage(dog, point);
    return expect.objectContaining({ x: expect.closeTo(at.x, 0), y: expect.closeTo(at.y, 0) });
  };
  expect(await api.polygons('held-polygon')).toEqual([expect.objectContaining({ label: 'car', coorPt: [await corner(a), await corner(b), await corner(last)] })]);
});

test('a box drawn while its image is on its way is said to be unsaved until the server has it', async ({ page, api, editor }) => {
  await api.createProject('held-status', 'bndbox', { labels: ['car'] });
  await withholdShapesBut(page, await api.uuidOf('held-status', FIRST_IMAGE.file));
  await editor.open('bndbox', 'held-status', '1 / 8');
  await editor.pressLabel(1);
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 }); // cat.jpg, still on its way
  await expect(editor.saveIndicator()).toHaveText('Unsaved changes');
  await expect.poll(async () => (await api.boxesOf('held-status', 'cat.jpg')).length, { timeout: 20_000 }).toBe(1);
  await editor.waitSaved();
});

test('a number key before drawing labels the next box, not the one just drawn', async ({ api, editor }) => {
  await api.createProject('pick-then-draw', 'bndbox', { labels: ['car', 'tree', 'sky'] });
  await editor.open('bndbox', 'pick-then-draw', '1 / 8');
  const c = await editor.centre();
  for (const [label, dx] of [[1, -200], [2, -60], [3, 80]] as const) {
    await editor.pressLabel(label);
    await editor.drag({ x: c.x + dx, y: c.y - 40 }, { x: c.x + dx + 100, y: c.y + 40 });
  }
  await editor.waitSaved();
  expect((await api.boxes('pick-then-draw')).map((box) => box.label)).toEqual(['car', 'tree', 'sky']);

  // A shape the user selects on purpose is relabelled by the key.
  await editor.drag({ x: c.x - 150, y: c.y }, { x: c.x - 150, y: c.y });
  await editor.pressLabel(3);
  await editor.waitSaved();
  expect((await api.boxes('pick-then-draw')).map((box) => box.label)).toEqual(['sky', 'tree', 'sky']);
});

test('in Box mode, handles resize and dragging a box moves it; drawing starts on empty canvas only', async ({ api, editor }) => {
  await api.createProject('handles', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'handles', '1 / 8');
  await editor.drawBox({ x: 5, y: 4 }, { x: 15, y: 12 });
  await editor.waitSaved();
  expect(await api.boxOf('handles', FIRST_IMAGE.file, 0)).toMatchObject({ label: 'car' });

  // Still in Box mode: pull the south-east handle 5 px right and 3 px down.
  await expect(editor.toolButton('Box')).toHaveAttribute('aria-pressed', 'true');
  await editor.drawBox({ x: 15, y: 12 }, { x: 20, y: 15 });
  await editor.waitSaved();
  const resized = await api.onlyBox('handles');
  const width = resized.x2 - resized.x1;
  expect(width).toBeGreaterThan(12);

  // Drag from inside the box: it moves, keeping its size; no second box appears.
  await editor.drawBox({ x: 10, y: 8 }, { x: 6, y: 6 });
  await editor.waitSaved();
  const moved = await api.onlyBox('handles');
  expect(moved.x1).toBeLessThan(resized.x1);
  expect(moved.x2 - moved.x1).toBeCloseTo(width, 1);
});

test('with no label chosen, drawing asks for one and never saves an unnamed box', async ({ page, api, editor }) => {
  await api.createProject('unnamed', 'bndbox');
  await editor.open('bndbox', 'unnamed', '1 / 8');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x + 50, y: c.y + 50 });
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  await expect(ask).toBeVisible();
  await ask.getByLabel('Label').fill('tree');
  await ask.getByLabel('Label').press('Enter');
  await editor.waitSaved();
  expect((await api.boxes('unnamed')).map((box) => box.label)).toEqual(['tree']);
  await expect(editor.labelPanel()).toContainText('tree');
});

// The reopened tab replays the closed one's state from its journal, grown from the version before
// the other's save. Either answer stands: a kept state must not come back as a conflict again.
for (const { choice, project, boxes } of [
  { choice: 'Merge shapes', project: 'replay', boxes: 2 },
  { choice: 'Keep mine', project: 'replay-keep', boxes: 1 },
] as const) {
  test(`a box drawn on a stale state right before the tab closes is not lost: reopened, the tab shows the conflict (${choice})`, async ({ context, browser, world, api }) => {
    await api.createProject(project, 'bndbox', { labels: ['car'] });
    const slowPage = await context.newPage();
    const slow = editorPage(slowPage, world.server.url);
    await slow.open('bndbox', project, '1 / 8');
    const other = editorPage(await (await browser.newContext()).newPage(), world.server.url);
    await other.open('bndbox', project, '1 / 8');
    const o = await other.centre();
    await other.drag({ x: o.x + 150, y: o.y + 60 }, { x: o.x + 300, y: o.y + 180 });
    await other.waitSaved();
    const theirs = await api.boxOf(project, FIRST_IMAGE.file, 0);
    // The first tab draws on its stale state and closes at once: its keepalive save is refused.
    const c = await slow.centre();
    await slow.drag({ x: c.x - 300, y: c.y - 180 }, { x: c.x - 150, y: c.y - 60 });
    await slowPage.close();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await api.boxesOf(project, FIRST_IMAGE.file)).length).toBe(1);
    const again = await context.newPage();
    await again.goto(`${world.server.url}/projects/bndbox/${project}`);
    const dialog = again.getByRole('dialog', { name: 'This image was changed meanwhile' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: choice }).click();
    await expect.poll(async () => (await api.boxesOf(project, FIRST_IMAGE.file)).length).toBe(boxes);
    await editorPage(again, world.server.url).waitSaved();
    await expect(dialog).toBeHidden();
    const stored = await api.boxesOf(project, FIRST_IMAGE.file);
    if (choice === 'Keep mine') expect(stored[0]?.x1).toBeLessThan(theirs.x1);
    else expect(stored.map((box) => box.x1)).toContain(theirs.x1);
  });
}

test('a conflict settled in the dialog is logged as no failure in the console', async ({ page, api, editor }) => {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await api.createProject('conflict-quiet', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'conflict-quiet', '1 / 8');
  // A classifai client labels the image in view: the user's box, drawn on the state before, meets it.
  await api.saveBoxes('conflict-quiet', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'k1', x1: 20, y1: 2, x2: 30, y2: 12, label: 'car' }]);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  const dialog = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Merge shapes' }).click();
  await expect.poll(async () => (await api.boxesOf('conflict-quiet', FIRST_IMAGE.file)).length).toBe(2);
  await editor.waitSaved();
  expect(errors).toEqual([]);
});

test('two images whose saves conflict at once each get the dialog, one after the other', async ({ page, api, editor }) => {
  const CAT = { width: 641, height: 479 };
  await api.createProject('two-conflicts', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'two-conflicts', '1 / 8');
  // Offline: the boxes drawn on two images wait to be saved.
  await page.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  await editor.drawBox({ x: 100, y: 100 }, { x: 250, y: 250 }, CAT);
  // Meanwhile a classifai client labels both images.
  await api.saveBoxes('two-conflicts', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'k1', x1: 20, y1: 2, x2: 30, y2: 12, label: 'car' }]);
  await api.saveBoxes('two-conflicts', 'cat.jpg', CAT, [{ id: 'k2', x1: 300, y1: 300, x2: 400, y2: 400, label: 'car' }]);
  // Back online, the switch saves both at once: both are refused.
  await page.unroute(/saveFromEditor/);
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  // Mine kept on one (drawn before theirs landed, it still wins), both merged on the other.
  for (const choice of ['Keep mine', 'Merge shapes']) {
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('button', { name: choice }).click();
  }
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await api.boxes('two-conflicts')).length).toBe(3);
  const lefts = async (file: string) => (await api.boxesOf('two-conflicts', file)).map((box) => Math.round(box.x1));
  expect(await lefts(FIRST_IMAGE.file)).toContain(2);
  expect(await lefts('cat.jpg')).toContain(100);
});

test('a conflict settled while another image is shown is one undo step there: the first undo steps back over the merge only', async ({ page, api, editor }) => {
  await api.createProject('undo-merge', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'undo-merge', '1 / 8');
  await page.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.nextImage();
  // A classifai client labels the first image meanwhile: the box's save, sent on the next move, is refused.
  await api.saveBoxes('undo-merge', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'k1', x1: 20, y1: 2, x2: 30, y2: 12, label: 'car' }]);
  await page.unroute(/saveFromEditor/);
  await editor.nextImage();
  const dialog = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Merge shapes' }).click();
  const lefts = async () => (await api.boxesOf('undo-merge', FIRST_IMAGE.file)).map((box) => Math.round(box.x1)).sort((a, b) => a - b);
  await expect.poll(lefts).toEqual([2, 20]);
  for (const key of ['a', 'a']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitImageShown();
  await page.keyboard.press('Control+z');
  // The merge undone: the user's own box stays (it went with a second undo before).
  await expect.poll(lefts).toEqual([2]);
  await editor.waitSaved();
  expect(await lefts()).toEqual([2]);
});

test('"Keep mine" answered while another image is shown leaves no empty undo step there: the first undo takes back the user\'s box', async ({ page, api, editor }) => {
  await api.createProject('undo-keep', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'undo-keep', '1 / 8');
  await page.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.nextImage();
  await api.saveBoxes('undo-keep', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'k1', x1: 20, y1: 2, x2: 30, y2: 12, label: 'car' }]);
  await page.unroute(/saveFromEditor/);
  await editor.nextImage();
  const dialog = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  const lefts = async () => (await api.boxesOf('undo-keep', FIRST_IMAGE.file)).map((box) => Math.round(box.x1));
  await expect.poll(lefts).toEqual([2]);
  await editor.waitSaved();
  for (const key of ['a', 'a']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitImageShown();
  // As when mine is kept with the image on screen: nothing to undo but the user's own box.
  await page.keyboard.press('Control+z');
  await expect.poll(lefts).toEqual([]);
  await editor.waitSaved();
  expect(await lefts()).toEqual([]);
});

test('"Keep mine" for an image this tab never showed (an edit replayed from the journal): the kept box is stored over theirs', async ({ context, world, api }) => {
  const GREY = { width: 64, height: 64 };
  await api.createProject('replay-keep-far', 'bndbox', { labels: ['car'] });
  const first = await context.newPage();
  const editor = editorPage(first, world.server.url);
  await editor.open('bndbox', 'replay-keep-far', '1 / 8');
  const goTo = async (position: string) => {
    await first.keyboard.press('g');
    const dialog = first.getByRole('dialog', { name: 'Go to image' });
    await dialog.getByLabel('Image number or file name').fill(position);
    await dialog.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(editor.position()).toHaveText(`${position} / 8`);
    await editor.waitImageShown();
  };
  await goTo('5');
  // Offline: the box waits in the journal; the tab goes back to the first image and closes.
  await first.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 4, y: 4 }, { x: 20, y: 20 }, GREY);
  await goTo('1');
  await first.close();
  await api.saveBoxes('replay-keep-far', 'grey.png', GREY, [{ id: 'k1', x1: 40, y1: 40, x2: 60, y2: 60, label: 'car' }]);
  // Reopened on the first image: the fifth is far from it, so nothing of it is read but the conflict.
  const again = await context.newPage();
  await again.goto(`${world.server.url}/projects/bndbox/replay-keep-far`);
  const dialog = again.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  const lefts = async () => (await api.boxesOf('replay-keep-far', 'grey.png')).map((box) => Math.round(box.x1));
  await expect.poll(lefts, { timeout: 10_000 }).toEqual([4]);
  await editorPage(again, world.server.url).waitSaved();
  expect(await lefts()).toEqual([4]);
});

test('draw, reload at once, draw with another label, rush keys, close at once: every box is stored, and no conflict with itself', async ({ context, world, api }) => {
  await api.createProject('trial', 'bndbox', { labels: ['car', 'bike'] });
  const page = await context.newPage();
  const editor = editorPage(page, world.server.url);
  await editor.open('bndbox', 'trial', '1 / 8');
  let c = await editor.centre();
  await editor.drag({ x: c.x - 300, y: c.y - 180 }, { x: c.x - 150, y: c.y - 60 });
  await page.reload();
  await editor.waitImageShown();
  c = await editor.centre();
  await editor.pressLabel(2);
  await editor.drag({ x: c.x + 150, y: c.y + 60 }, { x: c.x + 300, y: c.y + 180 });
  for (const key of ['d', 'a', 'd', 'a', 'Escape']) await page.keyboard.press(key);
  await editor.drag({ x: c.x - 300, y: c.y + 60 }, { x: c.x - 150, y: c.y + 180 });
  await page.close();
  const again = await context.newPage();
  const reopened = editorPage(again, world.server.url);
  await reopened.open('bndbox', 'trial', '1 / 8');
  await expect.poll(async () => (await api.boxesOf('trial', FIRST_IMAGE.file)).map((box) => box.label).sort()).toEqual(['bike', 'bike', 'car']);
  await expect(again.getByRole('dialog', { name: 'This image was changed meanwhile' })).toHaveCount(0);
});

test('an edit on an image deleted meanwhile says it was not saved, not "All changes saved", and is not sent again on the next open', async ({ page, world, api, editor }) => {
  const folder = await makeTempDir('labelport-e2e-deleted-under-');
  for (const file of ['a.png', 'b.png']) await writeImage(path.join(folder, file), { format: 'png', width: 320, height: 240, color: { r: 120, g: 60, b: 30 } });
  await api.createProject('deleted-under', 'bndbox', { folder, labels: ['car'] });
  await editor.open('bndbox', 'deleted-under', '1 / 2');
  await expect(page.locator('.topbar-path')).toHaveText('a.png');
  // A classifai client deletes the image while it is open here.
  const uuid = await api.uuidOf('deleted-under', 'a.png');
  const deleted = await page.request.delete(`${world.server.url}/v2/bndbox/projects/deleted-under/uuids`, {
    data: { uuid_list: [uuid], img_path_list: [path.join(folder, 'a.png')] },
  });
  expect(await deleted.json()).toMatchObject({ message: 1 });

  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, { width: 320, height: 240 });
  await expect(editor.saveIndicator()).toHaveText('Not saved: the image was deleted from the project');
  // Edits that can be stored still are, and the status says so again.
  await editor.nextImage();
  await editor.drawBox({ x: 40, y: 40 }, { x: 200, y: 160 }, { width: 320, height: 240 });
  await editor.waitSaved();
  expect(await api.boxesOf('deleted-under', 'b.png')).toHaveLength(1);

  // The refused edit is not in the journal any more: the next open has nothing to send again.
  await editor.open('bndbox', 'deleted-under', '1 / 1');
  await expect(editor.saveIndicator()).toHaveText('All changes saved');
  expect((await page.evaluate(journalEntries)).filter((entry) => entry.imageId === uuid)).toEqual([]);
});

test('keys pressed right after jumping to an image still on its way edit nothing, not the image left behind', async ({ page, api, editor }) => {
  await api.createProject('keys-in-transit', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'keys-in-transit', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  await page.keyboard.press('Control+c');
  // photo.webp (7 / 8) is not among the neighbours prefetched from the first image.
  const first = await api.uuidOf('keys-in-transit', FIRST_IMAGE.file);
  const photo = await api.uuidOf('keys-in-transit', 'photo.webp');
  await withholdShapesBut(page, first, 3000);
  await editor.imageStrip().getByRole('button', { name: 'photo.webp' }).click();
  await page.keyboard.press('Control+Shift+v');
  await expect(editor.canvas()).toHaveAttribute('data-image-id', photo, { timeout: 10_000 });
  await editor.waitSaved();
  expect(await api.boxesOf('keys-in-transit', FIRST_IMAGE.file)).toHaveLength(1);
});

test("a box whose save was failing when the strip's filter changed is there when its image opens again, and the next box is saved beside it", async ({ page, api, editor }) => {
  const CAT = { width: 641, height: 479 };
  await api.createProject('filter-while-offline', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'filter-while-offline', '1 / 8');
  await page.keyboard.press('d');
  await expect(page.locator('.topbar-path')).toHaveText('cat.jpg');
  await editor.waitImageShown();
  // Offline: the box on the second image waits to be saved while the list changes under it.
  await page.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 100, y: 100 }, { x: 250, y: 250 }, CAT);
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(page.locator('.topbar-path')).toHaveText(FIRST_IMAGE.file);
  // Back online, the box lands while another image is in view.
  await page.unroute(/saveFromEditor/);
  await expect.poll(async () => (await api.boxesOf('filter-while-offline', 'cat.jpg')).length, { timeout: 20_000 }).toBe(1);
  await page.keyboard.press('d');
  await expect(page.locator('.topbar-path')).toHaveText('cat.jpg');
  await editor.waitImageShown();
  await editor.drawBox({ x: 300, y: 300 }, { x: 400, y: 400 }, CAT);
  await editor.waitSaved();
  expect((await api.boxesOf('filter-while-offline', 'cat.jpg')).map((box) => Math.round(box.x1)).sort((a, b) => a - b)).toEqual([100, 300]);
});
