// Two built Labelport processes, each with its own DATA_DIR, on one PostgreSQL database (a real
// server started from Debian's binaries): what one writes the other reads at once, a job asked
// of both runs once and answers on both, and a killed process's job is failed by the survivor.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startBuiltServer, type BuiltServer, type Reply } from '@/server/testing/built-server';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { queryTestDatabase, testPostgresDatabase } from '@/server/testing/test-store';
import { tinyPng, waitFor } from '../reliability/helpers';

const CLIENTS = 20;
const ROUNDS = 10;
// Short so the kill test does not wait long; a live process heartbeats far more often.
const TEAM_ENV = { LABELPORT_JOB_HEARTBEAT_MS: '300', LABELPORT_JOB_STALE_MS: '2500' };

let databaseUrl: string;
let a: BuiltServer;
let b: BuiltServer;
let folder: string;

const start = (label: string) => startBuiltServer({ label, env: { DATABASE_URL: databaseUrl, ...TEAM_ENV } });

async function jobRowsSince(key: string, since: number): Promise<number> {
  const rows = await queryTestDatabase<{ count: number }>(databaseUrl, 'SELECT count(*)::int AS count FROM jobs WHERE key = $1 AND started_at >= $2', [key, since]);
  return rows[0]?.count ?? 0;
}

function stateBody(uuid: string, client: number, round: number) {
  const tag = client * 1000 + round;
  const bnd_box = Array.from({ length: 3 }, (_, index) => ({ x1: tag, y1: index, x2: tag + 5, y2: index + 5, label: `tag${tag}`, id: `${tag}-${index}`, lineWidth: 1, color: 'rgba(0,0,0,1)' }));
  return { uuid, bnd_box, img_x: tag, img_y: tag, img_w: 400, img_h: 300 };
}

const storedTag = async (server: BuiltServer, uuid: string) => {
  const reply = await request(server, 'GET', `/bndbox/projects/team/uuid/${uuid}/thumbnail`);
  const boxes = (reply.json?.bnd_box as Array<{ x1: number }> | undefined) ?? [];
  return boxes[0]?.x1 ?? null;
};

beforeAll(async () => {
  databaseUrl = await testPostgresDatabase('two_processes');
  folder = await makeTempDir('labelport-team-');
  for (let index = 0; index < 20; index += 1) await writeImage(path.join(folder, `photo${index}.jpg`), { format: 'jpeg', width: 120 + index, height: 90 });
  for (let index = 0; index < 400; index += 1) fs.writeFileSync(path.join(folder, `tiny${index}.png`), tinyPng(index));
  [a, b] = await Promise.all([start('team-a'), start('team-b')]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('two processes on one PostgreSQL database', () => {
  it('a project made on one is listed, loaded and edited on the other; counts follow at once', async () => {
    const created = await request(a, 'PUT', '/v2/projects', { body: { status: 'raw', project_name: 'team', annotation_type: 'bndbox', project_path: folder, label_file_path: '' } });
    expect(created.json).toEqual({ message: 1 });
    // The scan runs on one process; its status answers on the other.
    await waitFor(async () => (await request(b, 'GET', '/v2/bndbox/projects/team')).json?.file_system_status === 3, 60_000, 'the scan, seen from b');
    const listed = await request(b, 'GET', '/bndbox/projects/meta');
    expect((listed.json?.content as Array<{ project_name: string; total_uuid: number }>).find((entry) => entry.project_name === 'team')).toMatchObject({ total_uuid: 420 });

    const uuids = (await request(b, 'GET', '/bndbox/projects/team/loadingstatus')).json?.uuid_list as string[];
    expect(uuids).toHaveLength(420);
    const [first = ''] = uuids;
    // b has counted the project before a's edit: what it keeps must not outlive that edit.
    const statistic = async () => (await request(b, 'GET', '/v2/bndbox/projects/team/statistic')).json;
    expect(await statistic()).toMatchObject({ labeled_image: 0, unlabeled_image: 420 });
    expect((await request(a, 'PUT', `/bndbox/projects/team/uuid/${first}/update`, { body: stateBody(first, 1, 1) })).json).toEqual({ message: 1 });
    expect(await storedTag(b, first)).toBe(1001);
    expect(await statistic()).toMatchObject({ labeled_image: 1, unlabeled_image: 419 });
  }, 90_000);

  it('20 clients over both during an export and a reload asked of both at once: 0 errors, 0 lost updates, each job run once', async () => {
    const uuids = ((await request(a, 'GET', '/bndbox/projects/team/loadingstatus')).json?.uuid_list as string[]).slice(0, CLIENTS);
    expect((await request(b, 'GET', '/bndbox/projects/team/loadingstatus')).json?.uuid_list).toHaveLength(420);
    for (let index = 400; index < 900; index += 1) fs.writeFileSync(path.join(folder, `tiny${index}.png`), tinyPng(index));
    const since = Date.now();
    const reloads = await Promise.all([a, b].map((server) => request(server, 'PUT', '/v2/bndbox/projects/team/reload')));
    for (const reply of reloads) expect(reply.json).toEqual({ message: 1 });
    // classifai runs one export at a time: of two asked at once, one runs, the other is told so.
    const exports = await Promise.all([a, b].map((server) => request(server, 'PUT', '/v2/bndbox/projects/team/export/cfgdata')));
    expect(exports.filter((reply) => reply.json?.message === 1)).toHaveLength(1);
    expect(exports.find((reply) => reply.json?.message !== 1)?.json).toMatchObject({ message: 0, error_message: expect.stringMatching(/another export is running/i) });

    const replies: Array<[string, Reply]> = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const server = client % 2 ? a : b;
        const uuid = uuids[client] ?? '';
        for (let round = 1; round <= ROUNDS; round += 1) {
          replies.push([`client ${client} round ${round}`, await request(server, 'PUT', `/bndbox/projects/team/uuid/${uuid}/update`, { body: stateBody(uuid, client, round) })]);
        }
      }),
    );
    for (const [what, reply] of replies) {
      expect(reply.status, what).toBe(200);
      expect(reply.json, what).toEqual({ message: 1 });
    }
    // Both processes read every client's last state.
    for (const server of [a, b]) {
      for (let client = 0; client < CLIENTS; client += 1) expect(await storedTag(server, uuids[client] ?? '')).toBe(client * 1000 + ROUNDS);
    }
    for (const server of [a, b]) {
      await waitFor(async () => (await request(server, 'GET', '/v2/bndbox/projects/team/reloadstatus')).json?.file_system_status === 3, 60_000, 'the reload');
      await waitFor(async () => (await request(server, 'GET', '/v2/bndbox/projects/exportstatus')).json?.export_status === 2, 60_000, 'the export');
      expect((await request(server, 'GET', '/v2/bndbox/projects/team/reloadstatus')).json?.uuid_add_list).toHaveLength(500);
      // The reload ran on one of them; both had the uuid list before it, and both list the new images now.
      expect((await request(server, 'GET', '/bndbox/projects/team/loadingstatus')).json?.uuid_list).toHaveLength(920);
    }
    const reloadKey = await singleJobKey('scan', since);
    expect(await jobRowsSince(reloadKey, since)).toBe(1);
    expect(await jobRowsSince(await singleJobKey('export', since), since)).toBe(1);
    expect(fs.existsSync(path.join(folder, 'team.zip'))).toBe(true);
  }, 120_000);

  it('kill -9 of the process running a reload: the other fails the job, and it can be run again there', async () => {
    for (let index = 900; index < 4000; index += 1) fs.writeFileSync(path.join(folder, `tiny${index}.png`), tinyPng(index));
    expect((await request(a, 'PUT', '/v2/bndbox/projects/team/reload')).json).toEqual({ message: 1 });
    // b sees it running (a's heartbeat) before a dies.
    await waitFor(async () => [1, 2].includes((await request(b, 'GET', '/v2/bndbox/projects/team/reloadstatus')).json?.file_system_status as number), 10_000, 'the reload running, seen from b');
    await a.kill9();
    const failed = await waitFor(async () => {
      const status = (await request(b, 'GET', '/v2/bndbox/projects/team/reloadstatus')).json;
      return status?.file_system_status === 5 ? status : undefined;
    }, 30_000, 'the killed reload to end as failed on b');
    expect(failed.message).toBe(1);
    expect((await request(b, 'PUT', '/v2/bndbox/projects/team/reload')).json).toEqual({ message: 1 });
    await waitFor(async () => (await request(b, 'GET', '/v2/bndbox/projects/team/reloadstatus')).json?.file_system_status === 3, 60_000, 'the reload run again on b');
    const total = (await request(b, 'GET', '/bndbox/projects/team/meta')).json?.content as Array<{ total_uuid: number }>;
    expect(total[0]?.total_uuid).toBe(4020);
  }, 120_000);
});

/** The key the one job of a kind started since `since` ran under (asked of both, one row). */
async function singleJobKey(kind: string, since: number): Promise<string> {
  const rows = await queryTestDatabase<{ key: string }>(databaseUrl, 'SELECT DISTINCT key FROM jobs WHERE kind = $1 AND started_at >= $2', [kind, since]);
  expect(rows).toHaveLength(1);
  return rows[0]?.key ?? '';
}
