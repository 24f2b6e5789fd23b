// "Check dataset" as a user meets it: a project whose boxes reach past the image edge and one
// of no area, the counts per rule, an entry that opens its image with the shape selected,
// "Clip all" stored for every image, and Ctrl+Z taking back one image's fix.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';

const SIZE = { width: 100, height: 80 };

test('check a dataset, jump to an entry, clip all, undo one image', async ({ api, editor, page }) => {
  const folder = await makeTempDir('labelport-e2e-check-');
  for (const file of ['a.png', 'b.png', 'c.png']) await writeImage(path.join(folder, file), { format: 'png', ...SIZE });
  await api.createProject('checked', 'bndbox', { labels: ['car'], folder });
  await api.saveBoxes('checked', 'a.png', SIZE, [{ id: 'a-flat', x1: 10, y1: 10, x2: 10, y2: 40, label: 'car' }]);
  await api.saveBoxes('checked', 'b.png', SIZE, [
    { id: 'b-ok', x1: 10, y1: 10, x2: 30, y2: 30, label: 'car' },
    { id: 'b-out', x1: 80, y1: 10, x2: 130, y2: 40, label: 'car' },
  ]);
  await api.saveBoxes('checked', 'c.png', SIZE, [{ id: 'c-out', x1: 50, y1: 60, x2: 90, y2: 100, label: 'car' }]);

  await editor.open('bndbox', 'checked', '1 / 3');
  await page.keyboard.press('Shift+C');
  const panel = page.getByRole('region', { name: 'Check dataset' });
  const outside = panel.getByRole('listitem', { name: 'Coordinates outside the image' });
  await expect(outside.getByLabel('Count')).toHaveText('2');
  await expect(panel.getByRole('listitem', { name: /Shape with no area/ }).getByLabel('Count')).toHaveText('1');

  await outside.getByRole('button', { name: 'c.png · c-out' }).click();
  await expect(editor.position()).toHaveText('3 / 3');
  await expect(page.getByRole('region', { name: 'Shapes' }).locator('.shape-row.active')).toHaveCount(1);

  // Meanwhile another client adds a box to b.png, which this tab read (as a neighbour) before.
  await api.saveBoxes('checked', 'b.png', SIZE, [
    { id: 'b-ok', x1: 10, y1: 10, x2: 30, y2: 30, label: 'car' },
    { id: 'b-out', x1: 80, y1: 10, x2: 130, y2: 40, label: 'car' },
    { id: 'b-new', x1: 40, y1: 40, x2: 60, y2: 60, label: 'car' },
  ]);

  await outside.getByRole('button', { name: 'Clip all' }).click();
  await expect(outside).toHaveCount(0);
  await editor.waitSaved();
  // Fixed on what b.png holds now: the other client's box is kept.
  expect(await api.boxesOf('checked', 'b.png')).toEqual([
    expect.objectContaining({ x1: 10, y1: 10, x2: 30, y2: 30 }),
    expect.objectContaining({ x1: 80, y1: 10, x2: 100, y2: 40 }),
    expect.objectContaining({ x1: 40, y1: 40, x2: 60, y2: 60 }),
  ]);
  expect(await api.boxesOf('checked', 'c.png')).toEqual([expect.objectContaining({ x1: 50, y1: 60, x2: 90, y2: 80 })]);

  // The fix of the image shown is one undo step there; the other image keeps its fix.
  await page.keyboard.press('Control+z');
  await editor.waitSaved();
  await expect.poll(async () => (await api.boxesOf('checked', 'c.png'))[0]?.y2).toBe(100);
  expect((await api.boxesOf('checked', 'b.png'))[1]).toEqual(expect.objectContaining({ x2: 100 }));
});

/** Check dataset opened, and grey.png's entry clicked while the strip's list does not hold it. */
async function checkEntryOfGreyOutsideTheList(page: Page) {
  await page.keyboard.press('Shift+C');
  const panel = page.getByRole('region', { name: 'Check dataset' });
  const entry = panel.getByRole('button', { name: 'grey.png · grey-out' });
  const notice = panel.getByText("grey.png is not in the strip's list (clear its filter)");
  await entry.click();
  await expect(notice).toBeVisible();
  return { entry, notice };
}

test("an entry not in the strip's list says so until another list is chosen or the user moves on", async ({ api, editor, page }) => {
  await api.createProject('check-notice', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('check-notice', 'grey.png', { width: 64, height: 64 }, [{ id: 'grey-out', x1: 40, y1: 40, x2: 90, y2: 60, label: 'car' }]);
  await editor.open('bndbox', 'check-notice', '1 / 8');
  await editor.showToDo();
  await expect(editor.position()).toHaveText('1 / 7');
  const { entry, notice } = await checkEntryOfGreyOutsideTheList(page);
  // Shown All, it is in the list: the notice spoke of the list left.
  await editor.imageStrip().getByRole('tab', { name: /^All/ }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(notice).toHaveCount(0);

  await editor.showToDo();
  await entry.click();
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Next ›' }).click();
  await expect(editor.position()).toHaveText('2 / 7');
  await expect(notice).toHaveCount(0);
});

test("an entry not in the strip's list says so until the list is read again", async ({ api, editor, page }) => {
  await api.createProject('check-notice-update', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('check-notice-update', 'bitmap.bmp', { width: 33, height: 17 }, [{ id: 'b1', x1: 2, y1: 2, x2: 12, y2: 12, label: 'car' }]);
  await editor.open('bndbox', 'check-notice-update', '1 / 8');
  const strip = editor.imageStrip();
  await strip.getByRole('tab', { name: /^Labeled/ }).click();
  await expect(editor.position()).toHaveText('1 / 1');
  // Another client labels grey.png after Labeled was opened: the list as opened does not hold it.
  await api.saveBoxes('check-notice-update', 'grey.png', { width: 64, height: 64 }, [{ id: 'grey-out', x1: 40, y1: 40, x2: 90, y2: 60, label: 'car' }]);
  const { entry, notice } = await checkEntryOfGreyOutsideTheList(page);
  // A save here counts the labelled images again: Update list offers the list with grey.png.
  await editor.waitImageShown();
  await editor.drawBox({ x: 14, y: 2 }, { x: 24, y: 12 });
  await editor.waitSaved();
  await strip.getByRole('button', { name: /Update list \(2 now\)/ }).click();
  await expect(editor.position()).toHaveText('1 / 2');
  // It stayed, of an image the list read again holds.
  await expect(notice).toHaveCount(0);
  await entry.click();
  await expect(editor.position()).toHaveText('2 / 2');
  await expect(page.locator('.topbar-path')).toHaveText('grey.png');
});
