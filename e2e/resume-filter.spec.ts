// Reloading (or reopening) a project while a filtered list is open comes back to that list, the
// same image and the same label, though the list, read anew, has moved since (images labelled
// elsewhere left it); an image that has left it too opens the list's first image, never another.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { editorPage, type RestApi } from './pages';
import { expect, test } from './fixtures';

const IMAGES = 12;
const file = (index: number) => `photo-${String(index).padStart(3, '0')}.png`;

async function projectOfCopies(name: string, api: RestApi) {
  const folder = await makeTempDir('labelport-e2e-resume-filter-');
  await writeImage(path.join(folder, file(0)), { format: 'png', width: 320, height: 240, color: { r: 90, g: 140, b: 200 } });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(path.join(folder, file(0)), path.join(folder, file(index)));
  await api.createProject(name, 'bndbox', { folder, labels: ['car', 'tree', 'sky'] });
}

/** Another client (a teammate) gives these images a box; answers every image's uuid, in path order. */
async function labelElsewhere(request: APIRequestContext, base: string, project: string, indexes: readonly number[]): Promise<string[]> {
  await request.get(`${base}/bndbox/projects/${project}`);
  const { uuid_list: uuids } = (await (await request.get(`${base}/bndbox/projects/${project}/loadingstatus`)).json()) as { uuid_list: string[] };
  for (const uuid of indexes.map((index) => uuids[index] ?? '')) {
    const box = { x1: 10, y1: 10, x2: 60, y2: 60, label: 'car', id: `b-${uuid}`, lineWidth: 2, color: '#ff0000', distancetoImg: { x: 10, y: 10 } };
    const saved = await request.put(`${base}/bndbox/projects/${project}/uuid/${uuid}/update`, {
      data: { uuid, bnd_box: [box], polygons: [], img_x: 0, img_y: 0, img_w: 320, img_h: 240 },
    });
    expect(await saved.json()).toEqual({ message: 1 });
  }
  return uuids;
}

test('a reload in "To do" comes back to the same image, label and filter, also after the tab was closed', async ({ page, request, world, api, editor }) => {
  const base = world.server.url;
  await projectOfCopies('resume-todo', api);
  const uuids = await labelElsewhere(request, base, 'resume-todo', [1]);
  // The editor holds the image itself (the position and path follow it a frame later).
  const holds = (tab: Page, index: number) => expect(tab.getByTestId('editor-canvas')).toHaveAttribute('data-image-id', uuids[index] ?? '');
  await editor.open('bndbox', 'resume-todo', `1 / ${IMAGES}`);
  const todo = () => page.getByRole('tab', { name: /To do/ });
  await todo().click();
  await expect(editor.position()).toHaveText(`1 / ${IMAGES - 1}`);
  // Position 6 of To do (photo-001 has a box) is photo-006.
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('6');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.locator('.topbar-path')).toHaveText(file(6));
  await editor.waitImageShown();
  await editor.pressLabel(2);
  await expect(editor.activeLabel()).toContainText('tree');
  // The place is written once the image and label are on screen; a reload before that is too early.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('labelport:resume:bndbox/resume-todo'))).toContain('"label":"tree"');

  // A teammate labels an image before it: To do, read anew, holds photo-006 one place earlier.
  await labelElsewhere(request, base, 'resume-todo', [3]);
  await page.reload();
  await holds(page, 6);
  await expect(editor.position()).toHaveText(`5 / ${IMAGES - 2}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(6));
  await expect(todo()).toHaveAttribute('aria-selected', 'true');
  await expect(editor.activeLabel()).toContainText('tree');

  // The tab closed and the project opened again in a new one: the same.
  const context = page.context();
  await page.close();
  const again = await context.newPage();
  const reopened = editorPage(again, base);
  await reopened.open('bndbox', 'resume-todo', `5 / ${IMAGES - 2}`);
  await holds(again, 6);
  await expect(again.locator('.topbar-path')).toHaveText(file(6));
  await expect(again.getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(reopened.activeLabel()).toContainText('tree');

  // The image itself labelled elsewhere has left To do: the list opens on its first image.
  await labelElsewhere(request, base, 'resume-todo', [6]);
  await again.reload();
  await holds(again, 0);
  await expect(reopened.position()).toHaveText(`1 / ${IMAGES - 3}`);
  await expect(again.locator('.topbar-path')).toHaveText(file(0));
  await expect(again.getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(reopened.activeLabel()).toContainText('tree');
});

test('a reload with the strip narrowed to a label keeps that label filter and the image', async ({ page, request, world, api, editor }) => {
  await projectOfCopies('resume-label', api);
  await labelElsewhere(request, world.server.url, 'resume-label', [2, 5, 9]);
  await editor.open('bndbox', 'resume-label', `1 / ${IMAGES}`);
  const byLabel = page.getByLabel('Filter by label');
  await byLabel.selectOption('car');
  await expect(editor.position()).toHaveText('1 / 3');
  await editor.nextImage();
  await expect(page.locator('.topbar-path')).toHaveText(file(5));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('labelport:resume:bndbox/resume-label'))).toMatch(/"index":1,.*"stripFilter":"car"/);

  await page.reload();
  await expect(editor.position()).toHaveText('2 / 3');
  await expect(page.locator('.topbar-path')).toHaveText(file(5));
  await expect(byLabel).toHaveValue('car');
});

test('a key pressed while the filtered list is still being read on a reload wins over the place saved', async ({ page, request, world, api, editor }) => {
  await projectOfCopies('resume-key', api);
  const uuids = await labelElsewhere(request, world.server.url, 'resume-key', [1]);
  await editor.open('bndbox', 'resume-key', `1 / ${IMAGES}`);
  await page.getByRole('tab', { name: /To do/ }).click();
  await page.keyboard.press('g');
  const goTo = page.getByRole('dialog', { name: 'Go to image' });
  await goTo.getByLabel('Image number or file name').fill('6');
  await goTo.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.locator('.topbar-path')).toHaveText(file(6));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('labelport:resume:bndbox/resume-key'))).toContain('"index":5');

  // The list's images are held back: the workspace cannot show or look up the saved one yet.
  const held: Route[] = [];
  await page.route(/image\.listed/, (route) => void held.push(route));
  await page.reload();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.getByTestId('editor-canvas')).toHaveAttribute('data-image-id', '');
  await page.keyboard.press('d');
  for (const route of held) await route.continue();
  await page.unroute(/image\.listed/);
  // The editor holds an image once the saved one was looked up: the one the key went to.
  await expect(page.getByTestId('editor-canvas')).toHaveAttribute('data-image-id', uuids[2] ?? '');
  await expect(editor.position()).toHaveText(`2 / ${IMAGES - 1}`);
  await expect(page.locator('.topbar-path')).toHaveText(file(2));
});

test('a reload while the list just chosen is still being read reopens that list, not the one left', async ({ page, api, editor }) => {
  await projectOfCopies('resume-chosen', api);
  await editor.open('bndbox', 'resume-chosen', `1 / ${IMAGES}`);
  // To do is slow to read: the reload below lands while it is.
  let asked = false;
  const slowList = /image\.(uuidsInList|page|listed)/;
  await page.route(slowList, async (route: Route) => {
    asked = true;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => undefined);
  });
  await editor.imageStrip().getByRole('tab', { name: /To do/ }).click();
  await expect.poll(() => asked).toBe(true);
  await page.unroute(slowList);
  await page.reload();
  await expect(editor.imageStrip().getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.position()).toHaveText(`1 / ${IMAGES}`);
});
