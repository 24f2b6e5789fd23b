// Finding images in the strip: filter by label, "Go to…" by number or file name, and
// "Next to-do" (the next image without shapes). Shapes are made over REST, as a classifai
// client would, so each check is only about navigating.
import type { APIRequestContext, Page } from '@playwright/test';
import path from 'node:path';
import { expect, test } from './fixtures';

// The test folder's 8 images in the strip's natural order.
const STRIP = ['bitmap.bmp', 'cat.jpg', 'disguised.txt', 'dog.png', 'grey.png', 'nested/deeper/bird.jpg', 'photo.webp', 'portrait.jpg'];

/** Gives each named image one box of the given label through the classifai REST paths. */
async function labelOverRest(request: APIRequestContext, base: string, project: string, boxes: Record<string, string>) {
  await request.get(`${base}/bndbox/projects/${project}`);
  const status = (await (await request.get(`${base}/bndbox/projects/${project}/loadingstatus`)).json()) as { uuid_list: string[] };
  for (const uuid of status.uuid_list) {
    const record = (await (await request.get(`${base}/bndbox/projects/${project}/uuid/${uuid}/thumbnail`)).json()) as { img_path: string };
    const label = Object.entries(boxes).find(([file]) => record.img_path.endsWith(`${path.sep}${file}`))?.[1];
    if (!label) continue;
    const box = { x1: 1, y1: 1, x2: 10, y2: 10, lineWidth: 2, color: 'rgba(0,255,0,1.0)', distancetoImg: { x: 0, y: 0 }, label, id: 1 };
    const reply = await request.put(`${base}/bndbox/projects/${project}/uuid/${uuid}/update`, { data: { uuid, bnd_box: [box], img_x: 0, img_y: 0, img_w: 100, img_h: 100 } });
    expect(await reply.json()).toEqual({ message: 1 });
  }
  await request.put(`${base}/bndbox/projects/${project}`, { data: { status: 'closed' } });
}

const topbarPath = (page: Page) => page.locator('.topbar-path');

test('the label select narrows the strip to that label\'s images, and "Any label" restores them', async ({ page, world, api, editor }) => {
  await api.createProject('filtered', 'bndbox', { labels: ['car', 'bus'] });
  await labelOverRest(page.request, world.server.url, 'filtered', { 'cat.jpg': 'car', 'grey.png': 'bus' });
  await editor.open('bndbox', 'filtered', '1 / 8');
  const rows = editor.imageStrip().locator('.strip-row .strip-name');
  const select = page.getByLabel('Filter by label');
  await expect(select.locator('option')).toHaveText(['Any label', 'car', 'bus']);

  await select.selectOption('car');
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(rows).toHaveText(['cat.jpg']);
  await expect(topbarPath(page)).toHaveText('cat.jpg');

  await select.selectOption('bus');
  await expect(editor.position()).toHaveText('1 / 1');
  await expect(rows).toHaveText(['grey.png']);

  await select.selectOption('Any label');
  await expect(editor.position()).toHaveText('1 / 8');
  await expect(rows).toHaveCount(8);
  await expect(topbarPath(page)).toHaveText(STRIP[0] ?? '');
});

test('"Go to…" lands on an image by file name or by number, and says when nothing matches', async ({ page, api, editor }) => {
  await api.createProject('goto', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'goto', '1 / 8');
  const dialog = page.getByRole('dialog', { name: 'Go to image' });
  const goTo = async (text: string, byKey = false) => {
    if (byKey) await page.keyboard.press('g');
    else await page.getByRole('button', { name: 'Go to…' }).click();
    await dialog.getByLabel('Image number or file name').fill(text);
    await dialog.getByRole('button', { name: 'Go', exact: true }).click();
  };

  await goTo('DOG.PNG');
  await expect(dialog).toBeHidden();
  await expect(topbarPath(page)).toHaveText('dog.png');
  await expect(editor.position()).toHaveText(`${STRIP.indexOf('dog.png') + 1} / 8`);

  await goTo('6', true);
  await expect(dialog).toBeHidden();
  await expect(topbarPath(page)).toHaveText(STRIP[5] ?? '');
  await expect(editor.position()).toHaveText('6 / 8');

  await goTo('zebra');
  await expect(dialog.getByRole('alert')).toHaveText('No image matches “zebra”');
  await expect(dialog).toBeVisible();
  // Go was clicked with the mouse: the field has the focus again, so keys are the dialog's.
  await page.keyboard.press('d');
  await expect(dialog.getByLabel('Image number or file name')).toHaveValue('d');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(editor.position()).toHaveText('6 / 8');

  // Past the list's end, and a name the project has but the list shown does not: each said as
  // the user can act on it (both said "No image matches").
  await goTo('9');
  await expect(dialog.getByRole('alert')).toHaveText('This list has 8 images: give a number from 1 to 8');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  await expect(editor.position()).toHaveText('1 / 7');
  await goTo(STRIP[5] ?? '');
  await expect(dialog.getByRole('alert')).toHaveText(`“${STRIP[5]}” is in the project but not in this list: show All to open it`);
});

test('"Next to-do" skips images with shapes and wraps to the start', async ({ page, world, api, editor }) => {
  await api.createProject('todo', 'bndbox', { labels: ['car'] });
  await labelOverRest(page.request, world.server.url, 'todo', { 'bitmap.bmp': 'car', 'cat.jpg': 'car', 'dog.png': 'car', 'grey.png': 'car' });
  await editor.open('bndbox', 'todo', '1 / 8');
  const nextToDo = page.getByRole('button', { name: 'Next to-do' });

  await nextToDo.click();
  await expect(editor.position()).toHaveText('3 / 8');
  await expect(topbarPath(page)).toHaveText('disguised.txt');
  await nextToDo.click();
  await expect(editor.position()).toHaveText('6 / 8');
  await expect(topbarPath(page)).toHaveText('nested/deeper/bird.jpg');
  // The same command by its key.
  await page.keyboard.press('u');
  await expect(editor.position()).toHaveText('7 / 8');
  await page.keyboard.press('u');
  await expect(editor.position()).toHaveText('8 / 8');
  await nextToDo.click();
  await expect(editor.position()).toHaveText('3 / 8');
  await expect(topbarPath(page)).toHaveText('disguised.txt');
});

test('"Next to-do" pressed twice in a rush lands on the second image to do, not twice on the first', async ({ page, world, api, editor }) => {
  await api.createProject('todo-rush', 'bndbox', { labels: ['car'] });
  await labelOverRest(page.request, world.server.url, 'todo-rush', { 'bitmap.bmp': 'car', 'cat.jpg': 'car', 'dog.png': 'car', 'grey.png': 'car' });
  await editor.open('bndbox', 'todo-rush', '1 / 8');
  // The search comes late: the second U is pressed while the first one's is on its way.
  await page.route(/image\.nextUnlabeled/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  await expect(editor.position()).toHaveText('6 / 8');
  await expect(topbarPath(page)).toHaveText('nested/deeper/bird.jpg');
  await page.waitForTimeout(700);
  await expect(editor.position()).toHaveText('6 / 8');
});

test('keys pressed in a rush land on the last image, drawn with its box and its own history', async ({ page, world, api, editor }) => {
  await api.createProject('rushed', 'bndbox', { labels: ['car', 'bus'] });
  await labelOverRest(page.request, world.server.url, 'rushed', { 'portrait.jpg': 'bus' });
  await editor.open('bndbox', 'rushed', '1 / 8');
  const info = page.getByRole('region', { name: 'Image info' });
  await expect(info).toContainText('Not edited yet');

  // Decodes and reads of the images passed are dropped or left waiting; none may stand in
  // for the last image's picture, shapes or trail.
  for (let press = 0; press < STRIP.length - 1; press++) await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('8 / 8');
  await expect(editor.canvas()).toHaveAttribute('data-drawn-image-id', await api.uuidOf('rushed', 'portrait.jpg'));
  await expect(page.getByRole('region', { name: 'Shapes' }).getByRole('heading')).toHaveText('Shapes 1');
  await expect(info).toContainText(/Version 1: local/);
  await expect(info).toContainText('portrait.jpg');
});
