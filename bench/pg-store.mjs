// PG: W3 (update) and W6 (scale) with the team server's store, on a PostgreSQL of the bench's
// own (Debian's binaries, fsync on), next to `pg` alone running the same statements on the same
// database. The targets are W3's and W6's: the store may add no more than SQLite's rows allow.
import pg from 'pg';
import { startPostgresServer } from '../scripts/postgres-server.mjs';
import { createProject, loadProject, waitForThumbnails } from './lib/api.mjs';
import { warm } from './lib/images.mjs';
import { runLoad } from './lib/load.mjs';
import { row } from './lib/report.mjs';
import { startServer } from './lib/server.mjs';
import { timedPool } from './lib/stats.mjs';
import { errorsNote } from './floor.mjs';
import { identifyFile } from './lib/probe.mjs';
import { baselineScan } from './w1-create.mjs';
import { updateBody, updateSpec } from './w3-update.mjs';
import { measurePage, PAGE, uuidListLoad } from './w6-scale.mjs';

const UPDATED_IMAGES = 100;

// The store's save (server/db/postgres/annotation.repository.ts): the version check, the write
// and the bump of the project's counts version, one statement.
const SAVE = `WITH saved AS (
    UPDATE images SET shapes = $3, shape_count = $4, img_x = $5, img_y = $6, img_w = $7, img_h = $8, edited_at = $9, dataset = NULL
    WHERE project_id = $1 AND uuid = $2 AND edited_at <= $9 RETURNING 1
  ), bumped AS (
    UPDATE projects SET annotations_version = nextval('labelport_versions') WHERE id = $1 AND EXISTS (SELECT 1 FROM saved)
  )
  SELECT count(*) AS saved FROM saved`;
const UUIDS = 'SELECT uuid FROM images WHERE project_id = $1 AND present ORDER BY rel_path';
const PAGE_ROWS = `SELECT project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms, split, orientation
  FROM images AS i WHERE i.project_id = $1 AND i.present ORDER BY i.sort_key, i.rel_path LIMIT $2 OFFSET $3`;

// Prepared once per connection, named, as the store runs its statements.
const prepared = (pool, name, text, values) => pool.query({ name, text, values });

async function projectId(pool, name) {
  const { rows } = await pool.query('SELECT id FROM projects WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`no project ${name} in the bench database`);
  return rows[0].id;
}

/** pg alone: the same save, one autocommit statement per call, `connections` at once. */
async function rawSaves(pool, id, uuids, count, connections) {
  const sample = uuids.slice(0, UPDATED_IMAGES);
  const bodies = Array.from({ length: count }, (_, index) => updateBody(sample[index % sample.length], 100 + index));
  return timedPool(bodies, connections, (body) =>
    prepared(pool, 'bench_save', SAVE, [id, body.uuid, JSON.stringify(body.bnd_box), body.bnd_box.length, body.img_x, body.img_y, body.img_w, body.img_h, Date.now()]),
  );
}

async function updateRows(ctx, server, pool) {
  const name = 'photo';
  await createProject(server, name, ctx.folders.photo.dir);
  const uuids = await loadProject(server, name);
  await waitForThumbnails(server, name);
  const id = await projectId(pool, name);
  const rows = [];
  const raw = {};
  for (const connections of [1, 10]) {
    const served = await runLoad(updateSpec(ctx, server, name, uuids, connections));
    const alone = await rawSaves(pool, id, uuids, served.completed, connections);
    raw[connections] = { served, alone };
    const floor = ctx.floor?.[connections];
    const budget = floor ? alone.latency.p99 + floor.latency.p99 + 2 : null;
    rows.push(
      row(`update @${connections} p99`, {
        figure: served.latency.p99,
        baseline: budget ?? alone.latency.p99,
        unit: 'ms',
        baselineLabel: budget ? `pg p99 ${alone.latency.p99.toFixed(2)} + floor p99 ${floor.latency.p99.toFixed(2)} + 2` : 'pg alone p99',
        target: budget ? '<= baseline' : '',
        pass: budget ? served.errors === 0 && served.latency.p99 <= budget : null,
        note: errorsNote(served),
      }),
      row(`update @${connections} p50`, { figure: served.latency.p50, baseline: alone.latency.p50, unit: 'ms', baselineLabel: 'pg alone' }),
      row(`update @${connections} req/s`, { figure: served.rps, baseline: alone.rps, unit: 'req/s', baselineLabel: 'pg alone upd/s' }),
    );
  }
  return { rows, raw };
}

async function scaleRows(ctx, server, pool) {
  const name = 'tiny';
  const { dir: folder, count } = ctx.folders.tiny;
  await warm(folder);
  const created = await createProject(server, name, folder);
  await loadProject(server, name);
  const id = await projectId(pool, name);
  const listRun = await runLoad(uuidListLoad(ctx, server, name));
  const pageRun = await measurePage(ctx, server, name);
  // Same output as the endpoints: the JSON text, not only the rows.
  const list = await timedPool(Array.from({ length: 20 }), 1, async () =>
    JSON.stringify({ message: 2, uuid_list: (await prepared(pool, 'bench_uuids', UUIDS, [id])).rows.map((r) => r.uuid), label_list: [] }),
  );
  const page = await timedPool(Array.from({ length: ctx.quick ? 50 : 200 }), 1, async () =>
    JSON.stringify({ items: (await prepared(pool, 'bench_page', PAGE_ROWS, [id, PAGE.limit, PAGE.offset])).rows }),
  );
  const headerOnly = await baselineScan(ctx, name, identifyFile, 'header-pg');
  const floor = ctx.floor?.[1];
  const rows = [
    row(`create ${count.toLocaleString('en')} images`, {
      figure: created.ms,
      baseline: headerOnly.ms,
      unit: 'ms',
      baselineLabel: 'walk+64 KiB header+SQLite',
      target: '<= 3x (as W6)',
      pass: created.ms <= 3 * headerOnly.ms,
    }),
    row('uuid list (loadingstatus) p50', {
      figure: listRun.latency.p50,
      baseline: list.latency.p50,
      unit: 'ms',
      baselineLabel: 'pg SELECT + JSON.stringify',
      target: '<= 1.3x (as W6)',
      pass: listRun.errors === 0 && listRun.latency.p50 <= 1.3 * list.latency.p50,
      note: errorsNote(listRun),
    }),
    row(`page of ${PAGE.limit} at ${PAGE.offset} p50`, {
      figure: pageRun.latency.p50,
      baseline: page.latency.p50,
      unit: 'ms',
      baselineLabel: 'pg SELECT + JSON.stringify',
      target: floor ? `<= pg + floor p50 ${floor.latency.p50.toFixed(2)} + 1 ms` : '',
      pass: floor ? pageRun.errors === 0 && pageRun.latency.p50 <= page.latency.p50 + floor.latency.p50 + 1 : null,
      note: errorsNote(pageRun),
    }),
  ];
  return { rows, raw: { created, headerOnly, list: listRun, page: pageRun, pgList: list, pgPage: page } };
}

export async function pgStore(ctx) {
  const database = await startPostgresServer({ fsync: true });
  ctx.cleanup.push(() => database.stop());
  const url = await database.createDatabase('bench');
  const server = await startServer({ label: 'pg', env: { DATABASE_URL: url } });
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    const updates = await updateRows(ctx, server, pool);
    const scale = ctx.folders.tiny ? await scaleRows(ctx, server, pool) : { rows: [], raw: null };
    return {
      title: 'PG: W3 update and W6 scale on PostgreSQL (fsync on), next to pg alone',
      rows: [...updates.rows, ...scale.rows],
      raw: { updates: updates.raw, scale: scale.raw },
    };
  } finally {
    await pool.end();
    await server.stop();
  }
}
