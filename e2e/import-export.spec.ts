// Datasets in and out through the browser: an export downloaded from the Export menu, and
// that zip imported into another project over the same images through the Import dialog
// (preview, Apply, report), the editor then showing the imported shapes.
import fs from 'node:fs';
import path from 'node:path';
import { readZip } from '@/server/files/zip-reader';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { FIRST_IMAGE, slowScripts, type EditorPage } from './pages';

const coco = {
  images: [
    { id: 1, file_name: FIRST_IMAGE.file, width: FIRST_IMAGE.width, height: FIRST_IMAGE.height },
    { id: 2, file_name: 'dog.png', width: 320, height: 240 },
  ],
  annotations: [
    { id: 1, image_id: 1, category_id: 1, bbox: [2, 3, 10, 8] },
    { id: 2, image_id: 2, category_id: 2, bbox: [20, 30, 100, 50] },
  ],
  categories: [{ id: 1, name: 'car' }, { id: 2, name: 'dog' }],
};

test('downloads a COCO export and imports it into another project through the dialog', async ({ page, world, api, editor }, testInfo) => {
  await api.createProject('source', 'bndbox');
  expect(await api.importFiles('source', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }])).toMatchObject({ matched_image_count: 2 });
  const sourceBoxes = await api.boxes('source');
  expect(sourceBoxes).toHaveLength(2);

  await editor.open('bndbox', 'source', '1 / 8');
  await editor.exportAs('COCO (.zip)');
  await expect(page.getByText('Written to')).toContainText('source_coco.zip');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('source_coco.zip');
  const downloaded = testInfo.outputPath('source_coco.zip');
  await download.saveAs(downloaded);
  expect(fs.readFileSync(downloaded).equals(fs.readFileSync(path.join(world.imageFolder, 'source_coco.zip')))).toBe(true);

  await api.createProject('target', 'bndbox');
  await editor.open('bndbox', 'target', '1 / 8');
  const shapesPanel = page.getByRole('region', { name: 'Shapes' });
  await expect(shapesPanel.getByRole('listitem')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('Files or a zip').setInputFiles(downloaded);
  await expect(dialog.getByLabel('Format')).toHaveValue('coco');
  // The export lists every image of the project, so every one of them matches.
  await expect(dialog.getByRole('status', { name: 'Import preview' })).toContainText('8 images matched.');
  await expect(dialog.getByRole('status', { name: 'Import preview' })).toContainText('Labels to add (2): car, dog');
  expect(await api.boxes('target')).toEqual([]);

  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status', { name: 'Import report' })).toContainText('Imported the shapes of 8 images.');
  // The editor shows the imported box of the image in view without a reload.
  await expect(shapesPanel.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await api.boxes('target')).toEqual(sourceBoxes);
  expect(await api.labels('target')).toEqual(['car', 'dog']);
});

test('an export unzipped and imported as a folder exports again with the same layout, not a folder deeper', async ({ page, world, api, editor }, testInfo) => {
  await api.createProject('folder-source', 'bndbox');
  expect(await api.importFiles('folder-source', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }])).toMatchObject({ matched_image_count: 2 });
  await editor.open('bndbox', 'folder-source', '1 / 8');
  await editor.exportAs('COCO (.zip)');
  await expect(page.getByText('Written to')).toContainText('folder-source_coco.zip');
  const entriesOf = (zip: string) => readZip(fs.readFileSync(path.join(world.imageFolder, zip)));
  const unzipped = testInfo.outputPath('folder-source_coco');
  for (const entry of entriesOf('folder-source_coco.zip')) {
    fs.mkdirSync(path.dirname(path.join(unzipped, entry.name)), { recursive: true });
    fs.writeFileSync(path.join(unzipped, entry.name), entry.data);
  }

  await api.createProject('folder-target', 'bndbox');
  await editor.open('bndbox', 'folder-target', '1 / 8');
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('A folder').setInputFiles(unzipped);
  await expect(dialog.getByLabel('Format')).toHaveValue('coco');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status', { name: 'Import report' })).toContainText('Imported the shapes of 8 images.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await api.boxes('folder-target')).toEqual(await api.boxes('folder-source'));

  await editor.exportAs('COCO (.zip)');
  await expect(page.getByText('Written to')).toContainText('folder-target_coco.zip');
  const names = (zip: string) => entriesOf(zip).map((entry) => entry.name).sort();
  expect(names('folder-target_coco.zip')).toEqual(names('folder-source_coco.zip'));
});

test('the import dialog refuses a damaged zip with a clear message and imports nothing', async ({ page, api, editor }, testInfo) => {
  await api.createProject('damaged', 'bndbox');
  await editor.open('bndbox', 'damaged', '1 / 8');
  const broken = testInfo.outputPath('broken_coco.zip');
  fs.writeFileSync(broken, Buffer.from('PK\u0003\u0004 this is not really a zip'));
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('Files or a zip').setInputFiles(broken);
  await expect(dialog.getByRole('alert')).toContainText('broken_coco.zip: Not a zip file, or a damaged one');
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  expect(await api.boxes('damaged')).toEqual([]);
});

/** The project's configuration exported from the menu, written again under another project name beside the images it lists. */
async function configurationCopy(page: Page, editor: EditorPage, imageFolder: string, source: string, copyName: string): Promise<string> {
  await editor.open('bndbox', source, '1 / 8');
  await editor.exportAs('classifai configuration (.json)');
  await expect(page.getByText('Written to')).toContainText(`${source}.json`);
  const written = JSON.parse(fs.readFileSync(path.join(imageFolder, `${source}.json`), 'utf8')) as Record<string, unknown>;
  const copy = path.join(imageFolder, `${copyName}.json`);
  fs.writeFileSync(copy, JSON.stringify({ ...written, project_name: copyName }));
  return copy;
}

test('a classifai configuration imports as a new project from the home page', async ({ page, world, api, editor, home }) => {
  await api.createProject('cfg-source', 'bndbox');
  expect(await api.importFiles('cfg-source', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }])).toMatchObject({ matched_image_count: 2 });
  const copy = await configurationCopy(page, editor, world.imageFolder, 'cfg-source', 'cfg-copy');

  // Clicked as soon as the page shows, before its script has run: a button offered then did
  // nothing, so none is offered before the page can act on it.
  await slowScripts(page);
  await page.goto(world.server.url, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Import configuration…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a classifai configuration' });
  await dialog.getByLabel('Configuration file').fill(copy);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Imported project cfg-copy.', { timeout: 20_000 }); // an import job: seconds on a loaded machine
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(home.card('cfg-copy')).toBeVisible();
  expect((await api.boxes('cfg-copy')).map((box) => box.label).sort()).toEqual(['car', 'dog']);
});

test('a classifai configuration export says which labels it cannot keep as they are', async ({ page, api, editor }) => {
  await api.createProject('cfg-comma', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'cfg-comma', '1 / 8');
  await editor.addLabel('red, blue');
  await expect(editor.labelPanel().getByRole('button', { name: 'Rename red, blue' })).toBeVisible();
  await editor.exportAs('classifai configuration (.json)');
  await expect(page.getByRole('menu').getByRole('status')).toContainText('Written to');
  await expect(page.getByRole('menu').getByRole('alert')).toContainText('"red, blue" holds ", ", which splits it in two when classifai reads the label list back');
  // COCO writes any label: nothing to say (the menu is still open).
  await page.getByRole('menuitem', { name: 'COCO (.zip)' }).click();
  await expect(page.getByRole('menu').getByRole('status')).toContainText('cfg-comma_coco.zip');
  await expect(page.getByRole('menu').getByRole('alert')).toHaveCount(0);
});

test('a configuration import goes on when its dialog is closed, and its project appears in the list', async ({ page, world, api, editor, home }) => {
  await api.createProject('cfg-left', 'bndbox');
  const copy = await configurationCopy(page, editor, world.imageFolder, 'cfg-left', 'cfg-behind');

  await home.open();
  await page.getByRole('button', { name: 'Import configuration…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a classifai configuration' });
  await dialog.getByLabel('Configuration file').fill(copy);
  // The start's answer is slow (a busy server): the user closes the dialog before it comes.
  await page.route(/transfer\.importFile/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.getByRole('button', { name: /^(Cancel|Close)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(home.card('cfg-behind')).toBeVisible({ timeout: 20_000 });
});

test('after an import through the dialog, undo does not step back over the imported shapes', async ({ page, api, editor }, testInfo) => {
  await api.createProject('import-undo', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'import-undo', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  const lefts = async () => (await api.boxesOf('import-undo', FIRST_IMAGE.file)).map((box) => Math.round(box.x1));
  expect(await lefts()).toEqual([2]);
  const file = testInfo.outputPath('instances.json');
  fs.writeFileSync(file, JSON.stringify({ ...coco, annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [20, 3, 10, 8] }], categories: [{ id: 1, name: 'car' }] }));
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('Files or a zip').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status', { name: 'Import report' })).toContainText('Imported');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const shapesPanel = page.getByRole('region', { name: 'Shapes' });
  await expect.poll(lefts).toEqual([20]);
  await expect(shapesPanel.getByRole('listitem')).toHaveCount(1);
  // The box drawn before the import is not this image's history any more: undo has nothing to take back.
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await page.waitForTimeout(1500);
  await editor.waitSaved();
  expect(await lefts()).toEqual([20]);
  await expect(shapesPanel.getByRole('listitem')).toHaveCount(1);
});

test('after an import, undo on an image edited before it does nothing, even while that image still shows its old copy', async ({ page, api, editor }, testInfo) => {
  await api.createProject('import-undo-earlier', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'import-undo-earlier', '1 / 8');
  await editor.drawBox({ x: 2, y: 2 }, { x: 12, y: 12 });
  await editor.waitSaved();
  await editor.nextImage();
  const lefts = async () => (await api.boxesOf('import-undo-earlier', FIRST_IMAGE.file)).map((box) => Math.round(box.x1));
  const file = testInfo.outputPath('instances.json');
  fs.writeFileSync(file, JSON.stringify({ ...coco, annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [20, 3, 10, 8] }], categories: [{ id: 1, name: 'car' }] }));
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('Files or a zip').setInputFiles(file);
  await expect(dialog.getByRole('status', { name: 'Import preview' })).toBeVisible();
  // The first image's shapes are read slowly from here on: back on it, its copy from before the
  // import is what the editor shows for a while.
  const first = await api.uuidOf('import-undo-earlier', FIRST_IMAGE.file);
  await page.route(/annotation\.forEditor/, async (route) => {
    if (route.request().url().includes(first)) await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue().catch(() => undefined);
  });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status', { name: 'Import report' })).toContainText('Imported');
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await lefts()).toEqual([20]);

  await page.keyboard.press('a');
  await expect(editor.position()).toHaveText('1 / 8');
  // The editor holds the first image (its old copy): only now does the Undo button speak of it.
  await expect(page.getByTestId('editor-canvas')).toHaveAttribute('data-image-id', first);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await page.keyboard.press('Control+z');
  const shapesPanel = page.getByRole('region', { name: 'Shapes' });
  await expect(shapesPanel.getByRole('listitem')).toHaveCount(1);
  // Then its imported shapes arrive, and stay.
  await page.waitForTimeout(11_000);
  await editor.waitSaved();
  expect(await lefts()).toEqual([20]);
  await expect(page.getByRole('dialog', { name: 'This image was changed meanwhile' })).toHaveCount(0);
});

test("the strip's chips and shape badges follow an import through the dialog at once", async ({ page, api, editor }, testInfo) => {
  await api.createProject('import-strip', 'bndbox');
  await editor.open('bndbox', 'import-strip', '1 / 8');
  const strip = editor.imageStrip();
  await expect(strip.getByRole('tab', { name: /Labeled/ })).toHaveText('Labeled 0');
  const file = testInfo.outputPath('instances.json');
  fs.writeFileSync(file, JSON.stringify(coco));
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('Files or a zip').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('status', { name: 'Import report' })).toContainText('Imported the shapes of 2 images.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(editor.statistics()).toContainText('2 labeled · 6 unlabeled');
  // The strip had kept the counts and badges it read before the import.
  await expect(strip.getByRole('tab')).toHaveText(['All 8', 'Labeled 2', 'To do 6']);
  await expect(strip.getByRole('button', { name: FIRST_IMAGE.file }).locator('.strip-count')).toHaveText('1');
  await expect(strip.getByRole('button', { name: 'dog.png' }).locator('.strip-count')).toHaveText('1');
  await expect(editor.position()).toHaveText('1 / 8');
});

test('files whose format cannot be told ask for it, and chosen, are read as that format', async ({ page, api, editor }, testInfo) => {
  await api.createProject('which-format', 'bndbox');
  await editor.open('bndbox', 'which-format', '1 / 8');
  // YOLO label files without their classes file: nothing in them names the format.
  const labels = testInfo.outputPath('bitmap.txt');
  fs.writeFileSync(labels, '0 0.5 0.5 0.25 0.25\n');
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import annotations' });
  await dialog.getByLabel('Files or a zip').setInputFiles(labels);
  await expect(dialog.getByRole('status')).toHaveText('Choose their format above: it could not be told from the files.');
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await dialog.getByLabel('Format').selectOption('yolo');
  await expect(dialog.getByText('Choose their format above')).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await api.boxes('which-format')).toEqual([]);
});

// labels/a.txt for a.png, labels/a.png.txt for a.png.png: also the name a.png would get beside an
// images/a.png. With b.png added since, the label files are no longer the export's exact set, and
// labels/a.png.txt was read as a.png's own name.
for (const added of [null, 'b.png'] as const) {
  test(`a YOLO export imported into a new project of its folder${added ? ' with an image added since' : ''} puts each box back on its image, a.png beside a.png.png`, async ({ page, api, editor }) => {
    const name = added ? 'yolo-added' : 'yolo-names';
    const size = { width: 200, height: 100 };
    const folder = await api.createPlainProject(name, ['a.png', 'a.png.png'], size);
    await api.saveBoxes(name, 'a.png', size, [{ id: 'a', x1: 10, y1: 10, x2: 50, y2: 40, label: 'car' }]);
    await api.saveBoxes(name, 'a.png.png', size, [{ id: 'b', x1: 100, y1: 20, x2: 180, y2: 90, label: 'car' }]);
    await editor.open('bndbox', name, '1 / 2');
    await editor.exportAs('YOLO (.zip)');
    await expect(page.getByText('Written to')).toContainText(`${name}_yolo.zip`);

    if (added) fs.copyFileSync(path.join(folder, 'a.png'), path.join(folder, added));
    await api.createProject(`${name}-again`, 'bndbox', { folder, labels: ['car'] });
    await editor.open('bndbox', `${name}-again`, added ? '1 / 3' : '1 / 2');
    await page.getByRole('button', { name: 'Import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import annotations' });
    await dialog.getByLabel('Files or a zip').setInputFiles(path.join(folder, `${name}_yolo.zip`));
    await expect(dialog.getByLabel('Format')).toHaveValue('yolo');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('status', { name: 'Import report' })).toContainText('Imported the shapes of 2 images.');
    const corners = async (file: string) => (await api.boxesOf(`${name}-again`, file)).map((box) => [box.x1, box.y1, box.x2, box.y2].map(Math.round));
    expect(await corners('a.png')).toEqual([[10, 10, 50, 40]]);
    expect(await corners('a.png.png')).toEqual([[100, 20, 180, 90]]);
    if (added) expect(await corners(added)).toEqual([]);
  });
}
