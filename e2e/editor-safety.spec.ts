// What a new user hit in the first hour: edits lost when the tab closes, reloads or navigates
// right after drawing, pick-then-draw labelling the wrong box, handles that drew a new box, and
// boxes saved without a label. Each test uses its own project.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { editorPage, restApi, type Point, type RestBox } from './pages';

function labelFile(folder: string, name: string, labels: string[]): string {
  const file = path.join(folder, '..', `${name}-labels.txt`);
  fs.writeFileSync(file, `${labels.join('\n')}\n`);
  return file;
}

/** Three boxes side by side around the centre, drawn as fast as a mouse can. */
async function drawThreeBoxes(page: Page, base: string) {
  const editor = editorPage(page, base);
  const c = await editor.centre();
  for (const dx of [-200, -60, 80]) await editor.drag({ x: c.x + dx, y: c.y - 40 }, { x: c.x + dx + 100, y: c.y + 40 });
}

test.describe('no edit is lost', () => {
  test('boxes drawn right before the tab closes are there when it is opened again', async ({ context, world }) => {
    const api = restApi(context.request, world.server.url);
    await api.createProject('close-tab', 'bndbox', world.imageFolder, labelFile(world.imageFolder, 'close-tab', ['car']));
    const first = await context.newPage();
    await editorPage(first, world.server.url).open('bndbox', 'close-tab', '1 / 8');
    await drawThreeBoxes(first, world.server.url);
    await first.close();

    const second = await context.newPage();
    await editorPage(second, world.server.url).open('bndbox', 'close-tab', '1 / 8');
    await editorPage(second, world.server.url).waitSaved();
    await expect.poll(async () => (await api.boxes('close-tab')).length).toBe(3);
  });

  test('boxes drawn right before a reload survive it, and the reload warns while unsaved', async ({ page, world }) => {
    const api = restApi(page.request, world.server.url);
    await api.createProject('reload', 'bndbox', world.imageFolder, labelFile(world.imageFolder, 'reload', ['car']));
    const editor = editorPage(page, world.server.url);
    await editor.open('bndbox', 'reload', '1 / 8');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await drawThreeBoxes(page, world.server.url);
    await page.reload();
    await expect(page.getByLabel('Position')).toHaveText('1 / 8');
    await editor.waitSaved();
    await expect.poll(async () => (await api.boxes('reload')).length).toBe(3);
    // Once everything is acknowledged, leaving asks nothing.
    dialogs.length = 0;
    await page.reload();
    await expect(page.getByLabel('Position')).toHaveText('1 / 8');
    expect(dialogs).toEqual([]);
  });

  test('a box drawn right before navigating away is kept', async ({ page, world }) => {
    const api = restApi(page.request, world.server.url);
    await api.createProject('navigate', 'bndbox', world.imageFolder, labelFile(world.imageFolder, 'navigate', ['car']));
    const editor = editorPage(page, world.server.url);
    await editor.open('bndbox', 'navigate', '1 / 8');
    page.on('dialog', (dialog) => void dialog.accept());
    await drawThreeBoxes(page, world.server.url);
    await page.goto(`${world.server.url}/`);
    await expect(page.getByRole('heading', { name: 'Labelport' })).toBeVisible();
    await expect.poll(async () => (await api.boxes('navigate')).length).toBe(3);
  });
});

test('a number key before drawing labels the next box, not the one just drawn', async ({ page, world }) => {
  const api = restApi(page.request, world.server.url);
  await api.createProject('pick-then-draw', 'bndbox', world.imageFolder, labelFile(world.imageFolder, 'pick', ['car', 'tree', 'sky']));
  const editor = editorPage(page, world.server.url);
  await editor.open('bndbox', 'pick-then-draw', '1 / 8');
  const c = await editor.centre();
  for (const [key, dx] of [['1', -200], ['2', -60], ['3', 80]] as const) {
    await page.keyboard.press(key);
    await editor.drag({ x: c.x + dx, y: c.y - 40 }, { x: c.x + dx + 100, y: c.y + 40 });
  }
  await editor.waitSaved();
  expect((await api.boxes('pick-then-draw')).map((box) => box.label)).toEqual(['car', 'tree', 'sky']);

  // A shape the user selects on purpose is relabelled by the key.
  await editor.drag({ x: c.x - 150, y: c.y }, { x: c.x - 150, y: c.y });
  await page.keyboard.press('3');
  await editor.waitSaved();
  expect((await api.boxes('pick-then-draw')).map((box) => box.label)).toEqual(['sky', 'tree', 'sky']);
});

test('in Box mode, handles resize and dragging a box moves it; drawing starts on empty canvas only', async ({ page, world }) => {
  const api = restApi(page.request, world.server.url);
  await api.createProject('handles', 'bndbox', world.imageFolder, labelFile(world.imageFolder, 'handles', ['car']));
  const editor = editorPage(page, world.server.url);
  await editor.open('bndbox', 'handles', '1 / 8');
  const image = { width: 33, height: 17 };
  await editor.drag(await editor.toScreen(image, { x: 5, y: 4 }), await editor.toScreen(image, { x: 15, y: 12 }));
  await editor.waitSaved();
  let [box] = await api.boxes('handles');
  expect(box).toMatchObject({ label: 'car' });

  // Still in Box mode: pull the south-east handle 5 px right and 3 px down.
  await expect(page.getByRole('button', { name: /^Box/ })).toHaveAttribute('aria-pressed', 'true');
  await editor.drag(await editor.toScreen(image, { x: 15, y: 12 }), await editor.toScreen(image, { x: 20, y: 15 }));
  await editor.waitSaved();
  let boxes = await api.boxes('handles');
  expect(boxes).toHaveLength(1);
  [box] = boxes as [RestBox];
  const width = box.x2 - box.x1;
  expect(width).toBeGreaterThan(12);

  // Drag from inside the box: it moves, keeping its size; no second box appears.
  await editor.drag(await editor.toScreen(image, { x: 10, y: 8 }), await editor.toScreen(image, { x: 6, y: 6 }));
  await editor.waitSaved();
  boxes = await api.boxes('handles');
  expect(boxes).toHaveLength(1);
  const moved = boxes[0] as RestBox;
  expect(moved.x1).toBeLessThan(box.x1);
  expect(moved.x2 - moved.x1).toBeCloseTo(width, 1);
});

test('with no label chosen, drawing asks for one and never saves an unnamed box', async ({ page, world }) => {
  const api = restApi(page.request, world.server.url);
  await api.createProject('unnamed', 'bndbox', world.imageFolder);
  const editor = editorPage(page, world.server.url);
  await editor.open('bndbox', 'unnamed', '1 / 8');
  const c: Point = await editor.centre();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x + 50, y: c.y + 50 });
  const ask = page.getByRole('dialog', { name: 'Label for this shape' });
  await expect(ask).toBeVisible();
  await ask.getByLabel('Label').fill('tree');
  await ask.getByLabel('Label').press('Enter');
  await editor.waitSaved();
  expect((await api.boxes('unnamed')).map((box) => box.label)).toEqual(['tree']);
  await expect(page.getByRole('region', { name: 'Labels' })).toContainText('tree');
});
