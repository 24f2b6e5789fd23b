// The canvas at a small window: a one-row toolbar, the zoom level, the thumbnail before the
// original, and the active label at the cursor. Each test makes its own project.
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import type { EditorPage, RestApi } from './pages';

test.use({ viewport: { width: 1024, height: 700 } });

async function canvasBox(editor: EditorPage) {
  const box = await editor.canvas().boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

/** A bndbox project over the spec's folder with three labels, open in the editor at image 1. */
async function openProject(api: RestApi, editor: EditorPage, name: string) {
  await api.createProject(name, 'bndbox', { labels: ['car', 'person', 'bike'] });
  await editor.open('bndbox', name, '1 / 8');
}

const BACKGROUND = [0x20, 0x22, 0x2a];

/**
 * The colour the image layer shows at a fraction of the fitted image (0..1 on each axis), or
 * null where it shows only the dark frame or nothing.
 */
async function imagePixel(page: Page, image: { width: number; height: number }, fx: number, fy: number) {
  return page.getByTestId('editor-canvas').evaluate(
    (element, { image, fx, fy, background }) => {
      const canvas = element.querySelector('canvas');
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return null;
      const ratio = canvas.width / canvas.clientWidth;
      // The editor fits the image with 24 px of padding.
      const scale = Math.min((canvas.clientWidth - 48) / image.width, (canvas.clientHeight - 48) / image.height);
      const x = (canvas.clientWidth - image.width * scale) / 2 + fx * image.width * scale;
      const y = (canvas.clientHeight - image.height * scale) / 2 + fy * image.height * scale;
      const [r, g, b, a] = context.getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
      if (a !== 255 || [r, g, b].every((value, index) => Math.abs((value ?? 0) - (background[index] ?? 0)) <= 2)) return null;
      return [r ?? 0, g ?? 0, b ?? 0];
    },
    { image, fx, fy, background: BACKGROUND },
  );
}

test('at 1024x700 the toolbar is one row and the canvas keeps most of the height', async ({ page, world, api, editor }) => {
  await openProject(api, editor, 'toolbar');

  const toolbar = await page.getByRole('toolbar', { name: 'Tools' }).boundingBox();
  const button = await page.getByRole('button', { name: /^Box/ }).boundingBox();
  const undo = await page.getByRole('button', { name: 'Undo' }).boundingBox();
  const help = await page.getByRole('button', { name: 'Keyboard shortcuts' }).boundingBox();
  if (!toolbar || !button || !undo || !help) throw new Error('toolbar not shown');
  // One row: every button on the first one, and the bar no taller than a button and its padding.
  expect(help.y).toBeCloseTo(button.y, 0);
  expect(undo.y).toBeCloseTo(button.y, 0);
  expect(toolbar.height).toBeLessThan(button.height + 24);
  expect((await canvasBox(editor)).height).toBeGreaterThan(560);
  await page.screenshot({ path: path.join(world.screenshotDir, 'canvas-1024x700.png') });
});

test('at 1024, 1280 and 1440 px both bars keep one row, every button whole and inside the window, the project name shown', async ({ page, api, editor }) => {
  await openProject(api, editor, 'bars');
  const header = page.getByRole('banner');
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const rows = await Promise.all([header, page.getByRole('toolbar', { name: 'Tools' })].map((bar) =>
      bar.getByRole('button').evaluateAll((buttons) => buttons.filter((b) => b.getClientRects().length > 0).map((b) => {
        const { top, right, height } = b.getBoundingClientRect();
        return { name: b.getAttribute('aria-label') ?? b.textContent ?? '', top, right, height };
      })),
    ));
    for (const buttons of rows) {
      const first = buttons[0];
      if (!first) throw new Error(`no buttons at ${width} px`);
      for (const button of buttons) {
        // Words on one line (a wrapped button is taller) and the row not broken in two.
        expect(button.height, `${button.name} at ${width} px`).toBeLessThan(first.height * 1.5);
        expect(Math.abs(button.top - first.top), `${button.name} at ${width} px`).toBeLessThan(first.height / 2);
        expect(button.right, `${button.name} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    expect((await header.getByRole('heading', { name: 'bars' }).boundingBox())?.width ?? 0).toBeGreaterThan(20);
  }
});

test('shows the zoom level, after 100%, a wheel zoom and fit', async ({ page, api, editor }) => {
  await openProject(api, editor, 'zoom');
  const zoom = page.getByLabel('Zoom level');
  // The first image is 33x17, fitted with 24 px of padding: far above 100%.
  const area = await canvasBox(editor);
  const fitted = `${Math.round(Math.min((area.width - 48) / 33, (area.height - 48) / 17) * 100)}%`;
  await expect(zoom).toHaveText(fitted);

  await page.getByRole('button', { name: 'Actual size' }).click();
  await expect(zoom).toHaveText('100%');

  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(zoom).not.toHaveText('100%');
  expect(Number.parseInt((await zoom.textContent()) ?? '', 10)).toBeGreaterThan(100);

  await page.keyboard.press('f');
  await expect(zoom).toHaveText(fitted);
});

test('the next image shows its thumbnail at full size at once while the original still loads', async ({ page, world, api, editor }) => {
  // Every original is held back until the checks are done; thumbnails pass.
  const held: Route[] = [];
  // An original's URL names no size (a thumbnail's says size=thumb); both carry the file's version.
  const original = (url: URL) => url.pathname.startsWith('/api/image/bndbox/thumbnail/') && !url.searchParams.has('size');
  await page.route(original, (route) => void held.push(route));
  await openProject(api, editor, 'thumbnail');
  await page.keyboard.press('d');
  await expect(page.getByLabel('Position')).toHaveText('2 / 8');
  // The second image is cat.jpg, 641x479: its thumbnail fills the whole image area.
  const cat = { width: 641, height: 479 };
  await expect.poll(() => imagePixel(page, cat, 0.5, 0.5)).not.toBeNull();
  expect(await imagePixel(page, cat, 0.95, 0.95)).not.toBeNull();
  expect(await imagePixel(page, cat, 0.05, 0.95)).not.toBeNull();
  expect(held.length).toBeGreaterThan(0);
  await page.screenshot({ path: path.join(world.screenshotDir, 'canvas-thumbnail-first.png') });

  for (const route of held.splice(0)) await route.continue();
  await page.unroute(original);
  // Back and forth: the decoded neighbours draw at once, never the dark frame.
  await page.keyboard.press('a');
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');
  expect(await imagePixel(page, { width: 33, height: 17 }, 0.5, 0.5)).not.toBeNull();
  await page.keyboard.press('d');
  await expect(page.getByLabel('Position')).toHaveText('2 / 8');
  expect(await imagePixel(page, cat, 0.5, 0.5)).not.toBeNull();
});

test('a jump shows no new picture under the previous image\'s size and shapes', async ({ page, api, editor }) => {
  await api.createProject('jump', 'bndbox', { labels: ['car'] });
  const dog = await api.uuidOf('jump', 'dog.png');
  // dog.png's shapes and size are held back (its prefetch too): they come only after the jump.
  const held: Route[] = [];
  const dogsShapes = (url: URL) => /annotation\.forEditor/.test(url.href) && url.href.includes(dog);
  await page.route(dogsShapes, (route) => void held.push(route));
  await editor.open('bndbox', 'jump', '1 / 8');
  const bitmap = { width: 33, height: 17 };
  await expect.poll(() => imagePixel(page, bitmap, 0.5, 0.5)).not.toBeNull();
  await page.getByRole('button', { name: /dog\.png$/ }).click();
  await expect(page.getByLabel('Position')).toHaveText('4 / 8');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Give the thumbnail time to decode: it must still not be drawn at the 33x17 size.
  await page.getByRole('button', { name: /dog\.png$/ }).locator('img').evaluate((img: HTMLImageElement) => img.decode());
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const orange = (pixel: number[] | null) => Boolean(pixel && (pixel[0] ?? 0) > 150 && (pixel[2] ?? 255) < 100);
  expect(orange(await imagePixel(page, bitmap, 0.5, 0.5))).toBe(false);

  for (const route of held.splice(0)) await route.continue();
  await page.unroute(dogsShapes);
  await expect.poll(async () => orange(await imagePixel(page, { width: 320, height: 240 }, 0.9, 0.9))).toBe(true);
});

test('the active label follows the cursor while a drawing tool is active', async ({ page, world, api, editor }) => {
  await openProject(api, editor, 'cursor');
  const cursorLabel = page.getByTestId('cursor-label');
  const area = await canvasBox(editor);
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await expect(cursorLabel).toBeVisible();
  await expect(cursorLabel).toHaveText('car');
  const at = await cursorLabel.boundingBox();
  await page.mouse.move(area.x + area.width / 2 - 100, area.y + area.height / 2 - 80);
  await expect.poll(async () => (await cursorLabel.boundingBox())?.x).toBeCloseTo((at?.x ?? 0) - 100, 0);

  await page.keyboard.press('2');
  await expect(cursorLabel).toHaveText('person');
  await page.screenshot({ path: path.join(world.screenshotDir, 'canvas-cursor-label.png') });
  await page.keyboard.press('v');
  await expect(cursorLabel).toBeHidden();
  await page.keyboard.press('b');
  await expect(cursorLabel).toBeVisible();
  await page.mouse.move(area.x - 40, area.y + 40);
  await expect(cursorLabel).toBeHidden();
});

test('with no label the cursor says so', async ({ page, api, editor }) => {
  await api.createProject('unlabelled', 'seg');
  await editor.open('seg', 'unlabelled', '1 / 8');
  const area = await canvasBox(editor);
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await expect(page.getByTestId('cursor-label')).toHaveText('no label');
});
