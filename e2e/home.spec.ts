import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

test('the empty home page explains the first step', async ({ page, world }) => {
  await page.goto(world.server.url);
  await expect(page.getByRole('heading', { name: 'Labelport' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await page.screenshot({ path: path.join(world.screenshotDir, 'home-empty.png'), fullPage: true });
});

test('creates a project with the folder chooser and watches the scan finish', async ({ page, world }) => {
  const labels = path.join(world.imageFolder, '..', 'e2e-labels.txt');
  fs.writeFileSync(labels, 'car\nperson\nbike\n');
  world.setChooserAnswer('folder', world.imageFolder);
  world.setChooserAnswer('file', labels);
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'Create your first project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Street scenes');
  await dialog.getByRole('button', { name: 'Choose…' }).first().click();
  await expect(dialog.getByLabel('Image folder')).toHaveValue(world.imageFolder);
  await dialog.getByRole('button', { name: 'Choose…' }).nth(1).click();
  await expect(dialog.getByLabel(/Label file/)).toHaveValue(labels);
  await page.screenshot({ path: path.join(world.screenshotDir, 'create-dialog.png') });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Folder scanned' })).toBeVisible();
  await expect(dialog.getByText(/2 file\(s\) could not be read/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('article', { name: 'Project Street scenes' });
  await expect(card).toContainText('8 images');
  await expect(card).toContainText('0 labeled');
  await page.screenshot({ path: path.join(world.screenshotDir, 'home-projects.png'), fullPage: true });
});

test('refuses a duplicate name with a readable message', async ({ page, world }) => {
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Street scenes');
  await dialog.getByLabel('Image folder').fill(world.imageFolder);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A project named Street scenes already exists');
});

test('refuses a name of only dots with a readable message and creates nothing', async ({ page, world }) => {
  await page.goto(world.server.url);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('.');
  await dialog.getByLabel('Image folder').fill(world.imageFolder);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Project name must not be only dots');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Project Street scenes' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('stars, renames and deletes a project; the images stay', async ({ page, world }) => {
  const before = fs.readdirSync(world.imageFolder).sort();
  await page.goto(world.server.url);
  const card = page.getByRole('article', { name: 'Project Street scenes' });
  await card.getByRole('button', { name: 'Star' }).click();
  await expect(card.getByRole('button', { name: 'Unstar' })).toBeVisible();
  await card.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Street scenes' });
  await rename.getByLabel('New name').fill('Streets');
  await rename.getByRole('button', { name: 'Rename' }).click();
  const renamed = page.getByRole('article', { name: 'Project Streets' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Streets?' });
  await expect(confirm).toContainText('are not touched');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  expect(fs.readdirSync(world.imageFolder).sort()).toEqual(before);
});
