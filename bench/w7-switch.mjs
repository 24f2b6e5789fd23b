// W7 image switch in the editor: headless Chromium at 1400x900 presses the next-image key (`d`)
// over 1920x1080 photos (30 switches) and 4000x3000 photos (10), each image carrying 20 boxes
// saved over REST first. A switch lasts from the keydown to the animation frame in which the new
// image's original and its shapes are drawn (the canvas's data-drawn-image-id, set in the frame
// after react-konva's draw). Two paces: back to back (the next key as soon as the image is
// drawn) and labelling pace (500 ms on each image, so the neighbours are prefetched).
// Baseline in the same run: a bare page that, on the same key, fetches the same file from a
// static node:http server, decodes it and draws it with 20 boxes on a Konva stage.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { call, createProject } from './lib/api.mjs';
import { sizedPhotoFolder } from './lib/images.mjs';
import { row } from './lib/report.mjs';
import { median, p95 } from './lib/stats.mjs';
import { ROOT, startServer } from './lib/server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const VIEWPORT = { width: 1400, height: 900 };
const SETS = [
  { width: 1920, height: 1080, switches: 30 },
  { width: 4000, height: 3000, switches: 10 },
];
const PACE_MS = 500;
const SWITCH_TIMEOUT_MS = 15_000;

function boxes(width, height, seed) {
  let s = seed;
  const next = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  return Array.from({ length: 20 }, (_, index) => {
    const x1 = next() * (width * 0.9);
    const y1 = next() * (height * 0.9);
    return { x1, y1, x2: x1 + width * 0.02 + next() * width * 0.08, y2: y1 + height * 0.02 + next() * height * 0.08, lineWidth: 2, color: null, label: index % 2 ? 'car' : 'person', id: `b${index}` };
  });
}

// In the page: the time of each `d` keydown and of each new drawn image, paired by the bench.
function installProbe() {
  window.__pressAt = 0;
  window.__drawn = { id: null, at: 0 };
  window.addEventListener('keydown', (event) => {
    if (event.key === 'd') window.__pressAt = performance.now();
  }, true);
  new MutationObserver(() => {
    const id = document.querySelector('[data-drawn-image-id]')?.getAttribute('data-drawn-image-id') ?? null;
    if (id && id !== window.__drawn.id) window.__drawn = { id, at: performance.now() };
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-drawn-image-id'] });
}

/** Presses `d` `switches` times; returns each switch's ms (keydown to drawn frame). */
async function switchTimes(page, switches, paceMs) {
  const times = [];
  for (let i = 0; i < switches; i++) {
    const before = await page.evaluate(() => window.__drawn.id);
    await page.keyboard.press('d');
    await page.waitForFunction((id) => window.__drawn.id !== id, before, { timeout: SWITCH_TIMEOUT_MS, polling: 'raf' });
    times.push(await page.evaluate(() => window.__drawn.at - window.__pressAt));
    if (paceMs) await page.waitForTimeout(paceMs);
  }
  return times;
}

// The baseline page: one Konva stage, the image and 20 boxes, redrawn for file i on the i-th key.
function bareScene({ files, boxesOf, viewport }) {
  const stage = new window.Konva.Stage({ container: 'stage', width: viewport.width, height: viewport.height });
  const layer = new window.Konva.Layer({ listening: false });
  stage.add(layer);
  const picture = new window.Konva.Image({ x: 0, y: 0 });
  layer.add(picture);
  const rects = Array.from({ length: 20 }, () => new window.Konva.Rect({ stroke: '#2f9e44', fill: 'rgba(47,158,68,0.15)', strokeWidth: 2, strokeScaleEnabled: false }));
  for (const rect of rects) layer.add(rect);
  let index = 0;
  const show = async (at) => {
    const element = new Image();
    element.src = files[at];
    await element.decode();
    const scale = Math.min(viewport.width / element.naturalWidth, viewport.height / element.naturalHeight);
    stage.scale({ x: scale, y: scale });
    picture.image(element);
    picture.size({ width: element.naturalWidth, height: element.naturalHeight });
    boxesOf[at].forEach((b, k) => rects[k].setAttrs({ x: b.x1, y: b.y1, width: b.x2 - b.x1, height: b.y2 - b.y1 }));
    layer.batchDraw();
    // Counted like the editor: in the frame after the one Konva draws in.
    requestAnimationFrame(() => {
      window.__drawn = { id: String(at), at: performance.now() };
    });
  };
  window.addEventListener('keydown', (event) => {
    if (event.key === 'd' && index + 1 < files.length) void show(++index);
  });
  return show(0);
}

function startStatic(files) {
  const konva = fs.readFileSync(path.join(ROOT, 'node_modules', 'konva', 'konva.min.js'));
  const server = http.createServer((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body style="margin:0"><div id="stage"></div></body></html>');
    if (req.url === '/konva.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(konva);
    const file = files[Number(/^\/img\/(\d+)$/.exec(req.url ?? '')?.[1] ?? NaN)];
    if (!file) return res.writeHead(404).end();
    fs.readFile(file, (error, bytes) => (error ? res.writeHead(500).end() : res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((done) => server.close(done)) })));
}

async function measureBare(browser, files, boxesOf, switches, paceMs) {
  const bare = await startStatic(files);
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    await page.goto(bare.url);
    await page.addScriptTag({ url: '/konva.js' });
    await page.evaluate(installProbe);
    await page.evaluate(bareScene, { files: files.map((_, i) => `/img/${i}`), boxesOf, viewport: VIEWPORT });
    await page.waitForFunction(() => window.__drawn.id === '0');
    return await switchTimes(page, switches, paceMs);
  } finally {
    await page.close();
    await bare.stop();
  }
}

async function measureLabelport(browser, server, name, switches, paceMs) {
  // A fresh page each time: nothing decoded or cached from the other pace's run.
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/projects/bndbox/${encodeURIComponent(name)}`);
    await page.evaluate(installProbe);
    await page.locator('[data-drawn-image-id]').waitFor({ timeout: 30_000 });
    await page.evaluate(() => {
      window.__drawn.id = document.querySelector('[data-drawn-image-id]').getAttribute('data-drawn-image-id');
    });
    // The first image gets its labelling pause too, so its neighbour is prefetched.
    if (paceMs) await page.waitForTimeout(paceMs);
    return await switchTimes(page, switches, paceMs);
  } finally {
    await context.close();
  }
}

export async function w7() {
  if (!fs.existsSync(CHROMIUM_PATH)) return { title: 'W7 image switch', skipped: `${CHROMIUM_PATH} is missing: W7 skipped (install Chromium to run it)` };
  const { chromium } = await import('playwright-core');
  const server = await startServer({ label: 'w7' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  const raw = {};
  try {
    for (const set of SETS) {
      const folder = await sizedPhotoFolder(set.width, set.height, set.switches + 1);
      const files = fs.readdirSync(folder.dir).filter((file) => file.endsWith('.jpg')).sort().map((file) => path.join(folder.dir, file));
      const boxesOf = files.map((_, index) => boxes(set.width, set.height, index + 3));
      const name = `w7-${set.width}`;
      await createProject(server, name, folder.dir);
      await call(`${server.url}/bndbox/projects/${name}`);
      const uuids = (await call(`${server.url}/bndbox/projects/${name}/loadingstatus`)).uuid_list;
      // uuid_list is in path order, as the strip is (frame-000 ... frame-0NN).
      for (const [index, uuid] of uuids.entries()) {
        await call(`${server.url}/bndbox/projects/${name}/uuid/${uuid}/update`, 'PUT', { uuid, bnd_box: boxesOf[index], img_x: 0, img_y: 0, img_w: set.width, img_h: set.height });
      }
      for (const [pace, paceMs] of [['back to back', 0], ['labelling pace', PACE_MS]]) {
        const bare = await measureBare(browser, files, boxesOf, set.switches, paceMs);
        const ours = await measureLabelport(browser, server, name, set.switches, paceMs);
        raw[`${set.width}-${paceMs}`] = { ours, bare };
        const label = `${set.width}x${set.height} ${pace} (${set.switches}) p95`;
        const absolute = paceMs ? ', <= 17 ms' : '';
        rows.push(
          row(`switch ${label}`, {
            figure: p95(ours),
            baseline: p95(bare),
            unit: 'ms',
            baselineLabel: 'bare fetch + Konva',
            target: `<= 1.20x${absolute}`,
            pass: p95(ours) <= 1.2 * p95(bare) && (!paceMs || p95(ours) <= 17),
          }),
          row(`switch ${set.width}x${set.height} ${pace} p50`, { figure: median(ours), baseline: median(bare), unit: 'ms' }),
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return { title: 'W7 image switch in the editor (Chromium 1400x900, 20 boxes an image): keydown to the frame that shows it', rows, raw };
}
