// W3 update: PUT .../uuid/<uuid>/update with 20 boxes at 1 and 10 connections, against
// better-sqlite3 alone running the same UPDATE of the JSON column (WAL, synchronous FULL).
import path from 'node:path';
import { coldThumbnails, loadProject, thumbnailStatus, waitForThumbnails } from './lib/api.mjs';
import { openBaselineDb } from './lib/baseline-db.mjs';
import { runLoad, startLoad } from './lib/load.mjs';
import { row } from './lib/report.mjs';
import { summarize } from './lib/stats.mjs';
import { errorsNote } from './floor.mjs';

const UPDATED_IMAGES = 100;
// SQLite commits nothing (and skips the fsync) when an UPDATE leaves the row as it was, so
// every request moves the boxes: consecutive saves of one image always differ, as in real use.
const VARIANTS = 7;

export function boxes(shift = 0) {
  return Array.from({ length: 20 }, (_, k) => ({
    x1: 10 + k + shift,
    y1: 20 + k,
    x2: 110 + k + shift,
    y2: 220 + k,
    lineWidth: 2,
    color: 'rgba(0,255,0,1.0)',
    distancetoImg: { x: 5, y: 7 },
    label: 'car',
    id: String(k + 1),
  }));
}

export const updateBody = (uuid, shift) => ({ uuid, bnd_box: boxes(shift), img_x: 0, img_y: 0, img_w: 1920, img_h: 1080 });

/** The update sequence both sides run: every image once, then every image again moved by 1 px, ... */
function updateBodies(uuids) {
  const sample = uuids.slice(0, UPDATED_IMAGES);
  return Array.from({ length: VARIANTS }, (_, shift) => sample.map((uuid) => updateBody(uuid, shift))).flat();
}

export function updateRequests(name, uuids) {
  return updateBodies(uuids).map((body) => ({ method: 'PUT', path: `/bndbox/projects/${name}/uuid/${body.uuid}/update`, body }));
}

/** One autocommit UPDATE per call, as one answered request must be durable on its own. */
function rawUpdates(ctx, uuids, count) {
  const db = openBaselineDb(path.join(ctx.tmp, 'w3-update.db'));
  try {
    const insert = db.prepare("INSERT OR IGNORE INTO images (project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms) VALUES ('p', ?, ?, 'jpeg', 1920, 1080, 3, 300000, 0)");
    db.transaction(() => uuids.forEach((uuid, index) => insert.run(uuid, `photo-${index}.jpg`)))();
    const update = db.prepare("UPDATE images SET shapes = ?, shape_count = ?, img_x = ?, img_y = ?, img_w = ?, img_h = ? WHERE project_id = 'p' AND uuid = ?");
    const bodies = updateBodies(uuids);
    const latencies = [];
    const started = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const body = bodies[i % bodies.length];
      const t0 = process.hrtime.bigint();
      update.run(JSON.stringify(body.bnd_box), body.bnd_box.length, body.img_x, body.img_y, body.img_w, body.img_h, body.uuid);
      latencies.push(Number(process.hrtime.bigint() - t0));
    }
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    return { completed: count, elapsedMs, rps: (count * 1000) / elapsedMs, latency: summarize(latencies) };
  } finally {
    db.close();
  }
}

export const updateSpec = (ctx, server, name, uuids, connections) => ({
  origin: server.url,
  requests: updateRequests(name, uuids),
  connections,
  maxRequests: (ctx.quick ? 500 : 2000) * (connections === 1 ? 1 : 2),
  maxMs: ctx.quick ? 8000 : 20_000,
  check: 'message1',
  warmup: 3,
});

export async function w3(ctx) {
  const name = 'photo';
  const server = await ctx.server();
  await ctx.ensureProject(name);
  const uuids = ctx.uuids.get(name) ?? (await loadProject(server, name));
  ctx.uuids.set(name, uuids);
  // Loading started the thumbnail pre-generation: the rows below are for an idle server.
  await waitForThumbnails(server, name);
  const rows = [];
  const raw = {};
  for (const connections of [1, 10]) {
    const served = await runLoad(updateSpec(ctx, server, name, uuids, connections));
    raw[connections] = served;
    ctx.idleUpdate ??= served;
  }
  const sqlite = rawUpdates(ctx, uuids.slice(0, UPDATED_IMAGES), raw[1].completed);
  raw.sqlite = sqlite;
  for (const connections of [1, 10]) {
    const served = raw[connections];
    const floor = ctx.floor[connections];
    const budget = sqlite.latency.p99 + floor.latency.p99 + 2;
    rows.push(
      row(`update @${connections} p99`, {
        figure: served.latency.p99,
        baseline: budget,
        unit: 'ms',
        baselineLabel: `raw p99 ${sqlite.latency.p99.toFixed(2)} + floor p99 ${floor.latency.p99.toFixed(2)} + 2`,
        target: '<= baseline',
        pass: served.latency.p99 <= budget,
      }),
      row(`update @${connections} p50`, { figure: served.latency.p50, baseline: sqlite.latency.p50, unit: 'ms', baselineLabel: 'raw UPDATE' }),
      row(`update @${connections} req/s`, { figure: served.rps, baseline: floor.rps, unit: 'req/s', baselineLabel: 'framework floor' }),
      row(`update @${connections} errors`, {
        figure: `${served.errors} / ${served.completed}`,
        target: '0',
        pass: connections === 10 || served.errors ? served.errors === 0 : null,
        note: errorsNote(served),
      }),
    );
  }
  const duringThumbnails = await updateDuringThumbnails(ctx, server, name, uuids);
  raw.updateDuringThumbnails = duringThumbnails.raw;
  rows.push(duringThumbnails.row);
  rows.push(row('raw UPDATE (better-sqlite3)', { figure: sqlite.rps, unit: 'upd/s', note: `p50 ${sqlite.latency.p50.toFixed(2)} ms, p99 ${sqlite.latency.p99.toFixed(2)} ms` }));
  return { title: 'W3 update with 20 boxes (PUT .../uuid/<uuid>/update)', rows, raw };
}

/**
 * Update latency while opening the project pre-makes every thumbnail (all cold), against an idle
 * run of the same length taken just before: the pre-generation must step aside for saves.
 */
async function updateDuringThumbnails(ctx, server, name, uuids) {
  const spec = { ...updateSpec(ctx, server, name, uuids, 1), maxRequests: 50_000, maxMs: 4000 };
  const idle = await runLoad(spec);
  await coldThumbnails(server, name);
  await loadProject(server, name);
  const load = startLoad({ ...spec, maxMs: 120_000 });
  const loadStarted = Date.now();
  let status;
  try {
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await thumbnailStatus(server, name);
    } while (status.state === 'running' && Date.now() - loadStarted < 4000);
  } finally {
    load.stop();
  }
  const during = await load.done;
  const finished = await waitForThumbnails(server, name);
  const raw = { idle, during, seenDuringLoad: status, finished };
  const summary = row('update p99 during thumbnail pre-generation', {
    figure: during.latency.p99,
    baseline: idle.latency.p99,
    unit: 'ms',
    baselineLabel: 'idle',
    target: '<= 1.5x',
    pass: during.errors === 0 && during.latency.p99 <= 1.5 * idle.latency.p99,
    note:
      errorsNote(during) ||
      `max ${during.latency.max.toFixed(1)} ms over ${during.completed} updates; ${status.done} / ${status.total} thumbnails seen during them, ${finished.state} after`,
  });
  return { raw, row: summary };
}
