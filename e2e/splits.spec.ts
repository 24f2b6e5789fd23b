// Splits and duplicates in the workspace: a re-encoded, resized copy of a picture is found as
// a near duplicate, a seeded split keeps it on its original's side, each strip row shows its
// side, and a side changed on one image is stored (read back over tRPC, and after a reload).
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { writePicture } from '@/server/testing/picture-fixtures';
import { expect, test } from './fixtures';

const PROJECT = 'splits';

interface PageItem {
  uuid: string;
  img_path: string;
  split?: string;
}

/** Each image's stored side, read over tRPC as the workspace reads its strip. */
async function storedSides(request: APIRequestContext, base: string): Promise<Record<string, string | null>> {
  const input = encodeURIComponent(JSON.stringify({ annotation_type: 'bndbox', project_name: PROJECT, limit: 100 }));
  const reply = await request.get(`${base}/api/trpc/image.page?input=${input}`);
  expect(reply.ok()).toBe(true);
  const body = (await reply.json()) as { result: { data: { items: PageItem[] } } };
  return Object.fromEntries(body.result.data.items.map((item) => [item.img_path, item.split ?? null]));
}

/** Opens Duplicates and finds them: the dialog and its group rows, once `count` groups show. */
async function findDuplicates(page: Page, count: number) {
  await page.getByRole('button', { name: 'Duplicates…' }).click();
  const duplicates = page.getByRole('dialog', { name: 'Duplicates' });
  await duplicates.getByRole('button', { name: 'Find duplicates' }).click();
  const groups = duplicates.getByRole('list', { name: 'Duplicate groups' }).locator('.duplicate-group');
  // The search is a job (hashing every image first): on a loaded machine it takes seconds.
  await expect(groups).toHaveCount(count, { timeout: 20_000 });
  return { duplicates, groups };
}

test('find duplicates, split with a seed, see each side on the strip, change one image and keep it', async ({ api, editor, page, world }) => {
  const folder = await makeTempDir('labelport-e2e-splits-');
  await writePicture(path.join(folder, 'street.png'), { seed: 1, width: 640, height: 480, format: 'png' });
  // The same picture at half size, re-encoded as a rough JPEG: other bytes, same look.
  await writePicture(path.join(folder, 'street-copy.jpg'), { seed: 1, width: 320, height: 240, format: 'jpeg', quality: 50 });
  for (const seed of [2, 3, 4, 5]) await writePicture(path.join(folder, `photo-${seed}.png`), { seed, width: 320, height: 240, format: 'png' });
  await api.createProject(PROJECT, 'bndbox', { folder, labels: ['car'] });
  await editor.open('bndbox', PROJECT, '1 / 6');
  const strip = editor.imageStrip();
  await expect(strip.locator('.strip-split')).toHaveCount(0);

  // Duplicates: exactly one group, near, the picture and its copy.
  const wholeGroupReads: string[] = [];
  page.on('request', (request) => void (request.url().includes('split.duplicateGroup') && wholeGroupReads.push(request.url())));
  const { duplicates, groups } = await findDuplicates(page, 1);
  await expect(groups.first()).toHaveAttribute('data-kind', 'near');
  await expect(groups.first().locator('.duplicate-member')).toHaveText(['street-copy.jpg', 'street.png']);
  await expect(duplicates.getByLabel('Duplicate summary')).toHaveText('1 group');
  // A group of two came whole with the groups: it is not asked for again.
  expect(wholeGroupReads).toEqual([]);
  await duplicates.getByRole('button', { name: 'Close' }).click();

  // A seeded split: every image gets a side, the copy the side of its original.
  await page.getByRole('button', { name: 'Split…' }).click();
  const split = page.getByRole('dialog', { name: 'Split' });
  await split.getByLabel('train percent').fill('50');
  await split.getByLabel('val percent').fill('50');
  await split.getByLabel('test percent').fill('0');
  await split.getByLabel('Seed').fill('11');
  await split.getByRole('button', { name: 'Split', exact: true }).click();
  const all = split.locator('tr[data-row="All images"]');
  await expect(all.locator('td[data-side="none"]')).toHaveText('0');
  await expect(all.locator('td[data-side="test"]')).toHaveText('0');
  const trainCount = Number(await all.locator('td[data-side="train"]').textContent());
  expect(trainCount).toBeGreaterThanOrEqual(2);
  expect(trainCount).toBeLessThanOrEqual(4);
  await split.getByRole('button', { name: 'Close' }).click();

  const sides = await storedSides(page.request, world.server.url);
  expect(Object.values(sides).every((side) => side === 'train' || side === 'val')).toBe(true);
  expect(sides['street-copy.jpg']).toBe(sides['street.png']);
  // The strip shows each stored side on its row (rows are in natural path order).
  const rows = strip.locator('.strip-row');
  await expect(rows).toHaveCount(6);
  for (const [index, file] of ['photo-2.png', 'photo-3.png', 'photo-4.png', 'photo-5.png', 'street-copy.jpg', 'street.png'].entries()) {
    await expect(rows.nth(index).locator('.strip-split'), file).toHaveText(sides[file] ?? '');
  }

  // The open image (photo-2.png) moves to the other side with the top bar's select.
  const control = page.getByLabel('Split side of this image');
  await expect(control).toHaveValue(sides['photo-2.png'] ?? '');
  const other = sides['photo-2.png'] === 'train' ? 'val' : 'train';
  await control.selectOption(other);
  await expect(rows.nth(0).locator('.strip-split')).toHaveText(other);
  await expect.poll(async () => (await storedSides(page.request, world.server.url))['photo-2.png']).toBe(other);

  // Shift+E puts it in test; a reload shows what is stored.
  // Keys go to the workspace, not to the select that still has the focus.
  await control.blur();
  await page.keyboard.press('Shift+E');
  await expect(control).toHaveValue('test');
  await expect.poll(async () => (await storedSides(page.request, world.server.url))['photo-2.png']).toBe('test');
  await page.reload();
  await editor.waitImageShown();
  await expect(page.getByLabel('Split side of this image')).toHaveValue('test');
  await expect(editor.imageStrip().locator('.strip-row').nth(0).locator('.strip-split')).toHaveText('test');
  // The other images kept the sides of the split.
  const after = await storedSides(page.request, world.server.url);
  expect({ ...after, 'photo-2.png': sides['photo-2.png'] }).toEqual(sides);

  // A click on a duplicate opens it.
  await page.getByRole('button', { name: 'Duplicates…' }).click();
  await page.getByRole('dialog', { name: 'Duplicates' }).locator('.duplicate-member', { hasText: 'street.png' }).click();
  await expect(editor.position()).toHaveText('6 / 6');
});

test('a big group of duplicates shows its first images and the rest on demand, and any of them opens', async ({ api, editor, page }) => {
  // 130 copies of one picture (frames of a still camera) beside one other picture.
  const folder = await makeTempDir('labelport-e2e-many-copies-');
  const first = path.join(folder, 'frame-000.png');
  await writePicture(first, { seed: 7, width: 160, height: 120, format: 'png' });
  for (let index = 1; index < 130; index += 1) fs.copyFileSync(first, path.join(folder, `frame-${String(index).padStart(3, '0')}.png`));
  await writePicture(path.join(folder, 'other.png'), { seed: 8, width: 160, height: 120, format: 'png' });
  await api.createProject('many-copies', 'bndbox', { folder });
  await editor.open('bndbox', 'many-copies', '1 / 131');

  const { duplicates, groups: group } = await findDuplicates(page, 1);
  await expect(group.locator('.duplicate-kind')).toHaveText('Exact · 130 images');
  const members = group.locator('.duplicate-member');
  await expect(members).toHaveCount(12);
  await group.getByRole('button', { name: 'Show all 130' }).click();
  await expect(members).toHaveCount(130);
  await expect(group.getByRole('button', { name: /^Show/ })).toHaveCount(0);
  await members.filter({ hasText: 'frame-129.png' }).click();
  await expect(duplicates).toBeHidden();
  await expect(page.getByLabel('Position')).toHaveText('130 / 131');
});

test('Duplicates opened again after a reload shows the groups as the folder is now, without Find duplicates', async ({ api, editor, home, page }) => {
  const folder = await makeTempDir('labelport-e2e-duplicates-reload-');
  await writePicture(path.join(folder, 'street.png'), { seed: 1, width: 320, height: 240, format: 'png' });
  fs.copyFileSync(path.join(folder, 'street.png'), path.join(folder, 'street-copy.png'));
  await writePicture(path.join(folder, 'photo.png'), { seed: 2, width: 320, height: 240, format: 'png' });
  await api.createProject('duplicates-reload', 'bndbox', { folder });
  await editor.open('bndbox', 'duplicates-reload', '1 / 3');
  const { duplicates, groups } = await findDuplicates(page, 1);
  await expect(groups.first().locator('.duplicate-member')).toHaveText(['street-copy.png', 'street.png']);
  // The page's time stands still from here: the groups just read never grow old, as when the
  // dialog opens again within a second. Only a read on opening can show the change.
  await page.clock.setFixedTime(await page.evaluate(() => Date.now()));
  await duplicates.getByRole('button', { name: 'Close' }).click();

  // The copy becomes another picture outside Labelport; the project is reloaded.
  await page.getByRole('link', { name: '← Projects' }).click();
  fs.rmSync(path.join(folder, 'street-copy.png'));
  await writePicture(path.join(folder, 'street-copy.png'), { seed: 3, width: 200, height: 150, format: 'png' });
  const card = home.card('duplicates-reload');
  await card.getByRole('button', { name: 'Reload' }).click();
  await expect(card.getByRole('status')).toHaveText(/^Reloaded/);
  await card.getByRole('link', { name: 'Open', exact: true }).click();
  await expect(editor.position()).toHaveText('1 / 3');

  await page.getByRole('button', { name: 'Duplicates…' }).click();
  await expect(duplicates.getByLabel('Duplicate summary')).toHaveText(/^No duplicates found/);
  await expect(groups).toHaveCount(0);
  fs.rmSync(folder, { recursive: true, force: true });
});
