// The label panel against the server's label list: labels an import brings reach the panel
// (with their colors, keys 1-9, the canvas), and quick adds in a row all land, in order.
import { expect, test } from './fixtures';
import { FIRST_IMAGE } from './pages';

// The first palette colors, in the order new labels get them (server/core/label-colors.ts).
const PALETTE_HEX = ['#e6194b', '#3cb44b', '#0082c8', '#f58230'];
const KITE_RGB = [230, 25, 75];

test('labels imported from COCO, labelme and YOLO reach the panel with their colors and keys', async ({ page, api, editor }) => {
  await api.createProject('lbl-import', 'bndbox');
  const imported = { message: 1, matched_image_count: 1, error_list: [] };
  const coco = {
    images: [{ id: 1, file_name: FIRST_IMAGE.file, width: FIRST_IMAGE.width, height: FIRST_IMAGE.height }],
    annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 10, 12] }],
    categories: [{ id: 1, name: 'kite' }, { id: 2, name: 'zebra' }],
  };
  expect(await api.importFiles('lbl-import', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }])).toMatchObject(imported);
  const labelme = { imagePath: 'cat.jpg', imageWidth: 641, imageHeight: 479, shapes: [{ label: 'lamp', points: [[10, 10], [100, 80]], shape_type: 'rectangle' }] };
  expect(await api.importFiles('lbl-import', 'labelme', [{ path: 'cat.json', content: JSON.stringify(labelme) }])).toMatchObject(imported);
  expect(await api.importFiles('lbl-import', 'yolo', [
    { path: 'classes.txt', content: 'kite\nowl\n' },
    { path: 'labels/dog.txt', content: '1 0.5 0.5 0.2 0.2\n' },
  ])).toMatchObject(imported);
  expect(await api.labels('lbl-import')).toEqual(['kite', 'zebra', 'lamp', 'owl']);

  await editor.open('bndbox', 'lbl-import', '1 / 8');
  await expect(editor.labelNames()).toHaveText(['1 kite', '2 zebra', '3 lamp', '4 owl']);
  for (const [i, label] of ['kite', 'zebra', 'lamp', 'owl'].entries()) {
    await expect(page.getByLabel(`Color of ${label}`)).toHaveValue(PALETTE_HEX[i] ?? '');
  }
  // The imported kite box is drawn in kite's color, not the default green.
  await expect.poll(() => editor.canvasPixelsOfColor(KITE_RGB)).toBeGreaterThan(10);

  await editor.pressLabel(2);
  await editor.drawBox({ x: 14, y: 2 }, { x: 20, y: 8 });
  await editor.pressLabel(1);
  await editor.drawBox({ x: 23, y: 9 }, { x: 31, y: 15 });
  await editor.waitSaved();
  expect((await api.boxesOf('lbl-import', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['kite', 'zebra', 'kite']);
});

test('labels typed with Enter back to back all land, in order', async ({ page, api, editor }) => {
  await api.createProject('lbl-quick', 'bndbox');
  await editor.open('bndbox', 'lbl-quick', '1 / 8');
  await page.getByLabel('New label').click();
  // No waits in between: each Enter adds while the previous add may still be on its way.
  await page.keyboard.type('person\ndog\ncat\nbike\n');
  const expected = ['1 person', '2 dog', '3 cat', '4 bike'];
  await expect(editor.labelNames()).toHaveText(expected);
  await expect.poll(() => api.labels('lbl-quick')).toEqual(['person', 'dog', 'cat', 'bike']);
  await page.reload();
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(editor.labelNames()).toHaveText(expected);

  // Key 3 picks the third label in panel order for the next box.
  await editor.pressLabel(3);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  expect((await api.boxesOf('lbl-quick', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['cat']);
});

test('a long label name wraps in its row; every row keeps its buttons in line, inside the panel', async ({ api, editor }) => {
  const long = 'vehicle_with_trailer_partly_hidden_by_another';
  await api.createProject('lbl-long', 'bndbox', { labels: ['car', long, 'person'] });
  await editor.open('bndbox', 'lbl-long', '1 / 8');
  const panel = await editor.labelPanel().boundingBox();
  if (!panel) throw new Error('no label panel');
  const removeButtons = await Promise.all(['car', long, 'person'].map((name) => editor.labelPanel().getByRole('button', { name: `Remove ${name}` }).boundingBox()));
  for (const button of removeButtons) {
    if (!button) throw new Error('a row has no remove button on screen');
    expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(button.x).toBeCloseTo(removeButtons[0]?.x ?? 0, 0);
  }
  // The whole name is on screen, over more than one line.
  const name = editor.labelNames().filter({ hasText: long });
  await expect(name).toBeVisible();
  const [short, wrapped] = await Promise.all([editor.labelNames().filter({ hasText: 'car' }).boundingBox(), name.boundingBox()]);
  expect(wrapped?.height ?? 0).toBeGreaterThan((short?.height ?? 0) * 1.5);
});

test('a rename to the name of another label is refused and leaves the panel as it was', async ({ page, api, editor }) => {
  await api.createProject('lbl-rename-taken', 'bndbox', { labels: ['auto', 'person', 'bus'] });
  await editor.open('bndbox', 'lbl-rename-taken', '1 / 8');
  await editor.pressLabel(2);
  await page.getByRole('button', { name: 'Rename auto' }).click();
  await page.getByLabel('New name for auto').fill('person');
  await page.keyboard.press('Enter');
  await expect(editor.labelPanel().getByRole('alert')).toHaveText('The label person exists already');
  await expect(editor.labelNames()).toHaveText(['1 auto', '2 person', '3 bus']);
  await expect(editor.activeLabel()).toContainText('person');

  // Once the next change is stored, the panel shows the list as stored, with no row left over from the refused rename.
  await editor.addLabel('tree');
  await expect.poll(() => api.labels('lbl-rename-taken')).toEqual(['auto', 'person', 'bus', 'tree']);
  await expect(editor.labelNames()).toHaveText(['1 auto', '2 person', '3 bus', '4 tree']);
  await expect(editor.labelPanel().getByRole('alert')).toHaveCount(0);
});

test('the progress panel names a renamed or merged label at once, in its color', async ({ page, api, editor }) => {
  await api.createProject('lbl-rename-stats', 'bndbox', { labels: ['car', 'bus'] });
  await editor.open('bndbox', 'lbl-rename-stats', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  // Labels in use first, each with its count.
  const bars = editor.statistics().locator('.bars li');
  await expect(bars).toHaveText(['bus1', 'car0']);

  await page.getByRole('button', { name: 'Rename bus' }).click();
  await page.getByLabel('New name for bus').fill('coach');
  await page.keyboard.press('Enter');
  await expect(bars).toHaveText(['coach1', 'car0']);
  // The color the renamed label keeps (bus's), not the default of a name no label has.
  await expect(bars.first().locator('.bar')).toHaveCSS('background-color', 'rgb(60, 180, 75)');

  const dialog = await editor.openClasses();
  await dialog.getByLabel('Name of coach').fill('omnibus');
  await dialog.getByLabel('Name of coach').press('Enter');
  await expect(bars).toHaveText(['omnibus1', 'car0']);
  await dialog.getByLabel('Merge omnibus into', { exact: true }).selectOption('car');
  await page.getByRole('button', { name: 'Yes, merge into car' }).click();
  await expect(bars).toHaveText(['car1']);
  await expect(bars.first().locator('.bar')).toHaveCSS('background-color', 'rgb(230, 25, 75)');
});

test('adding a label that is there already says so and adds nothing', async ({ api, editor }) => {
  await api.createProject('lbl-add-taken', 'bndbox', { labels: ['car', 'bus'] });
  await editor.open('bndbox', 'lbl-add-taken', '1 / 8');
  await editor.addLabel('bus');
  await expect(editor.labelPanel().getByRole('alert')).toHaveText('The label bus exists already');
  await expect(editor.labelNames()).toHaveText(['1 car', '2 bus']);
  expect(await api.labels('lbl-add-taken')).toEqual(['car', 'bus']);

  await editor.addLabel('tree');
  await expect(editor.labelNames()).toHaveText(['1 car', '2 bus', '3 tree']);
  await expect(editor.labelPanel().getByRole('alert')).toHaveCount(0);
});
