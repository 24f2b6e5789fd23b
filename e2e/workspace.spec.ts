// The workspace end to end: draw, move, relabel, resize, undo and redo boxes, draw a polygon,
// export; every change is what a classifai client then reads over REST.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { FIRST_IMAGE } from './pages';

test('labels a bndbox project with mouse and keyboard, and everything persists', async ({ page, world, api, editor }) => {
  await api.createProject('boxes', 'bndbox', { labels: ['car', 'person', 'bike'] });
  await editor.open('bndbox', 'boxes', '1 / 8');
  await expect(editor.toolButton('Box')).toHaveAttribute('aria-pressed', 'true');
  const c = await editor.centre();

  await editor.drag({ x: c.x - 150, y: c.y - 100 }, { x: c.x - 50, y: c.y });
  await editor.drag({ x: c.x + 20, y: c.y + 20 }, { x: c.x + 120, y: c.y + 90 });
  await editor.waitSaved();
  expect((await api.boxesOf('boxes', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['car', 'car']);
  const before = await api.boxOf('boxes', FIRST_IMAGE.file, 1);
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-boxes.png') });

  // Select the second box, move it right, then relabel it with key 2.
  await page.keyboard.press('v');
  await editor.drag({ x: c.x + 70, y: c.y + 55 }, { x: c.x + 170, y: c.y + 55 });
  await editor.pressLabel(2);
  await editor.waitSaved();
  const moved = await api.boxOf('boxes', FIRST_IMAGE.file, 1);
  expect(moved.label).toBe('person');
  expect(moved.x1).toBeGreaterThan(before.x1);
  expect(moved.x2 - moved.x1).toBeCloseTo(before.x2 - before.x1, 0);

  // Resize it by its south-east handle: a few image pixels wider and taller.
  await editor.drawBox({ x: moved.x2, y: moved.y2 }, { x: Math.min(FIRST_IMAGE.width, moved.x2 + 2), y: Math.min(FIRST_IMAGE.height, moved.y2 + 1) });
  await editor.waitSaved();
  const resized = await api.boxOf('boxes', FIRST_IMAGE.file, 1);
  expect(resized.x1).toBeCloseTo(moved.x1, 1);
  expect(resized.x2).toBeGreaterThan(moved.x2 + 1);
  expect(resized.y2).toBeGreaterThan(moved.y2 + 0.5);
  await page.keyboard.press('Control+z');
  await editor.waitSaved();

  // Undo the relabel, then redo it.
  await page.keyboard.press('Control+z');
  await editor.waitSaved();
  expect((await api.boxOf('boxes', FIRST_IMAGE.file, 1)).label).toBe('car');
  await page.keyboard.press('Control+Shift+z');
  await editor.waitSaved();

  // Next image and back, then a full reload: the shapes are where they were.
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  await page.keyboard.press('a');
  await expect(editor.position()).toHaveText('1 / 8');
  await page.reload();
  await expect(editor.position()).toHaveText('1 / 8');
  const final = await api.boxesOf('boxes', FIRST_IMAGE.file);
  expect(final.map((box) => box.label)).toEqual(['car', 'person']);
  expect(final[1]?.x1).toBeCloseTo(moved.x1, 0);
  await expect(editor.statistics()).toContainText('1 labeled');
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-reloaded.png') });
});

test('draws a polygon in a seg project', async ({ page, world, api, editor }) => {
  await api.createProject('regions', 'seg');
  await editor.open('seg', 'regions', '1 / 8');
  await editor.addLabel('road');
  await expect(page.getByRole('button', { name: /road/ }).first()).toBeVisible();
  const c = await editor.centre();
  await editor.drawPolygon([{ x: c.x - 100, y: c.y - 60 }, { x: c.x + 80, y: c.y - 60 }, { x: c.x + 40, y: c.y + 70 }]);
  await editor.waitSaved();
  const polygons = await api.polygons('regions');
  expect(polygons).toHaveLength(1);
  expect(polygons[0]?.coorPt).toHaveLength(3);
  expect(polygons[0]?.label).toBe('road');

  // A neighbouring region that starts on a vertex of the first one and shares its edge.
  await editor.drawPolygon([{ x: c.x + 80, y: c.y - 60 }, { x: c.x + 200, y: c.y - 60 }, { x: c.x + 40, y: c.y + 70 }]);
  await editor.waitSaved();
  const both = await api.polygons('regions');
  expect(both).toHaveLength(2);
  expect(both.map((polygon) => polygon.coorPt.length)).toEqual([3, 3]);
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-polygon.png') });
});

test('Enter closes the polygon being drawn even after a panel button was clicked with the mouse', async ({ page, api, editor }) => {
  await api.createProject('regions-enter', 'seg', { labels: ['road', 'bus'] });
  await editor.open('seg', 'regions-enter', '1 / 8');
  const c = await editor.centre();
  for (const corner of [{ x: c.x - 100, y: c.y - 60 }, { x: c.x + 80, y: c.y - 60 }, { x: c.x + 40, y: c.y + 70 }]) await page.mouse.click(corner.x, corner.y);
  // Clicked meanwhile, the button keeps the focus: Enter toggled it back instead of closing the polygon.
  const lock = editor.labelPanel().getByRole('button', { name: 'Lock bus' });
  await lock.click();
  await expect(lock).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await editor.waitSaved();
  expect(await api.polygons('regions-enter')).toHaveLength(1);
  await expect(lock).toHaveAttribute('aria-pressed', 'true');
});

test('exports from the menu and shows the written file', async ({ page, world, api, editor }) => {
  await api.createProject('exported', 'bndbox');
  const coco = {
    images: [{ id: 1, file_name: FIRST_IMAGE.file, width: FIRST_IMAGE.width, height: FIRST_IMAGE.height }],
    annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 10, 12] }],
    categories: [{ id: 1, name: 'car' }],
  };
  expect(await api.importFiles('exported', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }])).toMatchObject({ message: 1, matched_image_count: 1 });
  await editor.open('bndbox', 'exported', '1 / 8');
  await editor.exportAs('COCO (.zip)');
  await expect(page.getByText('Written to')).toContainText('exported_coco.zip');
  expect(fs.existsSync(path.join(world.imageFolder, 'exported_coco.zip'))).toBe(true);
  // Straight after, another format from the open menu: it shows this export's file, not the last one's.
  await page.getByRole('menuitem', { name: 'YOLO (.zip)' }).click();
  await expect(page.getByText('Written to')).toContainText('exported_yolo.zip');
  expect(fs.existsSync(path.join(world.imageFolder, 'exported_yolo.zip'))).toBe(true);
  // Two formats clicked in a rush: the second waits for the first (never refused), then runs.
  await page.getByRole('menuitem', { name: 'Pascal VOC (.zip)' }).click();
  await page.getByRole('menuitem', { name: 'labelme (.zip)' }).click();
  await expect(page.getByText('Written to')).toContainText('exported_labelme.zip');
  await expect(page.getByRole('menu').getByRole('alert')).toHaveCount(0);
  expect(fs.existsSync(path.join(world.imageFolder, 'exported_voc.zip'))).toBe(true);
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-export-help.png') });
});

test("the Progress panel counts another client's save at its next look at the project, and counts nothing while nothing changes", async ({ page, api, editor }) => {
  const size = { width: 40, height: 30 };
  await api.createPlainProject('shared', ['a.png', 'b.png', 'c.png'], size);
  const lookAtProject = () => page.waitForResponse((response) => response.url().includes('project.lastChange'));
  const firstLook = lookAtProject();
  await editor.open('bndbox', 'shared', '1 / 3');
  await expect(editor.statistics()).toContainText('0 labeled · 3 unlabeled');
  let recounts = 0;
  page.on('request', (request) => void (request.url().includes('project.statistic') && (recounts += 1)));

  // A classifai client (or another annotator) saves: this tab did not, and still shows it.
  await firstLook;
  await api.saveBoxes('shared', 'b.png', size, [{ id: 'elsewhere', x1: 2, y1: 2, x2: 20, y2: 12, label: 'car' }]);
  await expect(editor.statistics()).toContainText('1 labeled · 2 unlabeled', { timeout: 10_000 });
  expect(recounts).toBe(1);
  await lookAtProject();
  expect(recounts).toBe(1);
});
