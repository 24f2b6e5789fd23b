// Keys and the focused element, and the Classes dialog's merge: a select that acts on change
// does not take the editor's letters and arrows; Enter presses a focused button, Space only in
// Simplify's panel (elsewhere it is still held to pan); a merge asks first, saying how many shapes it relabels;
// a label's hidden and locked state follows it through a rename and a merge.
import { expect, test } from './fixtures';
import { FIRST_IMAGE } from './pages';

const points = (polygon: { coorPt: unknown[] }) => polygon.coorPt.length;

test('a focused select leaves letters and arrows to the editor and does not change', async ({ page, api, editor }) => {
  await api.createProject('keys-select', 'bndbox', { labels: ['car', 'dog'] });
  await editor.open('bndbox', 'keys-select', '1 / 8');
  const control = page.getByLabel('Split side of this image');

  // A choice is saved at once, and the keys go back to the editor.
  await control.selectOption('train');
  await expect(control).toHaveValue('train');
  await expect(control).not.toBeFocused();

  // Focused all the same (as after a choice made with the keyboard): V picks the Select tool
  // and does not type-ahead the select to "val"; ↓ does not move it to "val" either.
  await control.focus();
  await page.keyboard.press('b');
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', /^box\./);
  await page.keyboard.press('v');
  await expect(editor.canvas()).toHaveAttribute('data-tool-state', /^select\./);
  await page.keyboard.press('ArrowDown');
  await expect(control).toHaveValue('train');
  // → goes to the next image instead of changing the open image's side.
  await page.keyboard.press('ArrowRight');
  await expect(editor.position()).toHaveText('2 / 8');
  await control.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(control).toHaveValue('train');

  // The strip's label filter: D is the next image, not a type-ahead to "dog".
  const filter = page.getByLabel('Filter by label');
  await filter.focus();
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  await expect(filter).toHaveValue('');
  await filter.selectOption('dog');
  await expect(filter).not.toBeFocused();
});

test('Enter presses a focused button; Space does in Simplify\'s panel and elsewhere still pans', async ({ page, api, editor }) => {
  await api.createProject('keys-buttons', 'seg', { labels: ['road'] });
  await editor.open('seg', 'keys-buttons', '1 / 8');
  const corners = [{ x: 4, y: 4 }, { x: 28, y: 4 }, { x: 28, y: 14 }, { x: 4, y: 14 }];
  await editor.drawPolygon(await Promise.all(corners.map((corner) => editor.toScreen(FIRST_IMAGE, corner))));
  await editor.waitSaved();
  expect((await api.polygons('keys-buttons')).map(points)).toEqual([4]);

  // A button of the label panel, focused (as after a click): Enter presses it; Space does not,
  // it is the editor's pan.
  const hide = editor.labelPanel().getByRole('button', { name: 'Hide road' });
  await hide.focus();
  await page.keyboard.press('Enter');
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press(' ');
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(hide).toHaveAttribute('aria-pressed', 'false');

  // Simplify: the slider has the focus; Tab, Tab to Apply, Enter applies.
  await page.keyboard.press('v');
  await editor.drawBox({ x: 16, y: 9 }, { x: 16, y: 9 });
  await page.keyboard.press('Shift+S');
  const panel = page.getByRole('dialog', { name: 'Simplify polygon' });
  await expect(panel.getByLabel('Tolerance in pixels')).toBeFocused();
  await page.keyboard.press('End');
  await expect(panel.getByLabel('Vertex count')).toHaveText('4 → 3 points');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Apply' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await editor.waitSaved();
  expect((await api.polygons('keys-buttons')).map(points)).toEqual([3]);

  // Space on Cancel closes the panel (and pans nothing).
  await page.keyboard.press('Shift+S');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press(' ');
  await expect(panel).toBeHidden();
  await expect(editor.canvas()).not.toHaveClass(/panning/);

  // Enter still closes a polygon being drawn on the canvas.
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  const triangle = [{ x: 6, y: 2 }, { x: 14, y: 2 }, { x: 10, y: 8 }];
  for (const corner of triangle) {
    const at = await editor.toScreen(FIRST_IMAGE, corner);
    await page.mouse.click(at.x, at.y);
  }
  await page.keyboard.press('Enter');
  await editor.waitSaved();
  expect((await api.polygons('keys-buttons')).map(points)).toEqual([3, 3]);
});

test('a merge asks first, saying how many shapes it relabels; Keep leaves everything as it was', async ({ page, api, editor }) => {
  await api.createProject('keys-merge', 'bndbox', { labels: ['car', 'auto'] });
  await editor.open('bndbox', 'keys-merge', '1 / 8');
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.nextImage();
  await editor.pressLabel(2);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  expect((await api.boxes('keys-merge')).map((box) => box.label)).toEqual(['auto', 'auto']);

  const dialog = await editor.openClasses();
  const merge = dialog.getByLabel('Merge auto into', { exact: true });
  await merge.selectOption('car');
  const question = dialog.getByRole('alertdialog', { name: 'Merge auto into car?' });
  await expect(question).toContainText('2 shapes on 2 images use auto');
  await expect(merge).toHaveValue('');
  await question.getByRole('button', { name: 'Keep auto' }).click();
  await expect(question).toBeHidden();
  await expect(merge).toHaveValue('');
  expect(await api.labels('keys-merge')).toEqual(['car', 'auto']);
  expect((await api.boxes('keys-merge')).map((box) => box.label)).toEqual(['auto', 'auto']);

  await merge.selectOption('car');
  await question.getByRole('button', { name: 'Yes, merge into car' }).click();
  await expect.poll(() => api.labels('keys-merge')).toEqual(['car']);
  expect((await api.boxes('keys-merge')).map((box) => box.label)).toEqual(['car', 'car']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Classes' })).toBeHidden();
});

test('a hidden, locked label stays so when renamed; a hidden label merged away hides its target', async ({ page, api, editor }) => {
  await api.createProject('keys-hidden', 'bndbox', { labels: ['car', 'auto', 'dog'] });
  await editor.open('bndbox', 'keys-hidden', '1 / 8');
  await editor.pressLabel(1);
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  const panel = editor.labelPanel();

  await panel.getByRole('button', { name: 'Hide car' }).click();
  await panel.getByRole('button', { name: 'Lock car' }).click();
  await expect(panel.getByRole('button', { name: 'Hide car' })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: 'Rename car' }).click();
  await page.getByLabel('New name for car').fill('vehicle');
  await page.keyboard.press('Enter');
  await expect.poll(() => api.labels('keys-hidden')).toEqual(['vehicle', 'auto', 'dog']);
  await expect(panel.getByRole('button', { name: 'Hide vehicle' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'Lock vehicle' })).toHaveAttribute('aria-pressed', 'true');
  // Still hidden: Select all picks nothing.
  await page.keyboard.press('Control+a');
  await expect(editor.canvas()).toHaveAttribute('data-selected-count', '0');

  // auto (no shapes: merged at once) hidden, then merged into dog: dog's shapes hide too.
  await panel.getByRole('button', { name: 'Hide auto' }).click();
  const dialog = await editor.openClasses();
  await dialog.getByLabel('Merge auto into', { exact: true }).selectOption('dog');
  await expect.poll(() => api.labels('keys-hidden')).toEqual(['vehicle', 'dog']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByRole('button', { name: 'Hide dog' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'Lock dog' })).toHaveAttribute('aria-pressed', 'false');
});
