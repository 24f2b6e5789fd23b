// W8 editor II in Chromium (1400x900).
// Huge images (a 20,000 x 20,000 JPEG, a 100-megapixel PNG): from the navigation to the
// workspace to the first frame with a picture of the image (data-shown-image-id), to its
// preview, and to a view as sharp as the screen (data-tiles-sharp), on the first open ever
// (the server cuts the pyramid then) and on a later one; then the pan frame time at 100%
// (Space+drag, requestAnimationFrame intervals) while tiles come into view.
// Smart polygon: on a 1080p photo, drag a box around the object (ten boxes of different
// looseness) and time from the pointer release to the frame the outline is shown in (the
// canvas's data-tool-state turning `smart.proposing`); then one + click each, timed the same
// way. Target: p95 under 500 ms, with no server and no model.
import fs from 'node:fs';
import { createProject } from './lib/api.mjs';
import { hugeFolder, objectPhotoFolder } from './lib/images.mjs';
import { row } from './lib/report.mjs';
import { median, p95 } from './lib/stats.mjs';
import { startServer } from './lib/server.mjs';
import { framesDuring } from './w5-labelport.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const VIEWPORT = { width: 1400, height: 900 };
const PHOTO = { width: 1920, height: 1080 };
const OUTLINES = 10;

// In the page: when the pointer was let go or clicked, and when the outline was shown.
function installProbe() {
  window.__releasedAt = 0;
  window.__shownAt = 0;
  window.addEventListener('pointerup', () => (window.__releasedAt = performance.now()), true);
  new MutationObserver(() => {
    const state = document.querySelector('[data-tool-state]')?.getAttribute('data-tool-state');
    if (state === 'smart.proposing' && window.__shownAt < window.__releasedAt) requestAnimationFrame(() => (window.__shownAt = performance.now()));
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-tool-state'] });
}

async function smartPolygonTimes(page, object) {
  const canvas = await page.getByTestId('editor-canvas').boundingBox();
  const scale = Math.min((canvas.width - 48) / PHOTO.width, (canvas.height - 48) / PHOTO.height);
  const screen = (p) => ({ x: canvas.x + (canvas.width - PHOTO.width * scale) / 2 + p.x * scale, y: canvas.y + (canvas.height - PHOTO.height * scale) / 2 + p.y * scale });
  const waitShown = async () => {
    await page.waitForFunction(() => window.__shownAt > window.__releasedAt, undefined, { timeout: 30_000, polling: 'raf' });
    return page.evaluate(() => window.__shownAt - window.__releasedAt);
  };
  const boxes = [];
  const clicks = [];
  for (let i = 0; i < OUTLINES; i++) {
    const margin = 20 + i * 12;
    const from = screen({ x: object.x - margin, y: object.y - margin * 0.8 });
    const to = screen({ x: object.x + object.w + margin, y: object.y + object.h + margin * 0.6 });
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    boxes.push(await waitShown());
    const inside = screen({ x: object.x + object.w / 2, y: object.y + object.h / 2 });
    await page.mouse.click(inside.x, inside.y);
    clicks.push(await waitShown());
    await page.keyboard.press('Escape');
  }
  return { boxes, clicks };
}

/** ms from navigation start to each milestone of opening a huge image. */
/** tiled: wait for the view as sharp as the screen too (a huge image's tiles). */
async function openHuge(browser, url, { tiled = true } = {}) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  await page.goto(url);
  const canvas = page.getByTestId('editor-canvas');
  const at = async (attribute, value) => {
    await page.waitForFunction(([name, wanted]) => {
      const element = document.querySelector('[data-testid="editor-canvas"]');
      const found = element?.getAttribute(name);
      if (found && (wanted === null || found === wanted) && !window[`__${name}`]) window[`__${name}`] = performance.now();
      return Boolean(window[`__${name}`]);
    }, [attribute, value], { timeout: 120_000, polling: 'raf' });
    return page.evaluate((name) => window[`__${name}`], attribute);
  };
  const shown = await at('data-shown-image-id', null);
  const preview = await at('data-drawn-image-id', null);
  const sharp = tiled ? await at('data-tiles-sharp', 'true') : preview;
  return { page, canvas, shown, preview, sharp };
}

async function panFrames(page) {
  const area = await page.getByTestId('editor-canvas').boundingBox();
  return framesDuring(page, async () => {
    await page.keyboard.down(' ');
    await page.mouse.move(area.x + area.width - 100, area.y + area.height - 100);
    await page.mouse.down();
    // 600 px left and up over 150 moves: about two tiles' worth of new ground at 100%.
    for (let step = 1; step <= 150; step++) await page.mouse.move(area.x + area.width - 100 - step * 4, area.y + area.height - 100 - step * 2);
    await page.mouse.up();
    await page.keyboard.up(' ');
  });
}

async function hugeRows(browser, server, kind, raw, photoFirstView) {
  const folder = await hugeFolder(kind);
  const name = `w8-huge-${kind}`;
  await createProject(server, name, folder.dir);
  const url = `${server.url}/projects/bndbox/${name}`;
  const label = kind === 'jpeg' ? '20000x20000 JPEG' : '10000x10000 PNG';
  const first = await openHuge(browser, url);
  await first.page.close();
  const later = await openHuge(browser, url);
  await later.page.keyboard.press('0');
  await later.page.waitForFunction(() => document.querySelector('[data-testid="editor-canvas"]')?.getAttribute('data-tiles-sharp') === 'true', undefined, { timeout: 60_000 });
  const frames = await panFrames(later.page);
  await later.page.close();
  raw[kind] = { first, later, frames };
  delete raw[kind].first.page;
  delete raw[kind].first.canvas;
  delete raw[kind].later.page;
  delete raw[kind].later.canvas;
  return [
    row(`${label} first open: first view`, { figure: first.shown, baseline: photoFirstView, baselineLabel: '1080p photo, same open', unit: 'ms', target: '<= 1000 ms', pass: first.shown <= 1000, note: `preview at ${first.preview.toFixed(0)} ms, sharp (pyramid cut) at ${first.sharp.toFixed(0)} ms` }),
    row(`${label} later open: first view`, { figure: later.shown, baseline: photoFirstView, baselineLabel: '1080p photo, same open', unit: 'ms', target: '<= 1000 ms', pass: later.shown <= 1000, note: `sharp at ${later.sharp.toFixed(0)} ms` }),
    row(`${label} pan at 100%: frame p95`, { figure: p95(frames), unit: 'ms', target: '<= 17 ms (60 fps)', pass: p95(frames) <= 17.2, note: `${(1000 / (frames.reduce((a, b) => a + b, 0) / frames.length)).toFixed(0)} fps over ${frames.length} frames` }),
  ];
}

export async function w8() {
  if (!fs.existsSync(CHROMIUM_PATH)) return { title: 'W8 editor II', skipped: `${CHROMIUM_PATH} is missing: W8 skipped (install Chromium to run it)` };
  const { chromium } = await import('playwright-core');
  const folder = await objectPhotoFolder();
  const server = await startServer({ label: 'w8' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  const raw = {};
  try {
    await createProject(server, 'w8-smart', folder.dir);
    // The same open for a 1080p photo: what any image's first view costs (page, data, thumbnail).
    const photo = await openHuge(browser, `${server.url}/projects/bndbox/w8-smart`, { tiled: false });
    await photo.page.close();
    photo.page = undefined;
    photo.canvas = undefined;
    raw.photo = photo;
    for (const kind of ['jpeg', 'png']) rows.push(...(await hugeRows(browser, server, kind, raw, photo.shown)));
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(`${server.url}/projects/bndbox/w8-smart`);
    await page.locator('[data-drawn-image-id]').waitFor({ timeout: 30_000 });
    await page.evaluate(installProbe);
    await page.keyboard.press('m');
    const { boxes, clicks } = await smartPolygonTimes(page, folder.object);
    raw.smart = { boxes, clicks };
    rows.push(
      row('smart polygon 1080p: box to outline p95', { figure: p95(boxes), unit: 'ms', target: '<= 500 ms', pass: p95(boxes) <= 500 }),
      row('smart polygon 1080p: box to outline p50', { figure: median(boxes), unit: 'ms' }),
      row('smart polygon 1080p: + click to outline p95', { figure: p95(clicks), unit: 'ms', target: '<= 500 ms', pass: p95(clicks) <= 500 }),
    );
    await page.close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return { title: 'W8 editor II (Chromium 1400x900): huge images from tiles, smart polygon', rows, raw };
}
