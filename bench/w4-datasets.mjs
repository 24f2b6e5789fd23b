// W4 dataset exports at scale: a 100,000-image project with 10 boxes an image (1,000,000
// boxes) exported as COCO, VOC, YOLO and labelme, each from the PUT until exportstatus says 2,
// on a server of its own started fresh for each format, so its peak RSS (VmHWM) is that
// export's. Target: under 60 s and 300 MB each. Baseline: a plain script (lib/dataset-baseline.mjs)
// reading the same rows from the same SQLite file into the same format with archiver.
//
// The project is created by the server from W6's folder of tiny images; its boxes are one REST
// update (so they are stored exactly as the core stores them) copied to every image in SQLite
// while the server is stopped: drawing a million boxes through REST would take the run's time.
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { call, createProject, loadProject } from './lib/api.mjs';
import { removeExportOutputs } from './lib/images.mjs';
import { row } from './lib/report.mjs';
import { ROOT, startServer } from './lib/server.mjs';
import { serverExport } from './w4-export.mjs';

const FORMATS = ['coco', 'voc', 'yolo', 'labelme'];
const BOXES_PER_IMAGE = 10;
const TARGET_MS = 60_000;
const TARGET_MB = 300;

// 10 boxes on a 200x200 canvas placement: pixel coordinates with decimals, all inside the image.
const body = (uuid) => ({
  uuid,
  bnd_box: Array.from({ length: BOXES_PER_IMAGE }, (_, k) => ({
    x1: 5 + 10 * k,
    y1: 5 + 8 * k,
    x2: 60 + 12 * k,
    y2: 90 + 10 * k,
    lineWidth: 2,
    color: 'rgba(0,255,0,1.0)',
    distancetoImg: { x: 0, y: 0 },
    label: `class${k % 5}`,
    id: String(k + 1),
  })),
  img_x: 0,
  img_y: 0,
  img_w: 200,
  img_h: 200,
});

/** The project created and every image given the boxes one REST update stored; the data folder kept. */
async function seed(ctx, name, folder) {
  const server = await startServer({ label: 'w4-datasets', keepData: true });
  try {
    const created = await createProject(server, name, folder);
    const [first] = await loadProject(server, name);
    const reply = await call(`${server.url}/bndbox/projects/${name}/uuid/${first}/update`, 'PUT', body(first));
    if (reply.message !== 1) throw new Error(`update: ${JSON.stringify(reply)}`);
    return { dataDir: server.dataDir, createdMs: created.ms };
  } finally {
    await server.stop();
  }
}

function copyBoxes(dbFile, name) {
  const db = new Database(dbFile);
  try {
    const project = db.prepare('SELECT id FROM projects WHERE name = ?').get(name);
    const source = db.prepare('SELECT uuid, shapes, img_x, img_y, img_w, img_h, edited_at FROM images WHERE project_id = ? AND shape_count > 0').get(project.id);
    const changed = db
      .prepare('UPDATE images SET shapes = @shapes, shape_count = @count, img_x = @img_x, img_y = @img_y, img_w = @img_w, img_h = @img_h, edited_at = @edited_at WHERE project_id = @project')
      .run({ ...source, count: BOXES_PER_IMAGE, project: project.id }).changes;
    return changed * BOXES_PER_IMAGE;
  } finally {
    db.close();
  }
}

async function baseline(dbFile, name, format, target) {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bench/lib/dataset-baseline.mjs'), dbFile, name, format, target], { maxBuffer: 1 << 20 });
  fs.rmSync(target, { force: true });
  return JSON.parse(stdout);
}

export async function w4Datasets(ctx) {
  const name = 'tiny';
  const { dir: folder, count } = ctx.folders.tiny;
  removeExportOutputs(folder);
  const { dataDir, createdMs } = await seed(ctx, name, folder);
  ctx.cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const dbFile = path.join(dataDir, 'labelport.db');
  const boxes = copyBoxes(dbFile, name);
  const full = count >= 100_000;
  const rows = [];
  const raw = { images: count, boxes, createdMs };
  for (const format of FORMATS) {
    const server = await startServer({ label: `w4-${format}`, dataDir, keepData: true });
    let served;
    let memory;
    try {
      served = await serverExport(server, name, format);
      memory = server.memory();
    } finally {
      await server.stop();
    }
    removeExportOutputs(folder);
    const script = await baseline(dbFile, name, format, path.join(ctx.tmp, `w4-${format}.zip`));
    raw[format] = { served, memory, script };
    const verdict = (value, limit) => (full ? value < limit : null);
    const size = `zip ${(served.bytes / 1e6).toFixed(0)} MB vs script ${(script.bytes / 1e6).toFixed(0)} MB`;
    rows.push(
      row(`export ${format}, ${count.toLocaleString('en')} images / ${boxes.toLocaleString('en')} boxes`, {
        figure: served.ms,
        baseline: script.ms,
        unit: 'ms',
        baselineLabel: 'plain script',
        target: full ? '< 60 s' : '< 60 s at 100k (full run only)',
        pass: verdict(served.ms, TARGET_MS),
        note: size,
      }),
      row(`export ${format} peak RSS`, {
        figure: memory.peakMb,
        baseline: script.peakMb,
        unit: 'MB',
        baselineLabel: 'plain script',
        target: full ? '< 300 MB' : '< 300 MB at 100k (full run only)',
        pass: verdict(memory.peakMb, TARGET_MB),
        note: 'server: VmHWM of a server started for this export alone; script: its maxRSS',
      }),
    );
  }
  return { title: `W4 dataset exports at scale (${count.toLocaleString('en')} tiny images, ${BOXES_PER_IMAGE} boxes each, a fresh server per format)`, rows, raw };
}
