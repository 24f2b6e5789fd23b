// SIGTERM (what `kill`, systemd and Docker send) while a folder scan runs: the server stops the
// job at a safe point, checkpoints and closes the database, and exits 0 within seconds.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { request, startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { queryTestDatabase, testDatabaseUrlFor } from '@/server/testing/test-store';
import { tinyPng, waitFor } from './helpers';

let dataDir: string;
let folder: string;
let server: BuiltServer | undefined;

/** The exit code, or 'still running' when the process outlives the deadline. */
const exitWithin = (process: BuiltServer, ms: number) =>
  Promise.race([process.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);

beforeAll(async () => {
  dataDir = await makeTempDir('labelport-shutdown-data-');
  folder = await makeTempDir('labelport-shutdown-images-');
  for (let index = 0; index < 3000; index += 1) {
    fs.mkdirSync(path.join(folder, `d${index % 20}`), { recursive: true });
    fs.writeFileSync(path.join(folder, `d${index % 20}`, `${index}.png`), tinyPng(index));
  }
  server = await startBuiltServer({ dataDir });
}, 120_000);

afterAll(async () => {
  await server?.kill9();
  for (const dir of [dataDir, folder]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('SIGTERM during a scan exits 0 within seconds; the database reopens cleanly and the scan shows aborted', async () => {
  const created = await request(server!, 'PUT', '/v2/projects', {
    body: { status: 'raw', project_name: 'shutdown', annotation_type: 'bndbox', project_path: folder, label_file_path: '' },
  });
  expect(created.json).toEqual({ message: 1 });
  await waitFor(async () => {
    const status = (await request(server!, 'GET', '/v2/bndbox/projects/shutdown')).json;
    return [1, 2, 3].includes(status?.file_system_status as number);
  }, 10_000, 'the scan to run', 5);

  const scanning = server!;
  scanning.signal('SIGTERM');
  const exit = await exitWithin(scanning, 5_000);
  await scanning.kill9(); // whatever happened, nothing of it may hold the database now
  expect(exit).toBe(0);
  expect(scanning.output()).toMatch(/SIGTERM: stopping jobs and closing the database/);

  // Closed cleanly: no job row says running; on SQLite the WAL was checkpointed into the file.
  const databaseUrl = await testDatabaseUrlFor(dataDir);
  if (databaseUrl) {
    expect(await queryTestDatabase(databaseUrl, "SELECT count(*)::int AS n FROM jobs WHERE state = 'running'")).toEqual([{ n: 0 }]);
  } else {
    const wal = path.join(dataDir, 'labelport.db-wal');
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    const db = new Database(path.join(dataDir, 'labelport.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare("SELECT count(*) AS n FROM jobs WHERE state = 'running'").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  }

  server = await startBuiltServer({ dataDir });
  const status = (await request(server, 'GET', '/v2/bndbox/projects/shutdown')).json;
  // A scan that ended just before the signal shows 3; one stopped by it shows ABORTED (5).
  expect(status).toMatchObject({ message: 1, file_system_status: expect.toSatisfy((value: number) => value === 3 || value === 5) });
  await server.stop();
}, 60_000);

it('SIGTERM while a job waits on a folder dialog still exits within seconds', async () => {
  // The dialog stays open for 30 s; the user (or systemd) does not wait for it.
  server = await startBuiltServer({ dataDir, env: { LABELPORT_CHOOSER: `sleep 30; echo ${folder} #` } });
  expect((await request(server, 'PUT', '/v2/bndbox/projects/shutdown/add', { body: {} })).json).toEqual({ message: 1 });
  expect((await request(server, 'GET', '/v2/bndbox/projects/shutdown/addstatus')).json).toMatchObject({ add_image_status: 2 });
  const dialogServer = server;
  dialogServer.signal('SIGTERM');
  const exit = await exitWithin(dialogServer, 5_000);
  await dialogServer.kill9(); // the dialog command too, whatever happened
  expect(exit).toBe(0);

  server = await startBuiltServer({ dataDir });
  expect((await request(server, 'GET', '/v2/bndbox/projects/shutdown/addstatus')).json).toMatchObject({ message: 1, add_image_status: 1 });
}, 60_000);
