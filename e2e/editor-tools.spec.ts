// The editor's power tools as a labeller uses them, each checked by what a classifai client
// then reads over REST.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { FIRST_IMAGE, resetEditorSettings, type EditorPage, type Point } from './pages';

const points = (polygon: { coorPt: unknown[] }) => polygon.coorPt.length;

// Settings are the machine's (one server per spec file): each test starts from the defaults.
test.afterEach(async ({ page, world }) => resetEditorSettings(page.request, world.server.url));

/** Two boxes on the first image, in the left and right halves. */
async function twoBoxes(editor: EditorPage) {
  await editor.drawBox({ x: 2, y: 2 }, { x: 10, y: 12 });
  await editor.drawBox({ x: 20, y: 3 }, { x: 30, y: 14 });
  await editor.waitSaved();
}

async function marquee(page: Page, editor: EditorPage, from: Point, to: Point) {
  await page.keyboard.press('v');
  await editor.drawBox(from, to);
}

test('several shapes: marquee, relabel, copy, paste in place on the next image, select all and delete', async ({ page, api, editor }) => {
  await api.createProject('multi', 'bndbox', { labels: ['car', 'person'] });
  await editor.open('bndbox', 'multi', '1 / 8');
  await twoBoxes(editor);

  await marquee(page, editor, { x: 0.5, y: 0.5 }, { x: 32.5, y: 16.5 });
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '2');
  await editor.pressLabel(2);
  await editor.waitSaved();
  const before = await api.boxesOf('multi', FIRST_IMAGE.file);
  expect(before.map((box) => box.label)).toEqual(['person', 'person']);
  // Dragging one of the picked boxes moves both by the same amount.
  await editor.drawBox({ x: 6, y: 7 }, { x: 8, y: 8 });
  await editor.waitSaved();
  const relabelled = await api.boxesOf('multi', FIRST_IMAGE.file);
  expect(relabelled.map((box, i) => Math.round(box.x1 - (before[i]?.x1 ?? 0)))).toEqual([2, 2]);
  expect(relabelled.map((box, i) => Math.round(box.y1 - (before[i]?.y1 ?? 0)))).toEqual([1, 1]);

  await page.keyboard.press('Control+c');
  await editor.nextImage();
  await page.keyboard.press('Control+Shift+v');
  await editor.waitSaved();
  const second = await api.boxes('multi');
  expect(second).toHaveLength(4);
  // Same place on an image of its own size: pasted in place, not shifted.
  expect(second.slice(2).map((box) => Math.round(box.x1))).toEqual(relabelled.map((box) => Math.round(box.x1)));

  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await editor.waitSaved();
  expect(await api.boxes('multi')).toHaveLength(2);
  await page.keyboard.press('Control+z');
  await editor.waitSaved();
  expect(await api.boxes('multi')).toHaveLength(4);
});

test('polygons: a ghost midpoint inserts a vertex, Delete removes one, simplify and convert to a box', async ({ page, api, editor }) => {
  await api.createProject('poly', 'seg', { labels: ['road'] });
  await editor.open('seg', 'poly', '1 / 8');
  const corners = [{ x: 4, y: 4 }, { x: 28, y: 4 }, { x: 28, y: 14 }, { x: 4, y: 14 }];
  await editor.drawPolygon(await Promise.all(corners.map((corner) => editor.toScreen(FIRST_IMAGE, corner))));
  await editor.waitSaved();
  expect((await api.polygons('poly')).map(points)).toEqual([4]);

  // Pick it, then drag the ghost in the middle of its top edge upwards.
  await page.keyboard.press('v');
  await editor.drawBox({ x: 16, y: 9 }, { x: 16, y: 9 });
  await editor.drawBox({ x: 16, y: 4 }, { x: 16, y: 1 });
  await editor.waitSaved();
  expect((await api.polygons('poly')).map(points)).toEqual([5]);

  // Press a vertex to pick it, then Delete: the vertex goes, the polygon stays.
  await editor.drawBox({ x: 28, y: 14 }, { x: 28, y: 14 });
  await page.keyboard.press('Delete');
  await editor.waitSaved();
  expect((await api.polygons('poly')).map(points)).toEqual([4]);

  await page.keyboard.press('Shift+S');
  const panel = page.getByRole('dialog', { name: 'Simplify polygon' });
  await panel.getByLabel('Tolerance in pixels').focus();
  await page.keyboard.press('End');
  await expect(panel.getByLabel('Vertex count')).toHaveText('4 → 3 points');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await editor.waitSaved();
  expect((await api.polygons('poly')).map(points)).toEqual([3]);

  await page.keyboard.press('Shift+B');
  await editor.waitSaved();
  const [rectangle] = await api.polygons('poly');
  expect(rectangle && points(rectangle)).toBe(4);
});

test('a bndbox project stores a drawn polygon as its box; a seg project a drawn box as 4 points', async ({ page, api, editor }) => {
  await api.createProject('kinds-box', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'kinds-box', '1 / 8');
  await page.keyboard.press('p');
  const outline = [{ x: 5, y: 3 }, { x: 25, y: 6 }, { x: 12, y: 15 }];
  await editor.drawPolygon(await Promise.all(outline.map((point) => editor.toScreen(FIRST_IMAGE, point))));
  await editor.waitSaved();
  const box = await api.onlyBox('kinds-box');
  expect([box.x1, box.y1, box.x2, box.y2].map(Math.round)).toEqual([5, 3, 25, 15]);

  await api.createProject('kinds-seg', 'seg', { labels: ['road'] });
  await editor.open('seg', 'kinds-seg', '1 / 8');
  await page.keyboard.press('b');
  await editor.drawBox({ x: 3, y: 3 }, { x: 20, y: 12 });
  await editor.waitSaved();
  expect((await api.polygons('kinds-seg')).map(points)).toEqual([4]);
});

test('propagation: copy to the next images (one undo each), and keep previous on empty images', async ({ page, api, editor }) => {
  await api.createProject('propagate', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'propagate', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 10 });
  await editor.waitSaved();

  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Copy shapes to other images' });
  await dialog.getByLabel('Number of next images').fill('3');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await editor.waitSaved();
  expect(await api.boxes('propagate')).toHaveLength(4);

  // The same copy again adds nothing (it did: each image got a second, identical box), and says so.
  await page.keyboard.press('c');
  await dialog.getByLabel('Number of next images').fill('3');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Those images already have these shapes: nothing was copied.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await editor.waitSaved();
  expect(await api.boxes('propagate')).toHaveLength(4);

  // Undo on the third image takes back only that image's copy.
  await editor.nextImage();
  await editor.nextImage();
  await page.keyboard.press('Control+z');
  await editor.waitSaved();
  expect(await api.boxes('propagate')).toHaveLength(3);

  // Keep previous: arriving on an empty image starts it with the last image's shapes.
  await editor.nextImage();
  await page.keyboard.press('k');
  await page.getByRole('button', { name: 'More ▾' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: /Keep previous/ })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'More ▾' }).click();
  await editor.nextImage();
  await editor.waitSaved();
  expect(await api.boxes('propagate')).toHaveLength(4);
});

test('propagation says how far it got, and a cancel stops it before the image being read', async ({ page, api, editor }) => {
  await api.createProject('propagate-cancel', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'propagate-cancel', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 10 });
  await editor.waitSaved();
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Copy shapes to other images' });
  // Only this image in the range: said, not closed as if copies were made.
  await dialog.getByLabel('From image').fill('1');
  await dialog.getByLabel('To image').fill('1');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That range holds only this image: there is no other image to copy to.');
  await expect(dialog).toBeVisible();

  // Images far from this one are not prefetched: each is read when its turn comes, slowly here.
  await page.route(/annotation\.forEditor/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue().catch(() => undefined);
  });
  await dialog.getByLabel('From image').fill('6');
  await dialog.getByLabel('To image').fill('8');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  const progress = dialog.getByRole('status', { name: 'Copy progress' });
  await expect(progress).toHaveText('Copying: 0 / 3 images done…');
  await expect(progress).toHaveText('Copying: 1 / 3 images done…', { timeout: 10_000 });
  // Cancelled while the seventh image is read: it gets no copies, the sixth keeps its own.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(3000);
  await editor.waitSaved();
  expect(await api.boxes('propagate-cancel')).toHaveLength(2);
});

test('propagation from the last image says there is nothing after it, and stays open', async ({ page, api, editor }) => {
  await api.createProject('propagate-last', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'propagate-last', '1 / 8');
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('8');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(editor.position()).toHaveText('8 / 8');
  await editor.waitImageShown();
  const c = await editor.centre();
  await editor.drag({ x: c.x - 40, y: c.y - 30 }, { x: c.x + 30, y: c.y + 30 });
  await editor.waitSaved();
  expect(await api.boxes('propagate-last')).toHaveLength(1);
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Copy shapes to other images' });
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This is the last image: there is no image after it to copy to.');
  await dialog.getByRole('radio', { name: 'Images' }).check();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That range holds only this image: there is no other image to copy to.');
  await expect(dialog).toBeVisible();
  expect(await api.boxes('propagate-last')).toHaveLength(1);
});

test('propagation in a filtered list counts the images of that list, not of the project', async ({ page, api, editor }) => {
  await api.createProject('propagate-todo', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('propagate-todo', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: '1', x1: 2, y1: 2, x2: 12, y2: 10, label: 'car' }]);
  await editor.open('bndbox', 'propagate-todo', '1 / 8');
  await editor.showToDo();
  await expect(editor.position()).toHaveText('1 / 7');
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Copy shapes to other images' });
  await dialog.getByLabel('Number of next images').fill('7');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  // It said "The project has 7 images", of a project of 8.
  await expect(dialog.getByRole('alert')).toHaveText('The list in the strip has 7 images.');
});

test('auto-advance goes to the next image once a shape is labelled', async ({ page, api, editor }) => {
  await api.createProject('advance', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'advance', '1 / 8');
  await page.keyboard.press('Shift+A');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 10 });
  await expect(editor.position()).toHaveText('2 / 8');
  await editor.waitSaved();
  expect(await api.boxesOf('advance', FIRST_IMAGE.file)).toHaveLength(1);
});

test('hidden shapes are not drawn or picked, locked ones do not move', async ({ page, api, editor }) => {
  await api.createProject('visibility', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'visibility', '1 / 8');
  await twoBoxes(editor);
  const shapes = page.getByRole('region', { name: 'Shapes' });

  await shapes.getByRole('button', { name: 'Lock car 1' }).click();
  await page.keyboard.press('v');
  await editor.drawBox({ x: 5, y: 6 }, { x: 8, y: 9 });
  await editor.waitSaved();
  const [locked] = await api.boxesOf('visibility', FIRST_IMAGE.file);
  expect(Math.round(locked?.x1 ?? -1)).toBe(2);

  await editor.labelPanel().getByRole('button', { name: 'Hide car' }).click();
  await editor.drawBox({ x: 25, y: 8 }, { x: 25, y: 8 });
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '0');
  await page.keyboard.press('Control+a');
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '0');
  await page.keyboard.press('Shift+H');
  // Everything shown and unlocked again, both shapes still listed: all of them can be picked.
  await expect(editor.labelPanel().getByRole('button', { name: 'Hide car' })).toHaveAttribute('aria-pressed', 'false');
  await expect(shapes.getByRole('button', { name: 'Lock car 1' })).toHaveAttribute('aria-pressed', 'false');
  await expect(shapes.getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Control+a');
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '2');
});

/** Pixels of a screenshot near a colour, optionally only in columns x0..x1. */
async function pixelsNear(shot: Buffer, test: (r: number, g: number, b: number) => boolean, columns?: [number, number]) {
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = columns?.[0] ?? 0; x <= (columns?.[1] ?? info.width - 1); x += 1) {
      const i = (y * info.width + x) * info.channels;
      if (test(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0)) count += 1;
    }
  }
  return count;
}

test('outlines keep their screen width when zoomed, and box drawing shows crosshair guides', async ({ page, api, editor }) => {
  await api.createProject('zoom-lines', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'zoom-lines', '1 / 8');
  await editor.drawBox({ x: 4, y: 3 }, { x: 12, y: 13 });
  await editor.waitSaved();
  await page.keyboard.press('Escape');
  const hex = await editor.labelPanel().getByLabel('Color of car').inputValue();
  const rgb = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  const outline = (r: number, g: number, b: number) => [r, g, b].every((value, c) => Math.abs(value - (rgb[c] ?? 0)) <= 12);

  const box = await editor.canvas().boundingBox();
  if (!box) throw new Error('no canvas');
  /** The width of the box's left edge on screen, along the row through its middle. */
  const edgeWidth = async () => {
    await page.mouse.move(box.x + 5, box.y + 5); // the cursor label must not cover the box
    const middle = await editor.toScreen(FIRST_IMAGE, { x: 8, y: 8 });
    const { data, info } = await sharp(await editor.canvas().screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const y = Math.round(middle.y - box.y);
    let run = 0;
    let best = 0;
    for (let x = 0; x < info.width; x += 1) {
      const i = (y * info.width + x) * info.channels;
      run = outline(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) ? run + 1 : 0;
      best = Math.max(best, run);
      if (best > 0 && run === 0) break;
    }
    return best;
  };
  const fitted = await edgeWidth();
  expect(fitted).toBeGreaterThanOrEqual(1);
  expect(fitted).toBeLessThanOrEqual(4);
  // Zoomed in around the box's middle (which stays where it is on screen): the same width.
  const centre = await editor.toScreen(FIRST_IMAGE, { x: 8, y: 8 });
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -462);
  await expect(page.getByLabel('Zoom level')).not.toHaveText(/^1321%$/);
  expect(await edgeWidth()).toBeLessThanOrEqual(4);

  // Guides: a light line down the whole image under the cursor while the box tool is on.
  await page.keyboard.press('f');
  const probe = await editor.toScreen(FIRST_IMAGE, { x: 20, y: 8 });
  const column: [number, number] = [Math.round(probe.x - box.x) - 1, Math.round(probe.x - box.x) + 1];
  const light = (r: number, g: number, b: number) => r > 140 && g > 150 && b > 160;
  await page.mouse.move(probe.x, probe.y);
  await expect.poll(async () => pixelsNear(await editor.canvas().screenshot(), light, column)).toBeGreaterThan(40);
  // ... and across it at the cursor's height; nothing light elsewhere in the lower left of the image.
  const shot = await sharp(await editor.canvas().screenshot()).rotate(90).png().toBuffer();
  const rowAsColumn = Math.round(box.height - (probe.y - box.y));
  expect(await pixelsNear(shot, light, [rowAsColumn - 1, rowAsColumn + 1])).toBeGreaterThan(40);
  const lowerLeft = await editor.toScreen(FIRST_IMAGE, { x: 2, y: 15 });
  const clear = await sharp(await editor.canvas().screenshot())
    .extract({ left: Math.round(lowerLeft.x - box.x), top: Math.round(probe.y - box.y) + 10, width: Math.round(probe.x - lowerLeft.x) - 10, height: Math.round(lowerLeft.y - probe.y) - 10 })
    .png()
    .toBuffer();
  expect(await pixelsNear(clear, light)).toBeLessThan(5);
  // While a box is dragged out too.
  await page.mouse.down();
  await page.mouse.move(probe.x + 20, probe.y + 10, { steps: 4 });
  const dragged: [number, number] = [column[0] + 20, column[1] + 20];
  await expect.poll(async () => pixelsNear(await editor.canvas().screenshot(), light, dragged)).toBeGreaterThan(40);
  await page.mouse.up();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('v');
  await page.mouse.move(probe.x + 1, probe.y);
  await expect.poll(async () => pixelsNear(await editor.canvas().screenshot(), light, column)).toBeLessThan(10);
});

test('coming back to an image before the next one loaded shows its latest edit', async ({ page, api, editor }) => {
  await api.createProject('come-back', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'come-back', '1 / 8');
  const shapes = page.getByRole('region', { name: 'Shapes' }).getByRole('heading');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 10 });
  await expect(shapes).toHaveText('Shapes 1');
  // dog.png is no neighbour, and its shapes never arrive: the editor stays on the first image.
  await page.route(/annotation\.forEditor/, () => undefined);
  await page.getByRole('button', { name: /dog\.png$/ }).click();
  await expect(editor.position()).toHaveText('4 / 8');
  await page.unroute(/annotation\.forEditor/);
  await page.getByRole('button', { name: /bitmap\.bmp$/ }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.drawBox({ x: 20, y: 2 }, { x: 30, y: 10 });
  await expect(shapes).toHaveText('Shapes 2');
  await editor.waitSaved();
  expect(await api.boxesOf('come-back', FIRST_IMAGE.file)).toHaveLength(2);
});

test('menus close as menus do, on Escape or a press elsewhere, and their Escape keeps the selection', async ({ page, api, editor }) => {
  await api.createProject('menus', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'menus', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 10, y: 12 });
  await editor.waitSaved();
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '1');
  const menu = page.getByRole('menu');

  await page.getByRole('button', { name: 'Export' }).click();
  await expect(menu.getByRole('menuitem', { name: 'COCO (.zip)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  // That Escape was the menu's: the next one, with no menu open, clears the selection.
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '1');

  // A press on another button closes the menu, and that button does its own work.
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(menu).toBeVisible();
  await page.getByRole('button', { name: 'Split…' }).click();
  await expect(page.getByRole('dialog', { name: 'Split' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Split' })).toBeHidden();

  await page.getByRole('button', { name: 'More ▾' }).click();
  await expect(menu.getByRole('menuitem', { name: /Select all/ })).toBeVisible();
  await editor.position().click();
  await expect(menu).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '0');
});
