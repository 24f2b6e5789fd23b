// The class table from the workspace: a hotkey set in the Classes dialog picks its label for
// the next box, a merge relabels the stored shapes, and removing a used label asks first,
// saying how many shapes use it.
import { expect, test } from './fixtures';
import { editorPage, FIRST_IMAGE } from './pages';

test('a hotkey set in the Classes dialog picks its label; a key of an editor action is refused', async ({ page, api, editor }) => {
  await api.createProject('cls-hotkey', 'bndbox', { labels: ['car', 'bus', 'person'] });
  await editor.open('bndbox', 'cls-hotkey', '1 / 8');
  const dialog = await editor.openClasses();

  // B is the Box tool's key: the label would never get it.
  await dialog.getByLabel('Hotkey of bus').fill('b');
  await dialog.getByLabel('Hotkey of bus').press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('B is already the key of "Box');
  await dialog.getByLabel('Hotkey of bus').fill('');

  await dialog.getByLabel('Hotkey of person').fill('x');
  await dialog.getByLabel('Hotkey of person').press('Enter');
  await expect.poll(async () => (await api.classes('cls-hotkey')).map((row) => [row.name, row.class_id, row.hotkey])).toEqual([
    ['car', 0, null],
    ['bus', 1, null],
    ['person', 2, 'x'],
  ]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(editor.labelPanel().getByLabel('Hotkey of person')).toHaveText('X');
  await expect(editor.labelPanel().getByLabel('Class id of person')).toHaveText('2');

  await page.keyboard.press('x');
  await expect(editor.activeLabel()).toContainText('person');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  expect((await api.boxesOf('cls-hotkey', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['person']);
});

test('merging a label into another relabels its shapes and takes it off the table', async ({ page, api, editor }) => {
  await api.createProject('cls-merge', 'bndbox', { labels: ['car', 'auto'] });
  await editor.open('bndbox', 'cls-merge', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.pressLabel(1);
  await editor.drawBox({ x: 16, y: 2 }, { x: 26, y: 12 });
  await editor.waitSaved();
  expect((await api.boxesOf('cls-merge', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['auto', 'car']);

  const dialog = await editor.openClasses();
  await dialog.getByLabel('Merge auto into', { exact: true }).selectOption('car');
  await page.getByRole('button', { name: 'Yes, merge into car' }).click();
  await expect(dialog.locator('tbody tr')).toHaveCount(1);
  await expect.poll(async () => (await api.boxesOf('cls-merge', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['car', 'car']);
  expect(await api.labels('cls-merge')).toEqual(['car']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(editor.labelNames()).toHaveText(['1 car']);

  // The open image's shapes followed: a reload reads the merged labels back, none came back as auto.
  await page.reload();
  await expect(editor.position()).toHaveText('1 / 8');
  expect((await api.boxesOf('cls-merge', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['car', 'car']);
});

test('removing a used label asks first, with how many shapes use it; the shapes keep it', async ({ api, editor }) => {
  await api.createProject('cls-remove', 'bndbox', { labels: ['car', 'bus'] });
  await editor.open('bndbox', 'cls-remove', '1 / 8');
  await editor.pressLabel(1);
  await editor.drawBox({ x: 2, y: 2 }, { x: 10, y: 10 });
  await editor.drawBox({ x: 14, y: 2 }, { x: 22, y: 10 });
  await editor.waitSaved();

  const dialog = await editor.openClasses();
  await dialog.getByRole('button', { name: 'Remove class car' }).click();
  const question = dialog.getByRole('alertdialog');
  await expect(question).toContainText('2 shapes on 1 image use car. Remove it from the list? The shapes keep their label.');
  await question.getByRole('button', { name: 'Keep' }).click();
  await expect(question).toHaveCount(0);
  expect(await api.labels('cls-remove')).toEqual(['car', 'bus']);

  await dialog.getByRole('button', { name: 'Remove class car' }).click();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Yes, remove car' }).click();
  await expect(dialog.locator('tbody tr')).toHaveCount(1);
  await expect.poll(() => api.labels('cls-remove')).toEqual(['bus']);
  expect((await api.boxesOf('cls-remove', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['car', 'car']);
});

test('boxes drawn right after renaming or merging a label in the same tab save without a conflict, on the image in view and on one seen before', async ({ page, api, editor }) => {
  await api.createProject('cls-rename', 'bndbox', { labels: ['car', 'dog', 'auto'] });
  await editor.open('bndbox', 'cls-rename', '1 / 8');
  await editor.pressLabel(1);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  await editor.pressLabel(3);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await page.keyboard.press('a');
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitSaved();

  // The server relabels every stored shape: each image the tab has seen gets a new version.
  await page.getByRole('button', { name: 'Rename car' }).click();
  await page.getByLabel('New name for car').fill('vehicle');
  await page.keyboard.press('Enter');
  await expect.poll(() => api.labels('cls-rename')).toEqual(['vehicle', 'dog', 'auto']);
  await expect.poll(async () => (await api.boxesOf('cls-rename', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['vehicle']);

  const conflict = page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  await editor.pressLabel(2);
  await editor.drawBox({ x: 16, y: 2 }, { x: 26, y: 12 });
  await editor.waitSaved();
  await expect(conflict).toBeHidden();
  expect((await api.boxesOf('cls-rename', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['vehicle', 'dog']);

  // A merge relabels the image seen before, which is not in view: a box drawn there saves too.
  const dialog = await editor.openClasses();
  await dialog.getByLabel('Merge auto into', { exact: true }).selectOption('vehicle');
  await page.getByRole('button', { name: 'Yes, merge into vehicle' }).click();
  await expect.poll(() => api.labels('cls-rename')).toEqual(['vehicle', 'dog']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 16, y: 2 }, { x: 26, y: 12 });
  await editor.waitSaved();
  await expect(conflict).toBeHidden();
  // Both images, in order: the first's two boxes, then the second's merged one and its new one.
  expect((await api.boxes('cls-rename')).map((box) => box.label)).toEqual(['vehicle', 'dog', 'vehicle', 'dog']);
});

test('renaming the label of a picked box renames it and nothing else, and undo after the rename keeps the new name', async ({ page, api, editor }) => {
  await api.createProject('cls-rename-picked', 'bndbox', { labels: ['person', 'car'] });
  await editor.open('bndbox', 'cls-rename-picked', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.drawBox({ x: 16, y: 2 }, { x: 26, y: 12 });
  await editor.waitSaved();
  // The first box picked with the select tool, as a user checks a box before renaming its class.
  await page.keyboard.press('v');
  const picked = await editor.toScreen(FIRST_IMAGE, { x: 7, y: 7 });
  await page.mouse.click(picked.x, picked.y);

  await page.getByRole('button', { name: 'Rename car' }).click();
  await page.getByLabel('New name for car').fill('vehicle');
  await page.keyboard.press('Enter');
  await expect.poll(() => api.labels('cls-rename-picked')).toEqual(['person', 'vehicle']);
  await expect(editor.activeLabel()).toContainText('vehicle');
  await editor.waitSaved();
  expect((await api.boxesOf('cls-rename-picked', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['vehicle', 'vehicle']);

  // Undo takes the second box back; the first comes back under the label's new name.
  await page.keyboard.press('Control+z');
  await editor.waitSaved();
  await expect(page.getByRole('dialog', { name: 'This image was changed meanwhile' })).toBeHidden();
  expect((await api.boxesOf('cls-rename-picked', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['vehicle']);
});

test('a rename while a box waits to be saved: the box is stored under the new name, with no conflict with itself', async ({ page, api, editor }) => {
  await api.createProject('cls-rename-pending', 'bndbox', { labels: ['car', 'dog'] });
  await editor.open('bndbox', 'cls-rename-pending', '1 / 8');
  // Offline: the box waits to be saved, on the image left too.
  await page.route(/saveFromEditor/, (route) => route.abort());
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.nextImage();
  await editor.drawBox({ x: 20, y: 20 }, { x: 60, y: 60 }, { width: 641, height: 479 });
  await page.getByRole('button', { name: 'Rename car' }).click();
  await page.getByLabel('New name for car').fill('vehicle');
  await page.keyboard.press('Enter');
  await expect.poll(() => api.labels('cls-rename-pending')).toEqual(['vehicle', 'dog']);
  await page.unroute(/saveFromEditor/);
  await expect.poll(async () => (await api.boxes('cls-rename-pending')).map((box) => box.label), { timeout: 15_000 }).toEqual(['vehicle', 'vehicle']);
  await editor.waitSaved();
  await expect(page.getByRole('dialog', { name: 'This image was changed meanwhile' })).toHaveCount(0);
});

test('a label renamed in another tab reaches this one: its box and the next carry the new name, with no conflict', async ({ page, context, world, api, editor }) => {
  await api.createProject('cls-rename-elsewhere', 'bndbox', { labels: ['car', 'plant3'] });
  await editor.open('bndbox', 'cls-rename-elsewhere', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  const other = await context.newPage();
  await editorPage(other, world.server.url).open('bndbox', 'cls-rename-elsewhere', '1 / 8');
  await other.getByRole('button', { name: 'Rename plant3' }).click();
  await other.getByLabel('New name for plant3').fill('plant4');
  await other.keyboard.press('Enter');
  await expect.poll(() => api.labels('cls-rename-elsewhere')).toEqual(['car', 'plant4']);
  await other.close();

  // This tab had kept drawing with plant3, and its next save wrote it back over the rename.
  await expect(editor.labelPanel().getByRole('button', { name: 'Rename plant4' })).toBeVisible({ timeout: 10_000 });
  await expect(editor.activeLabel()).toContainText('plant4');
  await editor.drawBox({ x: 7, y: 7 }, { x: 9, y: 9 }); // moves the box
  await editor.drawBox({ x: 16, y: 2 }, { x: 26, y: 12 });
  await editor.waitSaved();
  await expect(page.getByRole('dialog', { name: 'This image was changed meanwhile' })).toHaveCount(0);
  expect((await api.boxesOf('cls-rename-elsewhere', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['plant4', 'plant4']);
});

test('a merge while a save of an image using the label is on its way: it is sent again under the new name, with no conflict with itself', async ({ page, api, editor }) => {
  await api.createProject('cls-merge-inflight', 'bndbox', { labels: ['car', 'auto'] });
  await editor.open('bndbox', 'cls-merge-inflight', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  // The next box's save is held on its way until the merge has relabelled the stored one.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/saveFromEditor/, async (route) => {
    held += 1;
    if (held === 1) await released;
    await route.continue().catch(() => undefined);
  });
  await editor.drawBox({ x: 16, y: 2 }, { x: 26, y: 12 });
  await expect.poll(() => held).toBe(1);
  const dialog = await editor.openClasses();
  await dialog.getByLabel('Merge auto into', { exact: true }).selectOption('car');
  await page.getByRole('button', { name: 'Yes, merge into car' }).click();
  await expect.poll(() => api.labels('cls-merge-inflight')).toEqual(['car']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  release();
  await expect.poll(async () => (await api.boxesOf('cls-merge-inflight', FIRST_IMAGE.file)).map((box) => box.label), { timeout: 15_000 }).toEqual(['car', 'car']);
  await editor.waitSaved();
  await expect(page.getByRole('dialog', { name: 'This image was changed meanwhile' })).toHaveCount(0);
  expect((await api.boxesOf('cls-merge-inflight', FIRST_IMAGE.file)).map((box) => box.label)).toEqual(['car', 'car']);
});

test('an empty class table says how to add a class, until one is added', async ({ page, api, editor }) => {
  await api.createProject('cls-empty', 'bndbox');
  await editor.open('bndbox', 'cls-empty', '1 / 8');
  let dialog = await editor.openClasses();
  const hint = dialog.getByText('No classes yet');
  await expect(hint).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await editor.addLabel('tree');
  dialog = await editor.openClasses();
  await expect(dialog.locator('[data-class="tree"]')).toBeVisible();
  await expect(hint).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('a rename refused in the Classes dialog puts the stored name back, and its message goes with the next change', async ({ api, editor }) => {
  await api.createProject('cls-rename-taken', 'bndbox', { labels: ['auto', 'person'] });
  await editor.open('bndbox', 'cls-rename-taken', '1 / 8');
  const dialog = await editor.openClasses();
  await dialog.getByLabel('Name of person').fill('auto');
  await dialog.getByLabel('Name of person').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('The label auto exists already');
  await expect(dialog.getByLabel('Name of person')).toHaveValue('person');
  await expect(dialog.getByLabel('Name of auto')).toHaveValue('auto');

  await dialog.getByLabel('Hotkey of person').fill('x');
  await dialog.getByLabel('Hotkey of person').press('Enter');
  await expect.poll(async () => (await api.classes('cls-rename-taken')).map((row) => [row.name, row.hotkey])).toEqual([
    ['auto', null],
    ['person', 'x'],
  ]);
  await expect(dialog.getByLabel('Hotkey of person')).toHaveValue('x');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the questions before removing or merging a label one shape uses speak of one shape', async ({ page, api, editor }) => {
  await api.createProject('cls-one-shape', 'bndbox', { labels: ['car', 'tree'] });
  await editor.open('bndbox', 'cls-one-shape', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();

  const dialog = await editor.openClasses();
  const question = dialog.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Remove class tree' }).click();
  await expect(question).toContainText('1 shape on 1 image uses tree. Remove it from the list? The shape keeps its label.');
  await question.getByRole('button', { name: 'Keep' }).click();

  await dialog.getByLabel('Merge tree into', { exact: true }).selectOption('car');
  await expect(question).toContainText('1 shape on 1 image uses tree. Relabel it as car and drop tree from the list? This cannot be undone.');
  await page.getByRole('button', { name: 'Keep tree' }).click();
  await expect(question).toHaveCount(0);
  expect(await api.labels('cls-one-shape')).toEqual(['car', 'tree']);
});
