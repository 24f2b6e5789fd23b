// Presence and assignments on a real core (both stores: npm run test:postgres runs server/core).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { tinyPng } from '@/test/reliability/helpers';
import { actAs } from '../users/acting-user';
import { PRESENCE_TTL_MS } from './teamwork.service';

let t: TestCore;
let clock = 1_000_000;
let uuids: string[];
const names = async (assignee: string, filter: 'all' | 'labeled' | 'unlabeled' = 'all') =>
  (await t.core.images.page('bndbox', 'team', { filter, assignee }, 0, 100)).items.map(({ image }) => image.relPath);

beforeAll(async () => {
  t = await createTestCore({ now: () => clock });
  const folder = await makeTempDir('labelport-teamwork-');
  for (let index = 1; index <= 7; index += 1) fs.writeFileSync(path.join(folder, `img${index}.png`), tinyPng(index));
  await t.core.projects.create({ source: 'folder', name: 'team', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'team');
  uuids = (await t.core.images.page('bndbox', 'team', { filter: 'all' }, 0, 100)).items.map(({ image }) => image.uuid);
}, 30_000);

afterAll(() => t.close());

describe('presence', () => {
  it('shows each tab the others on the same image, until they leave or go quiet', async () => {
    const [first = '', second = ''] = uuids;
    expect(await actAs('ann', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-ann-1'))).toEqual([]);
    const seenByBob = await actAs('bob', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-bob-1'));
    expect(seenByBob.map((client) => client.actor)).toEqual(['ann']);
    // Ann moves on: Bob is alone on the first image, and Ann sees nobody on the second.
    expect(await actAs('ann', () => t.core.teamwork.here('bndbox', 'team', second, 'tab-ann-1'))).toEqual([]);
    expect(await actAs('bob', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-bob-1'))).toEqual([]);
    await actAs('ann', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-ann-1'));
    await t.core.teamwork.leave('bndbox', 'team', 'tab-ann-1');
    expect(await actAs('bob', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-bob-1'))).toEqual([]);
    await actAs('cy', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-cy-1'));
    clock += PRESENCE_TTL_MS + 1;
    expect(await actAs('bob', () => t.core.teamwork.here('bndbox', 'team', first, 'tab-bob-1'))).toEqual([]);
  });
});

describe('assignments', () => {
  it('assigns strip positions, deals round-robin, and the strip narrows to one annotator', async () => {
    expect(await actAs('ada', () => t.core.teamwork.assign('bndbox', 'team', { kind: 'range', list: { filter: 'all' }, from: 2, to: 3 }, 'ann'))).toBe(2);
    expect(await names('ann')).toEqual(['img2.png', 'img3.png']);
    expect((await t.core.images.page('bndbox', 'team', { filter: 'all', assignee: 'ann' }, 0, 1)).filteredTotal).toBe(2);
    // The rest, dealt out in strip order to bob and cy, leaving ann's alone.
    const dealt = await t.core.teamwork.assignRoundRobin('bndbox', 'team', { kind: 'list', list: { filter: 'all' } }, ['bob', 'cy'], true);
    expect(dealt).toBe(5);
    expect(await names('bob')).toEqual(['img1.png', 'img5.png', 'img7.png']);
    expect(await names('cy')).toEqual(['img4.png', 'img6.png']);
    expect(await t.core.teamwork.assignmentCounts('bndbox', 'team')).toEqual([
      { assignee: 'ann', images: 2 },
      { assignee: 'bob', images: 3 },
      { assignee: 'cy', images: 2 },
    ]);
    // One assignee per image: reassigning moves it; unassigning frees it.
    await t.core.teamwork.assign('bndbox', 'team', { kind: 'images', uuids: [uuids[0] ?? ''] }, 'ann');
    expect(await names('ann')).toEqual(['img1.png', 'img2.png', 'img3.png']);
    expect(await names('bob')).toEqual(['img5.png', 'img7.png']);
    await t.core.teamwork.assign('bndbox', 'team', { kind: 'range', list: { filter: 'all', assignee: 'ann' }, from: 1, to: 1 }, null);
    expect(await names('ann')).toEqual(['img2.png', 'img3.png']);
    expect(await names('ann', 'labeled')).toEqual([]);
    const assignees = await t.core.teamwork.assignees('bndbox', 'team', uuids.slice(0, 3));
    expect([...assignees.values()]).toEqual(['ann', 'ann']);
  });

  it('refuses positions outside the list and changes nothing', async () => {
    const before = await t.core.teamwork.assignmentCounts('bndbox', 'team');
    await expect(t.core.teamwork.assign('bndbox', 'team', { kind: 'range', list: { filter: 'all' }, from: 9, to: 12 }, 'zed')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(t.core.teamwork.assignRoundRobin('bndbox', 'team', { kind: 'list', list: { filter: 'all' } }, [], false)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await t.core.teamwork.assignmentCounts('bndbox', 'team')).toEqual(before);
  });
});
