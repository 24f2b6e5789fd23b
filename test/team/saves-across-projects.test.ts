// Two processes of a team server (two cores on one PostgreSQL database), each with saves to
// two projects in one group commit, queued in opposite orders: a group used to lock each
// project as its first write there came, so one process held p waiting for q while the other
// held q waiting for p, and PostgreSQL aborted a whole group ("deadlock detected").
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@/server/core';
import { scanJobKey } from '@/server/core/jobs/job-kinds';
import type { BoxShape } from '@/server/core/types';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createChooserStub } from '@/server/testing/test-core';
import { testPostgresDatabase } from '@/server/testing/test-store';
import { openCore } from '@/server/runtime/open-core';

const ROUNDS = 8;
const IMAGES = 6;

let first: Core;
let second: Core;
const uuidsOf: Record<string, string[]> = {};

const open = async (databaseUrl: string) => openCore({ dataDir: await makeTempDir('labelport-saves-'), databaseUrl, chooser: createChooserStub(), log: () => undefined });
const box = (id: string, x1: number): BoxShape => ({ kind: 'box', x1, y1: 1, x2: x1 + 5, y2: 6, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id });
const placement = { x: 0, y: 0, w: 40, h: 30 };

beforeAll(async () => {
  const databaseUrl = await testPostgresDatabase('saves_across');
  [first, second] = [await open(databaseUrl), await open(databaseUrl)];
  for (const name of ['p', 'q']) {
    const folder = await makeTempDir(`labelport-${name}-`);
    for (let index = 0; index < IMAGES; index += 1) await writeImage(path.join(folder, `${index}.png`), { format: 'png', width: 40, height: 30 });
    await first.projects.create({ source: 'folder', name, type: 'bndbox', folder, labelFilePath: '' });
    const project = await first.projects.get('bndbox', name);
    await first.jobs.settled(scanJobKey(project.id));
    uuidsOf[name] = [...(await first.projects.loadingStatus('bndbox', name)).uuids];
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe('saves to two projects on two processes at once, queued in opposite orders', () => {
  it('all land: no group is aborted as a deadlock', async () => {
    const [p, q] = [uuidsOf.p ?? [], uuidsOf.q ?? []];
    expect([p.length, q.length]).toEqual([IMAGES, IMAGES]);
    const saves = (core: Core, order: Array<['p' | 'q', string[]]>, round: number, tag: number) =>
      order.flatMap(([name, uuids]) => uuids.map((uuid, index) => core.annotations.update('bndbox', name, uuid, { shapes: [box(`${tag}-${round}-${index}`, round)], placement })));
    for (let round = 0; round < ROUNDS; round += 1) {
      const outcomes = await Promise.allSettled([
        ...saves(first, [['p', p], ['q', q]], round, 1),
        ...saves(second, [['q', q], ['p', p]], round, 2),
      ]);
      const failed = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
      expect(failed).toEqual([]);
    }
    // Every image holds a box of the last round, from one process or the other.
    const stored = await first.annotations.withImages('bndbox', 'p', p);
    for (const { annotation } of stored) expect(annotation.shapes[0]).toMatchObject({ x1: ROUNDS - 1 });
  }, 60_000);
});
