// W1 project creation: PUT /v2/projects until the creation status is 3, against a plain script
// doing the same walk + identify + one-transaction insert with sharp, and a header-only floor.
import path from 'node:path';
import sharp from 'sharp';
import { createProject } from './lib/api.mjs';
import { openBaselineDb, scanIntoDb } from './lib/baseline-db.mjs';
import { listFiles, warm } from './lib/images.mjs';
import { identifyFile } from './lib/probe.mjs';
import { row } from './lib/report.mjs';
import { timeMs } from './lib/stats.mjs';

const sharpIdentify = async (file) => {
  const meta = await sharp(file).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, depth: meta.channels };
};

/** The plain-script baseline: walk, stat, identify, one transaction. Returns ms and rows. */
export async function baselineScan(ctx, name, identifyOne, label) {
  const folder = ctx.folders[name].dir;
  const db = openBaselineDb(path.join(ctx.tmp, `w1-${name}-${label}.db`));
  try {
    const { ms, value } = await timeMs(async () => scanIntoDb(db, `${name}-${label}`, folder, await listFiles(folder), identifyOne));
    return { ms, rows: value };
  } finally {
    db.close();
  }
}

export async function w1(ctx) {
  const rows = [];
  const raw = {};
  for (const name of ['small', 'photo']) {
    const folder = ctx.folders[name].dir;
    await warm(folder);
    const withSharp = await baselineScan(ctx, name, sharpIdentify, 'sharp');
    const headerOnly = await baselineScan(ctx, name, identifyFile, 'header');
    const server = await ctx.server();
    const created = await createProject(server, name, folder);
    ctx.projects.add(name);
    raw[name] = { server: created, sharp: withSharp, header: headerOnly, images: ctx.folders[name].count };
    const count = `${ctx.folders[name].count.toLocaleString('en')} images`;
    rows.push(
      row(`create ${name} (${count})`, {
        figure: created.ms,
        baseline: withSharp.ms,
        unit: 'ms',
        baselineLabel: 'walk+sharp+SQLite',
        target: '<= 1.3x',
        pass: created.ms <= 1.3 * withSharp.ms,
        note: withSharp.rows !== ctx.folders[name].count ? `baseline found ${withSharp.rows} images` : '',
      }),
      row(`create ${name} vs header floor`, {
        figure: created.ms,
        baseline: headerOnly.ms,
        unit: 'ms',
        baselineLabel: 'walk+64 KiB header+SQLite',
        target: '<= 3x (stretch)',
        pass: created.ms <= 3 * headerOnly.ms,
      }),
    );
  }
  return { title: 'W1 project creation (PUT /v2/projects until file_system_status 3, polled every 50 ms)', rows, raw };
}
