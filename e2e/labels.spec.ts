// The label panel against the server's label list: labels an import brings reach the panel
// (with their colors, keys 1-9, the canvas), and quick adds in a row all land, in order.
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

interface Box { x1: number; y1: number; x2: number; y2: number; label: string }

// The first palette colors, in the order new labels get them (server/core/label-colors.ts).
const PALETTE_HEX = ['#e6194b', '#3cb44b', '#0082c8', '#f58230'];
const KITE_RGB = [230, 25, 75];
// The first image of the shared folder in path order, and its size.
const FIRST = { file: 'bitmap.bmp', width: 33, height: 17 };

async function createProject(request: APIRequestContext, base: string, name: string, folder: string) {
  const created = await request.put(`${base}/v2/projects`, {
    data: { status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: '' },
  });
  expect(await created.json()).toEqual({ message: 1 });
  await expect.poll(async () => (await (await request.get(`${base}/v2/bndbox/projects/${name}`)).json()).file_system_status).toBe(3);
}

async function importFiles(request: APIRequestContext, base: string, name: string, format: string, files: Array<{ path: string; content: string }>) {
  const reply = await (await request.put(`${base}/v2/bndbox/projects/${name}/import/${format}`, { data: { files } })).json();
  expect(reply).toMatchObject({ message: 1, matched_image_count: 1, error_list: [] });
}

/** The label list classifai clients read (V1 load, then loadingstatus). */
async function restLabels(request: APIRequestContext, base: string, name: string): Promise<string[]> {
  await request.get(`${base}/bndbox/projects/${name}`);
  const status = await (await request.get(`${base}/bndbox/projects/${name}/loadingstatus`)).json();
  await request.put(`${base}/bndbox/projects/${name}`, { data: { status: 'closed' } });
  return status.label_list as string[];
}

async function restBoxes(request: APIRequestContext, base: string, name: string, file: string): Promise<Box[]> {
  await request.get(`${base}/bndbox/projects/${name}`);
  const status = await (await request.get(`${base}/bndbox/projects/${name}/loadingstatus`)).json();
  let boxes: Box[] = [];
  for (const uuid of status.uuid_list as string[]) {
    const record = await (await request.get(`${base}/bndbox/projects/${name}/uuid/${uuid}/thumbnail`)).json();
    if (String(record.img_path).endsWith(file)) boxes = record.bnd_box as Box[];
  }
  await request.put(`${base}/bndbox/projects/${name}`, { data: { status: 'closed' } });
  return boxes;
}

const panelNames = (page: Page) => page.getByRole('region', { name: 'Labels' }).locator('.label-name');

async function toScreen(page: Page, point: { x: number; y: number }) {
  const area = await page.getByTestId('editor-canvas').boundingBox();
  if (!area) throw new Error('no canvas');
  const scale = Math.min((area.width - 48) / FIRST.width, (area.height - 48) / FIRST.height);
  return { x: area.x + (area.width - FIRST.width * scale) / 2 + point.x * scale, y: area.y + (area.height - FIRST.height * scale) / 2 + point.y * scale };
}

async function drawBox(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const start = await toScreen(page, from);
  const end = await toScreen(page, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

/** Canvas pixels within a few steps of the color: the stroke of a shape drawn in it. */
async function pixelsOfColor(page: Page, rgb: number[]): Promise<number> {
  const shot = await page.getByTestId('editor-canvas').screenshot();
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (rgb.every((value, c) => Math.abs((data[i + c] ?? 0) - value) <= 12)) count++;
  }
  return count;
}

const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|failed/ })).toHaveText('All changes saved');

test('labels imported from COCO, labelme and YOLO reach the panel with their colors and keys', async ({ page, world }) => {
  const base = world.server.url;
  await createProject(page.request, base, 'lbl-import', world.imageFolder);
  const coco = {
    images: [{ id: 1, file_name: FIRST.file, width: FIRST.width, height: FIRST.height }],
    annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 10, 12] }],
    categories: [{ id: 1, name: 'kite' }, { id: 2, name: 'zebra' }],
  };
  await importFiles(page.request, base, 'lbl-import', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }]);
  const labelme = { imagePath: 'cat.jpg', imageWidth: 641, imageHeight: 479, shapes: [{ label: 'lamp', points: [[10, 10], [100, 80]], shape_type: 'rectangle' }] };
  await importFiles(page.request, base, 'lbl-import', 'labelme', [{ path: 'cat.json', content: JSON.stringify(labelme) }]);
  await importFiles(page.request, base, 'lbl-import', 'yolo', [
    { path: 'classes.txt', content: 'kite\nowl\n' },
    { path: 'labels/dog.txt', content: '1 0.5 0.5 0.2 0.2\n' },
  ]);
  expect(await restLabels(page.request, base, 'lbl-import')).toEqual(['kite', 'zebra', 'lamp', 'owl']);

  await page.goto(`${base}/projects/bndbox/lbl-import`);
  await expect(page.getByLabel('Position')).toHaveText(`1 / 8`);
  await expect(panelNames(page)).toHaveText(['1 kite', '2 zebra', '3 lamp', '4 owl']);
  for (const [i, label] of ['kite', 'zebra', 'lamp', 'owl'].entries()) {
    await expect(page.getByLabel(`Color of ${label}`)).toHaveValue(PALETTE_HEX[i] ?? '');
  }
  // The imported kite box is drawn in kite's color, not the default green.
  await expect.poll(() => pixelsOfColor(page, KITE_RGB)).toBeGreaterThan(10);

  await page.keyboard.press('2');
  await drawBox(page, { x: 14, y: 2 }, { x: 20, y: 8 });
  // A new box stays selected and a key would relabel it: let it go first.
  await page.keyboard.press('Escape');
  await page.keyboard.press('1');
  await drawBox(page, { x: 23, y: 9 }, { x: 31, y: 15 });
  await saved(page);
  const boxes = await restBoxes(page.request, base, 'lbl-import', FIRST.file);
  expect(boxes.map((box) => box.label)).toEqual(['kite', 'zebra', 'kite']);
});

test('labels typed with Enter back to back all land, in order', async ({ page, world }) => {
  const base = world.server.url;
  await createProject(page.request, base, 'lbl-quick', world.imageFolder);
  await page.goto(`${base}/projects/bndbox/lbl-quick`);
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  await page.getByLabel('New label').click();
  // No waits in between: each Enter adds while the previous add may still be on its way.
  await page.keyboard.type('person\ndog\ncat\nbike\n');
  const expected = ['1 person', '2 dog', '3 cat', '4 bike'];
  await expect(panelNames(page)).toHaveText(expected);
  await expect.poll(() => restLabels(page.request, base, 'lbl-quick')).toEqual(['person', 'dog', 'cat', 'bike']);
  await page.reload();
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  await expect(panelNames(page)).toHaveText(expected);

  // Key 3 picks the third label in panel order for the next box.
  await page.keyboard.press('3');
  await drawBox(page, { x: 2, y: 2 }, { x: 12, y: 12 });
  await saved(page);
  expect((await restBoxes(page.request, base, 'lbl-quick', FIRST.file)).map((box) => box.label)).toEqual(['cat']);
});
