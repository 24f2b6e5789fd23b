// The workspace keeps its counts true while the user labels, and reopens where they left off.
import { expect, test } from './fixtures';

test('shape badges and the To do list follow the labelling without a reload', async ({ api, editor }) => {
  await api.createProject('counts', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'counts', '1 / 8');
  const c = await editor.centre();
  const strip = editor.imageStrip();
  const firstRow = strip.getByRole('button', { name: 'bitmap.bmp' });
  await expect(firstRow.locator('.strip-count')).toHaveCount(0);
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await expect(firstRow.locator('.strip-count')).toHaveText('1');

  await strip.getByRole('tab', { name: /To do/ }).click();
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 7');
  await editor.waitImageShown();
  await editor.drag({ x: c.x - 100, y: c.y - 50 }, { x: c.x, y: c.y + 50 });
  await editor.waitSaved();
  // The open list stays put (position and chip agree); a button offers the fresh one.
  await expect(editor.position()).toHaveText('1 / 7');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 7');
  await strip.getByRole('button', { name: /Update list \(6 now\)/ }).click();
  await expect(editor.position()).toHaveText('1 / 6');
  await expect(strip.getByRole('tab', { name: /To do/ })).toHaveText('To do 6');
});

test('reopening a project continues at the same image with the same label', async ({ page, world, api, editor }) => {
  await api.createProject('resume', 'bndbox', { labels: ['car', 'tree', 'sky'] });
  await editor.open('bndbox', 'resume', '1 / 8');
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('3 / 8');
  await editor.pressLabel(2);
  await expect(editor.activeLabel()).toContainText('tree');
  await page.goto(`${world.server.url}/`);
  await editor.open('bndbox', 'resume', '3 / 8');
  await expect(editor.activeLabel()).toContainText('tree');
});
