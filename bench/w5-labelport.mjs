// W5, Labelport's own editor: N boxes saved on one 1920x1080 image through REST, the
// workspace opened in headless Chromium, then a box dragged and the stage panned
// (Space+drag) by real mouse input while the page records requestAnimationFrame intervals.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { call, createProject } from './lib/api.mjs';
import { startServer } from './lib/server.mjs';

const VIEWPORT = { width: 1280, height: 800 };
const IMAGE = { width: 1920, height: 1080 };

function boxes(count) {
  let seed = 11;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  return Array.from({ length: count }, (_, index) => {
    const x1 = next() * (IMAGE.width - 130);
    const y1 = next() * (IMAGE.height - 130);
    return { x1, y1, x2: x1 + 20 + next() * 100, y2: y1 + 20 + next() * 100, lineWidth: 2, color: null, label: index % 2 ? 'car' : 'person', id: `b${index}` };
  });
}

/** rAF intervals recorded in the page while `act` drives the mouse from here. */
export async function framesDuring(page, act) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__stop = false;
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await act();
  return page.evaluate(() => {
    window.__stop = true;
    return window.__frames.slice(1);
  });
}

export async function measureLabelportEditor(ctx, chromium, executablePath, args, counts) {
  const folder = fs.mkdtempSync(path.join(ctx.tmp, 'w5-'));
  await sharp({ create: { ...IMAGE, channels: 3, background: '#667' } }).jpeg().toFile(path.join(folder, 'street.jpg'));
  const server = await startServer({ label: 'w5' });
  const browser = await chromium.launch({ executablePath, args });
  const results = [];
  try {
    for (const count of counts) {
      const name = `w5-${count}`;
      await createProject(server, name, folder);
      await call(`${server.url}/bndbox/projects/${name}`);
      const status = await call(`${server.url}/bndbox/projects/${name}/loadingstatus`);
      const uuid = status.uuid_list[0];
      const shapes = boxes(count);
      await call(`${server.url}/bndbox/projects/${name}/uuid/${uuid}/update`, 'PUT', { uuid, bnd_box: shapes, img_x: 0, img_y: 0, img_w: IMAGE.width, img_h: IMAGE.height });
      await call(`${server.url}/bndbox/projects/${name}`, 'PUT', { status: 'closed' });

      const page = await browser.newPage({ viewport: VIEWPORT });
      await page.goto(`${server.url}/projects/bndbox/${name}`);
      await page.getByTestId('editor-canvas').waitFor();
      await page.waitForTimeout(500);
      const area = await page.getByTestId('editor-canvas').boundingBox();
      const scale = Math.min((area.width - 48) / IMAGE.width, (area.height - 48) / IMAGE.height);
      const toScreen = (x, y) => ({ x: area.x + (area.width - IMAGE.width * scale) / 2 + x * scale, y: area.y + (area.height - IMAGE.height * scale) / 2 + y * scale });
      const target = shapes[shapes.length - 1]; // drawn on top: the one a click selects
      const start = toScreen((target.x1 + target.x2) / 2, (target.y1 + target.y2) / 2);
      await page.keyboard.press('v');
      const steps = ctx.quick ? 60 : 150;
      const drag = await framesDuring(page, async () => {
        await page.mouse.move(start.x, start.y);
        await page.mouse.down();
        for (let step = 1; step <= steps; step += 1) await page.mouse.move(start.x + step, start.y + step / 2);
        await page.mouse.up();
      });
      const pan = await framesDuring(page, async () => {
        await page.keyboard.down(' ');
        await page.mouse.move(area.x + 100, area.y + 100);
        await page.mouse.down();
        for (let step = 1; step <= steps; step += 1) await page.mouse.move(area.x + 100 + step * 2, area.y + 100 + step);
        await page.mouse.up();
        await page.keyboard.up(' ');
      });
      results.push({ count, drag, pan });
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
