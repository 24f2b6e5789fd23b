// W5 editor frame time. Baseline: a bare Konva
// stage (no React) with N stroked boxes in headless Chromium, dragging one box and then panning
// the stage, one change a frame. Frame time = requestAnimationFrame interval; redraw time = the
// synchronous draw. Two ways to draw: `naive` redraws every box each frame; `layered` keeps the
// still boxes in a layer cached as one bitmap and the dragged box on a layer of its own, which
// shows what the editor can reach with the same library.
import fs from 'node:fs';
import path from 'node:path';
import { row } from './lib/report.mjs';
import { ROOT } from './lib/server.mjs';
import { p95 } from './lib/stats.mjs';
import { measureLabelportEditor } from './w5-labelport.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

function scene({ boxes, ms, layered }) {
  const stage = new window.Konva.Stage({ container: 'stage', width: 1280, height: 800 });
  const layer = new window.Konva.Layer();
  const dragLayer = layered ? new window.Konva.Layer() : layer;
  stage.add(layer);
  if (layered) stage.add(dragLayer);
  layer.add(new window.Konva.Rect({ x: 0, y: 0, width: 1920, height: 1080, fill: '#556' }));
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const shapes = [];
  for (let i = 0; i < boxes; i++) {
    const rect = new window.Konva.Rect({ x: next() * 1800, y: next() * 1000, width: 20 + next() * 100, height: 20 + next() * 100, stroke: 'rgba(0,255,0,1.0)', strokeWidth: 2, draggable: true });
    shapes.push(rect);
    (i === 0 ? dragLayer : layer).add(rect);
  }
  if (layered) layer.cache();
  stage.draw();
  return new Promise((resolve) => {
    const frames = [];
    const redraws = [];
    const start = performance.now();
    let last = start;
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      const t0 = performance.now();
      // First half a drag of one box, second half a pan of the whole stage.
      if (now - start < ms / 2) {
        shapes[0].x(shapes[0].x() + 1);
        dragLayer.draw();
      } else {
        stage.x(stage.x() - 1);
        stage.draw();
      }
      redraws.push(performance.now() - t0);
      if (now - start < ms) requestAnimationFrame(tick);
      else resolve({ frames: frames.slice(1), redraws });
    };
    requestAnimationFrame(tick);
  });
}

export async function w5(ctx) {
  if (!fs.existsSync(CHROMIUM_PATH)) return { title: 'W5 editor', skipped: `${CHROMIUM_PATH} is missing: W5 skipped (install Chromium to run it)` };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  const raw = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent('<html><body style="margin:0"><div id="stage"></div></body></html>');
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'konva', 'konva.min.js') });
    for (const layered of [false, true]) {
      for (const boxes of [500, 1000, 2000]) {
        await page.evaluate(() => document.getElementById('stage').replaceChildren());
        const { frames, redraws } = await page.evaluate(scene, { boxes, ms: ctx.quick ? 2000 : 4000, layered });
        const way = layered ? 'layered' : 'naive';
        const frameP95 = p95(frames);
        const fps = 1000 / (frames.reduce((a, b) => a + b, 0) / frames.length);
        raw[`${way}-${boxes}`] = { frameP95, redrawP95: p95(redraws), fps, frames: frames.length };
        rows.push(
          row(`bare Konva ${way} ${boxes} boxes frame p95`, {
            figure: frameP95,
            unit: 'ms',
            target: boxes === 500 ? '<= 16.7 ms' : boxes === 2000 ? '<= 33.3 ms (30 fps)' : '',
            note: `redraw p95 ${p95(redraws).toFixed(2)} ms, ${fps.toFixed(0)} fps`,
          }),
        );
      }
    }
  } finally {
    await browser.close();
  }
  // Labelport's editor, driven by real mouse input, next to the bare stage above.
  for (const { count, drag, pan } of await measureLabelportEditor(ctx, chromium, CHROMIUM_PATH, CHROMIUM_ARGS, [500, 1000, 2000])) {
    const baseline = raw[`naive-${count}`]?.frameP95;
    for (const [what, frames] of [['drag a box', drag], ['pan', pan]]) {
      const frameP95 = p95(frames);
      const fps = 1000 / (frames.reduce((a, b) => a + b, 0) / Math.max(1, frames.length));
      raw[`labelport-${what}-${count}`] = { frameP95, fps, frames: frames.length };
      const target = count === 500 ? 16.7 : count === 2000 ? 1000 / 30 : null;
      rows.push(
        row(`Labelport ${count} boxes, ${what}: frame p95`, {
          figure: frameP95,
          baseline,
          baselineLabel: 'bare Konva naive',
          unit: 'ms',
          target: target ? `<= ${target.toFixed(1)} ms` : '',
          // rAF intervals jitter around the 16.67 ms vsync period: half a millisecond over it is
          // still every frame on time.
          pass: target ? frameP95 <= target + 0.5 : null,
          note: `${fps.toFixed(0)} fps over ${frames.length} frames`,
        }),
      );
    }
  }
  return { title: 'W5 editor frame time in headless Chromium (Labelport workspace vs a bare Konva stage)', rows, raw };
}
