import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

interface Box { x1: number; y1: number; x2: number; y2: number; label: string }

async function createProject(request: APIRequestContext, base: string, name: string, type: 'boundingbox' | 'segmentation', folder: string, labels: string) {
  const created = await request.put(`${base}/v2/projects`, {
    data: { status: 'raw', project_name: name, annotation_type: type, project_path: folder, label_file_path: labels },
  });
  expect(await created.json()).toEqual({ message: 1 });
  const short = type === 'boundingbox' ? 'bndbox' : 'seg';
  await expect.poll(async () => (await (await request.get(`${base}/v2/${short}/projects/${name}`)).json()).file_system_status).toBe(3);
}

/** Every image's shapes as the classifai REST interface shows them. */
async function restShapes(request: APIRequestContext, base: string, type: 'bndbox' | 'seg', name: string) {
  await request.get(`${base}/${type}/projects/${name}`);
  const status = await (await request.get(`${base}/${type}/projects/${name}/loadingstatus`)).json();
  const result: Record<string, { shapes: unknown[]; img_w: number }> = {};
  for (const uuid of status.uuid_list as string[]) {
    const record = await (await request.get(`${base}/${type}/projects/${name}/uuid/${uuid}/thumbnail`)).json();
    result[path.basename(record.img_path)] = { shapes: type === 'bndbox' ? record.bnd_box : record.polygons, img_w: record.img_w };
  }
  await request.put(`${base}/${type}/projects/${name}`, { data: { status: 'closed' } });
  return result;
}

async function canvasBox(page: Page) {
  const box = await page.getByTestId('editor-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** Where an image pixel is on screen: the editor fits the image with 24 px of padding. */
async function toScreen(page: Page, image: { width: number; height: number }, point: { x: number; y: number }) {
  const area = await canvasBox(page);
  const scale = Math.min((area.width - 48) / image.width, (area.height - 48) / image.height);
  return { x: area.x + (area.width - image.width * scale) / 2 + point.x * scale, y: area.y + (area.height - image.height * scale) / 2 + point.y * scale };
}

const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|failed/ })).toHaveText('All changes saved');

test('labels a bndbox project with mouse and keyboard, and everything persists', async ({ page, world }) => {
  const labels = path.join(world.imageFolder, '..', 'ws-labels.txt');
  fs.writeFileSync(labels, 'car\nperson\nbike\n');
  await createProject(page.request, world.server.url, 'boxes', 'boundingbox', world.imageFolder, labels);

  await page.goto(`${world.server.url}/projects/bndbox/boxes`);
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  await expect(page.getByTestId('editor-canvas')).not.toHaveAttribute('data-image-id', '');
  await expect(page.getByRole('button', { name: /^Box/ })).toHaveAttribute('aria-pressed', 'true');
  const area = await canvasBox(page);
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;

  await drag(page, { x: cx - 150, y: cy - 100 }, { x: cx - 50, y: cy });
  await drag(page, { x: cx + 20, y: cy + 20 }, { x: cx + 120, y: cy + 90 });
  await saved(page);
  let shapes = await restShapes(page.request, world.server.url, 'bndbox', 'boxes');
  const first = Object.values(shapes).find((entry) => entry.shapes.length > 0);
  expect(first?.shapes).toHaveLength(2);
  expect((first?.shapes as Box[]).map((box) => box.label)).toEqual(['car', 'car']);
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-boxes.png') });

  // Select the second box, move it right, then relabel it with key 2.
  await page.keyboard.press('v');
  const before = (first?.shapes as Box[])[1] as Box;
  await drag(page, { x: cx + 70, y: cy + 55 }, { x: cx + 170, y: cy + 55 });
  await page.keyboard.press('2');
  await saved(page);
  shapes = await restShapes(page.request, world.server.url, 'bndbox', 'boxes');
  const moved = (Object.values(shapes).find((entry) => entry.shapes.length > 0)?.shapes as Box[])[1] as Box;
  expect(moved.label).toBe('person');
  expect(moved.x1).toBeGreaterThan(before.x1);
  expect(moved.x2 - moved.x1).toBeCloseTo(before.x2 - before.x1, 0);

  // Resize it by its south-east handle: 10 image pixels wider and taller.
  const bitmap = { width: 33, height: 17 };
  const corner = await toScreen(page, bitmap, { x: moved.x2, y: moved.y2 });
  const target = await toScreen(page, bitmap, { x: Math.min(33, moved.x2 + 2), y: Math.min(17, moved.y2 + 1) });
  await drag(page, corner, target);
  await saved(page);
  shapes = await restShapes(page.request, world.server.url, 'bndbox', 'boxes');
  const resized = (Object.values(shapes).find((entry) => entry.shapes.length > 0)?.shapes as Box[])[1] as Box;
  expect(resized.x1).toBeCloseTo(moved.x1, 1);
  expect(resized.x2).toBeGreaterThan(moved.x2 + 1);
  expect(resized.y2).toBeGreaterThan(moved.y2 + 0.5);
  await page.keyboard.press('Control+z');
  await saved(page);

  // Undo the relabel, then redo it.
  await page.keyboard.press('Control+z');
  await saved(page);
  shapes = await restShapes(page.request, world.server.url, 'bndbox', 'boxes');
  expect(((Object.values(shapes).find((entry) => entry.shapes.length > 0)?.shapes as Box[])[1] as Box).label).toBe('car');
  await page.keyboard.press('Control+Shift+z');
  await saved(page);

  // Next image and back, then a full reload: the shapes are where they were.
  await page.keyboard.press('d');
  await expect(page.getByLabel('Position')).toHaveText('2 / 8');
  await page.keyboard.press('a');
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  await page.reload();
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  shapes = await restShapes(page.request, world.server.url, 'bndbox', 'boxes');
  const final = Object.values(shapes).find((entry) => entry.shapes.length > 0)?.shapes as Box[];
  expect(final.map((box) => box.label)).toEqual(['car', 'person']);
  expect(final[1]?.x1).toBeCloseTo(moved.x1, 0);
  await expect(page.getByRole('region', { name: 'Statistics' })).toContainText('1 labeled');
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-reloaded.png') });
});

test('draws a polygon in a seg project', async ({ page, world }) => {
  await createProject(page.request, world.server.url, 'regions', 'segmentation', world.imageFolder, '');
  await page.goto(`${world.server.url}/projects/seg/regions`);
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  await expect(page.getByTestId('editor-canvas')).not.toHaveAttribute('data-image-id', '');
  await page.getByLabel('New label').fill('road');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: /road/ }).first()).toBeVisible();
  const area = await canvasBox(page);
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const corners: Array<[number, number]> = [[-100, -60], [80, -60], [40, 70]];
  for (const [dx, dy] of corners) await page.mouse.click(cx + dx, cy + dy);
  await page.mouse.click(cx - 100, cy - 60);
  await saved(page);
  const shapes = await restShapes(page.request, world.server.url, 'seg', 'regions');
  const polygon = Object.values(shapes).find((entry) => entry.shapes.length > 0)?.shapes[0] as { coorPt: unknown[]; label: string };
  expect(polygon.coorPt).toHaveLength(3);
  expect(polygon.label).toBe('road');
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-polygon.png') });
});

test('exports from the menu and shows the written file', async ({ page, world }) => {
  await page.goto(`${world.server.url}/projects/bndbox/boxes`);
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'COCO (.zip)' }).click();
  await expect(page.getByText('Written to')).toContainText('boxes_coco.zip');
  expect(fs.existsSync(path.join(world.imageFolder, 'boxes_coco.zip'))).toBe(true);
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.screenshot({ path: path.join(world.screenshotDir, 'workspace-export-help.png') });
});
