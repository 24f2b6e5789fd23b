// W6 memory and scale, on a server of its own so its idle memory is not the other workloads':
// RSS of the Next process after creating and opening a 100,000-image project minus idle RSS;
// the full uuid list (loadingstatus) and a 50-image tRPC page, against SQLite read by a script.
import path from 'node:path';
import { call, createProject, loadProject, sleep, trpcPagePath } from './lib/api.mjs';
import { insertImages, openBaselineDb } from './lib/baseline-db.mjs';
import { listFiles, warm } from './lib/images.mjs';
import { runLoad, warmPath } from './lib/load.mjs';
import { row } from './lib/report.mjs';
import { summarize } from './lib/stats.mjs';
import { startServer } from './lib/server.mjs';
import { errorsNote } from './floor.mjs';
import { baselineScan } from './w1-create.mjs';
import { identifyFile } from './lib/probe.mjs';

export const PAGE = { offset: 5000, limit: 50 };

/** The two reads W6 times at 100,000 images: the full uuid list and one page of the strip. */
export const uuidListLoad = (ctx, server, name) => ({ origin: server.url, requests: [{ path: `/bndbox/projects/${name}/loadingstatus` }], connections: 1, maxRequests: ctx.quick ? 20 : 50, maxMs: 20_000, check: 'status', warmup: 2 });
export const pageLoad = (ctx, server, name) => ({
  origin: server.url,
  requests: [{ path: trpcPagePath({ annotation_type: 'bndbox', project_name: name, ...PAGE }) }],
  connections: 1,
  maxRequests: ctx.quick ? 300 : 1000,
  maxMs: 10_000,
  check: 'status',
  warmup: 10,
});

/**
 * The page load, warmed first as the floor it is held against is (floor.mjs): a path's first
 * thousands of requests run before V8 has optimised it, and 10 warm-up requests left the page
 * measured half cold against a floor measured warm.
 */
export async function measurePage(ctx, server, name) {
  const load = pageLoad(ctx, server, name);
  await warmPath(ctx, load.origin, load.requests[0].path);
  return runLoad(load);
}

// Lets the heap settle after a burst, so RSS is not caught mid-allocation.
async function settledMemory(server) {
  await sleep(1500);
  return server.memory();
}

function sqliteReads(ctx, folder, files, repeats) {
  const db = openBaselineDb(path.join(ctx.tmp, 'w6.db'));
  try {
    insertImages(db, 'tiny', folder, files.map((file) => ({ file, info: { format: 'jpeg', width: 2, height: 2, depth: 3 }, stat: { size: 270, mtimeMs: 0 } })));
    const uuidList = db.prepare('SELECT uuid FROM images WHERE project_id = ? AND present = 1 ORDER BY rel_path').pluck();
    const page = db.prepare('SELECT uuid, rel_path, width, height, shape_count FROM images WHERE project_id = ? AND present = 1 ORDER BY rel_path LIMIT ? OFFSET ?');
    const counts = db.prepare('SELECT count(*) AS total, sum(shape_count > 0) AS labeled FROM images WHERE project_id = ? AND present = 1');
    const time = (fn, times) => {
      const latencies = [];
      for (let i = 0; i < times; i++) {
        const t0 = process.hrtime.bigint();
        fn();
        latencies.push(Number(process.hrtime.bigint() - t0));
      }
      return summarize(latencies);
    };
    // Same output as the endpoints: the JSON text, not only the rows.
    return {
      list: time(() => JSON.stringify({ message: 2, uuid_list: uuidList.all('tiny'), label_list: [] }), 20),
      page: time(() => JSON.stringify({ items: page.all('tiny', PAGE.limit, PAGE.offset) }), repeats),
      // Kept apart: the endpoint also answers the totals; how it gets them is its own business.
      counts: time(() => counts.get('tiny'), 20),
    };
  } finally {
    db.close();
  }
}

export async function w6(ctx) {
  const name = 'tiny';
  const { dir: folder, count } = ctx.folders.tiny;
  await warm(folder);
  const server = await startServer({ label: 'w6' });
  ctx.cleanup.push(() => server.stop());
  const rows = [];
  try {
    for (let i = 0; i < 20; i++) await call(`${server.url}/bndbox/projects/meta`);
    const idle = await settledMemory(server);
    const created = await createProject(server, name, folder);
    const uuids = await loadProject(server, name);
    const loaded = await settledMemory(server);
    const growth = loaded.rssMb - idle.rssMb;
    const full = count >= 100_000;

    const listRun = await runLoad(uuidListLoad(ctx, server, name));
    const pageRun = await measurePage(ctx, server, name);
    const afterReads = server.memory();
    const sqlite = sqliteReads(ctx, folder, await listFiles(folder), ctx.quick ? 50 : 200);
    const headerOnly = await baselineScan(ctx, name, identifyFile, 'header');
    const floor = ctx.floor?.[1];
    rows.push(
      // The budget is set for 100,000 images; a smaller run is dominated by fixed costs (heap
      // growth, JIT), so it is reported without a verdict.
      row(`RSS growth, ${count.toLocaleString('en')} images`, {
        figure: growth,
        baseline: full ? 125 : null,
        unit: 'MB',
        baselineLabel: full ? 'budget' : '',
        target: full ? '<= 125 MB' : '125 MB at 100k (full run only)',
        pass: full ? growth <= 125 : null,
        note: `idle ${idle.rssMb.toFixed(0)} MB, loaded ${loaded.rssMb.toFixed(0)} MB, after reads ${afterReads.rssMb.toFixed(0)} MB, peak ${afterReads.peakMb.toFixed(0)} MB`,
      }),
      row(`create ${count.toLocaleString('en')} images`, {
        figure: created.ms,
        baseline: headerOnly.ms,
        unit: 'ms',
        baselineLabel: 'walk+64 KiB header+SQLite',
        target: '<= 3x (W1 stretch)',
        pass: created.ms <= 3 * headerOnly.ms,
      }),
      row('uuid list (loadingstatus) p50', {
        figure: listRun.latency.p50,
        baseline: sqlite.list.p50,
        unit: 'ms',
        baselineLabel: 'SQLite + JSON.stringify',
        note: errorsNote(listRun) || `${uuids.length} uuids, ${(listRun.bytes / listRun.completed / 1e6).toFixed(1)} MB a reply`,
      }),
      row(`page of ${PAGE.limit} at ${PAGE.offset} p50`, {
        figure: pageRun.latency.p50,
        baseline: sqlite.page.p50,
        unit: 'ms',
        baselineLabel: 'SQLite + JSON.stringify',
        target: floor ? `<= floor p50 ${floor.latency.p50.toFixed(2)} + 1 ms` : '',
        pass: floor ? pageRun.errors === 0 && pageRun.latency.p50 <= floor.latency.p50 + 1 : null,
        note: errorsNote(pageRun),
      }),
    );
    return { title: `W6 memory and scale (${count.toLocaleString('en')} tiny images, own server)`, rows, raw: { idle, loaded, afterReads, created, headerOnly, list: listRun, page: pageRun, sqlite } };
  } finally {
    await server.stop();
  }
}
