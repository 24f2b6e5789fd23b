// 20 clients save at once, some on one shared image and some each on their own, while a reload
// adds a thousand files and a cfg export runs: nobody sees SQLITE_BUSY or a 5xx, each image ends
// as exactly one of the states sent for it (last write wins, never a mix), status polls answer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type RestReply, type TestCore } from '@/server/testing/test-core';
import { sleep, tinyPng } from './helpers';

const CLIENTS = 20;
const ROUNDS = 15;
const SHAPES_PER_STATE = 5;

let t: TestCore;
let folder: string;

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-concurrency-');
  for (let index = 0; index < 11; index += 1) await writeImage(path.join(folder, `photo${index}.jpg`), { format: 'jpeg', width: 200 + index, height: 150 });
  for (let index = 0; index < 500; index += 1) fs.writeFileSync(path.join(folder, `tiny${index}.png`), tinyPng(index));
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'busy', annotation_type: 'bndbox', project_path: folder, label_file_path: '' });
  await t.scanSettled('bndbox', 'busy');
});

afterAll(async () => {
  await t.close();
  for (const dir of [folder, t.dataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** One state: every box and the placement carry the same tag, so a mix would show. */
function stateBody(uuid: string, client: number, round: number) {
  const tag = client * 1000 + round;
  const bnd_box = Array.from({ length: SHAPES_PER_STATE }, (_, index) => ({
    x1: tag, y1: index, x2: tag + 5, y2: index + 5, label: `tag${tag}`, id: `${tag}-${index}`, lineWidth: 1, color: 'rgba(0,0,0,1)',
  }));
  return { uuid, bnd_box, img_x: tag, img_y: tag, img_w: 400, img_h: 300 };
}

/** The tag of a stored record, or 'mixed' when its parts disagree. */
function tagOf(record: Record<string, unknown>): number | 'mixed' | null {
  const boxes = (record.bnd_box as Array<{ x1: number; label: string }> | undefined) ?? [];
  if (boxes.length === 0) return null;
  const tags = new Set([...boxes.map((box) => box.x1), ...boxes.map((box) => Number(box.label.slice(3))), record.img_x, record.img_y]);
  return tags.size === 1 && boxes.length === SHAPES_PER_STATE ? (boxes[0]?.x1 ?? null) : 'mixed';
}

function expectEnvelopeOrSuccess(reply: RestReply, what: string): void {
  expect(reply.status, what).toBe(200);
  expect(reply.contentType, what).toMatch(/application\/json/);
  if (reply.body.message === 0) {
    expect(reply.body, what).toMatchObject({ error_code: expect.any(Number), error_message: expect.any(String) });
    expect(reply.body.error_code, `${what}: an internal error`).not.toBe(4);
  }
  expect(JSON.stringify(reply.body), what).not.toMatch(/SQLITE_BUSY|database is locked/i);
}

it('20 clients, a reload and an export at once: no busy errors, whole states only, statuses keep answering', async () => {
  const uuids = ((await t.rest.get('/bndbox/projects/busy/loadingstatus')).body.uuid_list as string[]).slice(0, 11);
  const [shared = '', ...own] = uuids;
  // Half the clients write the shared image; each of the others writes its own.
  const targetOf = (client: number) => (client < CLIENTS / 2 ? shared : (own[client - CLIENTS / 2] ?? ''));

  for (let index = 500; index < 1500; index += 1) fs.writeFileSync(path.join(folder, `tiny${index}.png`), tinyPng(index));
  expect((await t.rest.put('/v2/bndbox/projects/busy/reload')).body).toEqual({ message: 1 });
  expect((await t.rest.put('/v2/bndbox/projects/busy/export/cfg')).body).toEqual({ message: 1 });

  const replies: Array<[string, RestReply]> = [];
  let stopPolling = false;
  let slowestPollMs = 0;
  let polls = 0;
  const writer = async (client: number) => {
    const uuid = targetOf(client);
    for (let round = 1; round <= ROUNDS; round += 1) {
      replies.push([`client ${client} round ${round}`, await t.rest.put(`/bndbox/projects/busy/uuid/${uuid}/update`, stateBody(uuid, client, round))]);
    }
  };
  const poller = async () => {
    const statusPaths = ['/v2/bndbox/projects/exportstatus', '/v2/bndbox/projects/busy/reloadstatus', '/v2/bndbox/projects/busy/statistic', `/bndbox/projects/busy/uuid/${shared}/thumbnail`];
    while (!stopPolling) {
      for (const statusPath of statusPaths) {
        const started = performance.now();
        const reply = await t.rest.get(statusPath);
        slowestPollMs = Math.max(slowestPollMs, performance.now() - started);
        polls += 1;
        expect(reply.body.message, statusPath).toBe(1);
        replies.push([statusPath, reply]);
      }
      await sleep(25); // clients poll on a timer (classifai: every 500 ms)
    }
  };
  const pollers = [poller(), poller()];
  await Promise.all(Array.from({ length: CLIENTS }, (_, client) => writer(client)));
  // Polling goes on until the reload and the export are done too.
  await t.scanSettled('bndbox', 'busy');
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  stopPolling = true;
  await Promise.all(pollers);

  for (const [what, reply] of replies) expectEnvelopeOrSuccess(reply, what);
  const updates = replies.filter(([what]) => what.startsWith('client'));
  expect(updates.every(([, reply]) => reply.body.message === 1)).toBe(true);
  expect(polls).toBeGreaterThan(20);
  expect(slowestPollMs).toBeLessThan(2_000);

  // Last write wins per image, never a mix: the shared image holds some client's last state
  // (nothing was written after it); each own image holds its client's last state.
  const stored = async (uuid: string) => tagOf((await t.rest.get(`/bndbox/projects/busy/uuid/${uuid}/thumbnail`)).body);
  const lastStates = Array.from({ length: CLIENTS / 2 }, (_, client) => client * 1000 + ROUNDS);
  expect(lastStates).toContain(await stored(shared));
  for (let client = CLIENTS / 2; client < CLIENTS; client += 1) expect(await stored(targetOf(client))).toBe(client * 1000 + ROUNDS);

  // The jobs finished well: the reload found the new files, the export wrote a whole file.
  expect((await t.rest.get('/v2/bndbox/projects/busy/reloadstatus')).body).toMatchObject({ file_system_status: 3 });
  expect((await t.rest.get('/v2/bndbox/projects/busy/reloadstatus')).body.uuid_add_list).toHaveLength(1000);
  const exported = (await t.rest.get('/v2/bndbox/projects/exportstatus')).body;
  expect(exported).toMatchObject({ export_status: 2, project_config_path: path.join(folder, 'busy.json') });
  const config = JSON.parse(fs.readFileSync(path.join(folder, 'busy.json'), 'utf8')) as {
    content: Record<string, { version_list: Array<{ annotation_data: { annotation: Array<{ label: string }>; img_x: number } }> }>;
  };
  const sharedData = config.content[shared]?.version_list[0]?.annotation_data;
  // The export read the shared image at one moment: one whole state (or none yet), not a mix.
  const exportedTags = new Set([...(sharedData?.annotation ?? []).map((box) => Number(box.label.slice(3))), ...(sharedData?.annotation.length ? [sharedData.img_x] : [])]);
  expect(exportedTags.size).toBeLessThanOrEqual(1);
}, 60_000);
