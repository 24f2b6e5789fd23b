// The home page: the empty state, creating a project with the folder chooser, names it refuses,
// and star, rename and delete, which never touch the images.
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { expect, test } from './fixtures';
import { editorPage, writeLabelFile } from './pages';

// These tests check the whole project list (empty state, card count): each gets its own server.
test.use({ serverPer: 'test' });

test('the empty home page explains the first step', async ({ page, world, home }) => {
  await home.open();
  await expect(page.getByRole('heading', { name: 'Labelport' })).toBeVisible();
  await expect(home.emptyState()).toBeVisible();
  await page.screenshot({ path: path.join(world.screenshotDir, 'home-empty.png'), fullPage: true });
});

test('creates a project with the folder chooser and watches the scan finish', async ({ page, world, home }) => {
  const labels = writeLabelFile(['car', 'person', 'bike']);
  world.setChooserAnswer('folder', world.imageFolder);
  world.setChooserAnswer('file', labels);
  await home.open();
  await page.getByRole('button', { name: 'Create your first project' }).click();
  const dialog = home.dialog();
  await dialog.getByLabel('Name').fill('Street scenes');
  await dialog.getByRole('button', { name: 'Choose…' }).first().click();
  await expect(dialog.getByLabel('Image folder')).toHaveValue(world.imageFolder);
  await dialog.getByRole('button', { name: 'Choose…' }).nth(1).click();
  await expect(dialog.getByLabel(/Label file/)).toHaveValue(labels);
  await page.screenshot({ path: path.join(world.screenshotDir, 'create-dialog.png') });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Folder scanned' })).toBeVisible();
  // empty.jpg, broken.png and scan.tif (a TIFF: a format Labelport does not read)
  await expect(dialog.getByText(/3 file\(s\) could not be read/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const card = home.card('Street scenes');
  await expect(card).toContainText('8 images');
  await expect(card).toContainText('0 labeled');
  await page.screenshot({ path: path.join(world.screenshotDir, 'home-projects.png'), fullPage: true });
});

test('refuses a duplicate name with a readable message', async ({ world, api, home }) => {
  await api.createProject('Street scenes', 'bndbox');
  await home.open();
  const dialog = await home.createProject('Street scenes', world.imageFolder);
  await expect(dialog.getByRole('alert')).toHaveText('A project named Street scenes already exists');
});

test('refuses a name of only dots with a readable message and creates nothing', async ({ page, world, api, home }) => {
  await api.createProject('Street scenes', 'bndbox');
  await home.open();
  const dialog = await home.createProject('.', world.imageFolder);
  await expect(dialog.getByRole('alert')).toContainText('Project name must not be only dots');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(home.card('Street scenes')).toBeVisible();
  await expect(home.cards()).toHaveCount(1);
});

test('stars, renames and deletes a project; the images stay', async ({ page, world, api, home }) => {
  await api.createProject('Street scenes', 'bndbox');
  const before = fs.readdirSync(world.imageFolder).sort();
  await home.open();
  const card = home.card('Street scenes');
  await card.getByRole('button', { name: 'Star' }).click();
  await expect(card.getByRole('button', { name: 'Unstar' })).toBeVisible();
  await card.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Street scenes' });
  await rename.getByLabel('New name').fill('Streets');
  await rename.getByRole('button', { name: 'Rename' }).click();
  const renamed = home.card('Streets');
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Streets?' });
  await expect(confirm).toContainText('are not touched');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(home.emptyState()).toBeVisible();
  expect(fs.readdirSync(world.imageFolder).sort()).toEqual(before);
});

test('a project open in another tab is not renamed under it: its edits there keep being saved', async ({ page, context, world, api, home }) => {
  await api.createProject('open elsewhere', 'bndbox', { labels: ['car'] });
  const workspace = await context.newPage();
  const editor = editorPage(workspace, world.server.url);
  await editor.open('bndbox', 'open elsewhere', '1 / 8');
  await home.open();
  const card = home.card('open elsewhere');
  await card.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename open elsewhere' });
  await rename.getByLabel('New name').fill('renamed');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByRole('alert')).toHaveText('open elsewhere is open in a workspace tab: close it first, or what is drawn there after the rename would not be saved');
  // The tab still saves under the name it has.
  const c = await editor.centre();
  await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 });
  await editor.waitSaved();
  expect(await api.boxes('open elsewhere')).toHaveLength(1);
  // Closed, the tab leaves: the rename goes through and the box goes with the project.
  await workspace.close();
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(home.card('renamed')).toBeVisible();
  expect(await api.boxes('renamed')).toHaveLength(1);
});

test('a project left and opened again from the list is open on the server again', async ({ page, api, editor, home }) => {
  await api.createProject('reopened', 'bndbox');
  const loaded = async () => (await api.projects()).find((project) => project.project_name === 'reopened')?.is_loaded;
  await editor.open('bndbox', 'reopened', '1 / 8');
  await expect.poll(loaded).toBe(true);
  await page.getByRole('link', { name: '← Projects' }).click();
  await expect.poll(loaded).toBe(false);
  await home.card('reopened').getByRole('link', { name: 'Open', exact: true }).click();
  await expect(editor.position()).toHaveText('1 / 8');
  await expect.poll(loaded).toBe(true);
});

test('a reload that stops on the server says why on the card, not as if it had finished', async ({ page, api, home }) => {
  await api.createProject('reload-fails', 'bndbox');
  await home.open();
  // The server's status of this reload says it stopped (a folder that became unreadable mid-way).
  await page.route(/project\.reloadStatus/, async (route) => {
    const response = await route.fetch();
    const procedures = new URL(route.request().url()).pathname.split('/').pop()?.split(',') ?? [];
    const answers = (await response.json()) as Array<{ result?: { data?: Record<string, unknown> } }>;
    procedures.forEach((procedure, index) => {
      const data = answers[index]?.result?.data;
      if (procedure === 'project.reloadStatus' && data) Object.assign(data, { file_system_status: 5, file_system_message: 'ABORTED', error_message: 'The project folder cannot be read' });
    });
    await route.fulfill({ response, json: answers });
  });
  await home.card('reload-fails').getByRole('button', { name: 'Reload' }).click();
  await expect(home.card('reload-fails').getByRole('alert')).toHaveText('The reload stopped: The project folder cannot be read');
});

test('a reload says what changed in the folder: images found, gone (their shapes kept) and unreadable', async ({ api, home }) => {
  const folder = await makeTempDir('labelport-e2e-reload-summary-');
  for (const file of ['a.png', 'b.png', 'c.png']) await writeImage(path.join(folder, file), { format: 'png', width: 64, height: 48, color: { r: 20, g: 90, b: 160 } });
  await api.createProject('changed-outside', 'bndbox', { folder, labels: ['car'] });
  await api.saveBoxes('changed-outside', 'b.png', { width: 64, height: 48 }, [{ id: 'b1', label: 'car', x1: 4, y1: 4, x2: 30, y2: 30 }]);
  // Outside Labelport: b.png renamed, two pictures added, one of them cut short.
  fs.renameSync(path.join(folder, 'b.png'), path.join(folder, 'b2.png'));
  await writeImage(path.join(folder, 'd.png'), { format: 'png', width: 64, height: 48, color: { r: 200, g: 20, b: 20 } });
  fs.writeFileSync(path.join(folder, 'e.png'), fs.readFileSync(path.join(folder, 'a.png')).subarray(0, 40));
  await home.open();
  const card = home.card('changed-outside');
  await expect(card).toContainText('3 images · 1 labeled');
  await card.getByRole('button', { name: 'Reload' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Reloaded: 2 images found; 1 image no longer in the folder (kept with their shapes, back if the files return); 1 file skipped as unreadable',
  );
  await expect(card).toContainText('4 images · 0 labeled');
  // Put back, it brings its box with it.
  fs.renameSync(path.join(folder, 'b2.png'), path.join(folder, 'b.png'));
  await card.getByRole('button', { name: 'Reload' }).click();
  await expect(card.getByRole('status')).toHaveText('Reloaded: 1 image found; 1 image no longer in the folder (kept with their shapes, back if the files return); 1 file skipped as unreadable');
  await expect(card).toContainText('4 images · 1 labeled');
  expect(await api.boxesOf('changed-outside', 'b.png')).toHaveLength(1);
});
