// Splits and duplicates through the workspace's tRPC procedures, on a real core and real
// pictures: a resized copy and a byte copy are found, a seeded split keeps each group on one
// side and comes back the same, per-image edits are stored, and bad input changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicatesJobKey, thumbnailJobKey } from '@/server/core/jobs/job-kinds';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { writePicture } from '@/server/testing/picture-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { imagePageOutput } from './schemas/image.schema';
import { duplicateGroupOutput, duplicateGroupsOutput, duplicatesStatusOutput, splitOverviewOutput } from './schemas/split.schema';

let t: TestCore;
let folder: string;
const ids = { annotation_type: 'bndbox' as const, project_name: 'splits' };
const caller = () => createCaller({ core: t.core, transport: 'trpc', actor: null });
const projectId = async () => (await t.core.projects.get('bndbox', 'splits')).id;

async function page() {
  return imagePageOutput.parse(await caller().image.page({ ...ids, limit: 500 })).items;
}
const uuidOf = async (imgPath: string) => (await page()).find((item) => item.img_path === imgPath)?.uuid ?? '';
const sidesByPath = async () => Object.fromEntries((await page()).map((item) => [item.img_path, item.split ?? null]));

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-splits-');
  await writePicture(path.join(folder, 'street.png'), { seed: 1, width: 400, height: 300, format: 'png' });
  await writePicture(path.join(folder, 'street-small.jpg'), { seed: 1, width: 200, height: 150, format: 'jpeg', quality: 50 });
  for (let seed = 2; seed <= 13; seed += 1) await writePicture(path.join(folder, `photo-${seed}.png`), { seed, width: 120, height: 90, format: 'png' });
  fs.copyFileSync(path.join(folder, 'photo-5.png'), path.join(folder, 'zz-photo-5-copy.png'));
  await writePicture(path.join(folder, 'zz-broken.png'), { seed: 50, width: 60, height: 40, format: 'png' });
  await t.core.projects.create({ source: 'folder', name: 'splits', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'splits');
  // Corrupted after the scan listed it: it can be split but never hashed.
  fs.writeFileSync(path.join(folder, 'zz-broken.png'), Buffer.from('not a picture at all'));
  // A few labelled images, so the split has strata.
  const items = await page();
  for (const [index, item] of items.entries()) {
    if (index % 3 === 2) continue;
    const label = index % 3 === 0 ? 'car' : 'person';
    await t.core.annotations.saveEditorShapes('bndbox', 'splits', item.uuid, [{ id: `s${index}`, kind: 'box', x: 1, y: 1, w: 10, h: 10, label }]);
  }
}, 60_000);

afterAll(() => t.close());

describe('find duplicates', () => {
  it('hashes every readable image as a job with progress, then lists the exact and the near group', async () => {
    expect(duplicatesStatusOutput.parse(await caller().split.duplicatesStatus(ids)).state).toBe('none');
    expect(duplicateGroupsOutput.parse(await caller().split.duplicates(ids))).toEqual({ unhashed: 16, groups: [] });

    const started = duplicatesStatusOutput.parse(await caller().split.findDuplicates(ids));
    expect(started.state).toBe('running');
    await t.core.jobs.settled(duplicatesJobKey(await projectId()));
    expect(duplicatesStatusOutput.parse(await caller().split.duplicatesStatus(ids))).toMatchObject({ state: 'done', done: 16, total: 16, failed: 1 });

    const { unhashed, groups } = duplicateGroupsOutput.parse(await caller().split.duplicates(ids));
    expect(unhashed).toBe(1); // the broken file
    expect(groups.map((group) => [group.kind, group.members.map((member) => member.img_path)])).toEqual([
      ['exact', ['photo-5.png', 'zz-photo-5-copy.png']],
      ['near', ['street-small.jpg', 'street.png']],
    ]);
    expect(groups[1]?.members[0]?.uuid).toBe(await uuidOf('street-small.jpg'));

    // The dialog's first read: each group's first members and its size; one group whole on demand.
    const first = duplicateGroupsOutput.parse(await caller().split.duplicates({ ...ids, members_per_group: 1 }));
    expect(first.groups.map((group) => [group.size, group.members.map((member) => member.img_path)])).toEqual([
      [2, ['photo-5.png']],
      [2, ['street-small.jpg']],
    ]);
    const whole = duplicateGroupOutput.parse(await caller().split.duplicateGroup({ ...ids, first_uuid: await uuidOf('street-small.jpg') }));
    expect(whole).toEqual({ kind: 'near', size: 2, members: groups[1]?.members });
    // An image that starts no group (the second of one, any other) answers none.
    expect(await caller().split.duplicateGroup({ ...ids, first_uuid: await uuidOf('street.png') })).toBeNull();
    await expect(caller().split.duplicates({ ...ids, members_per_group: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().split.duplicates({ ...ids, members_per_group: 1.5 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().split.duplicateGroup({ ...ids, first_uuid: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().split.duplicateGroup({ ...ids, project_name: 'nope', first_uuid: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a changed file loses its hashes until its thumbnail is made again, and they come back once no request runs', async () => {
    const uuid = await uuidOf('photo-13.png');
    await writePicture(path.join(folder, 'photo-13.png'), { seed: 99, width: 121, height: 90, format: 'png' });
    const unhashed = async () => duplicateGroupsOutput.parse(await caller().split.duplicates(ids)).unhashed;
    // The request answers with the thumbnail first; its hashes follow in a quiet moment, with
    // no job and no second decode.
    await t.core.images.thumbnail('bndbox', 'splits', uuid);
    expect(await unhashed()).toBe(2);
    // Stored in a batch within about a second.
    const deadline = Date.now() + 5_000;
    while ((await unhashed()) !== 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await unhashed()).toBe(1); // only the broken file
    await t.core.jobs.start('duplicates', duplicatesJobKey(await projectId()), { projectId: await projectId() });
    await t.core.jobs.settled(duplicatesJobKey(await projectId()));
    expect((await t.core.jobs.status('duplicates', duplicatesJobKey(await projectId())))?.result).toMatchObject({ hashed: 0, failed: 1 });
  });
});

describe('split', () => {
  const percentages = { train: 50, val: 25, test: 25 };

  it('gives every image a side from the seed, keeps each duplicate group on one side, and shows the counts', async () => {
    const overview = splitOverviewOutput.parse(await caller().split.run({ ...ids, seed: 7, percentages }));
    expect(overview).toMatchObject({ seed: 7, percentages });
    expect(overview.split_at).not.toBeNull();
    const sides = await sidesByPath();
    expect(Object.values(sides).every((side) => side !== null)).toBe(true);
    expect(sides['street.png']).toBe(sides['street-small.jpg']);
    expect(sides['photo-5.png']).toBe(sides['zz-photo-5-copy.png']);
    const perSide = Object.fromEntries(overview.per_side.map((entry) => [entry.side, entry.images]));
    expect(perSide.train! + perSide.val! + perSide.test!).toBe(16);
    expect(perSide.train).toBeGreaterThanOrEqual(6);
    expect(perSide.val).toBeGreaterThanOrEqual(2);
    const carImages = overview.per_label.filter((entry) => entry.label === 'car').reduce((sum, entry) => sum + entry.images, 0);
    expect(carImages).toBe(6);
    const report = await t.core.splits.reportSection('bndbox', 'splits');
    expect(report.json.split.images).toEqual({ ...perSide, none: 0 });
    expect(report.json.duplicates.groups).toEqual([
      { kind: 'exact', images: ['photo-5.png', 'zz-photo-5-copy.png'] },
      { kind: 'near', images: ['street-small.jpg', 'street.png'] },
    ]);
    // The split rides on the records the export reads.
    const records = await t.core.annotations.withImages('bndbox', 'splits', [await uuidOf('street.png')]);
    expect(records[0]?.image.split).toBe(sides['street.png']);
  });

  it('keeps a per-image change until the next split, which gives the same sides again', async () => {
    const before = await sidesByPath();
    const uuid = await uuidOf('photo-2.png');
    const moved = before['photo-2.png'] === 'test' ? 'val' : 'test';
    await caller().split.setSide({ ...ids, uuids: [uuid], side: moved });
    expect((await sidesByPath())['photo-2.png']).toBe(moved);
    await caller().split.setSide({ ...ids, uuids: [uuid], side: null });
    expect((await page()).find((item) => item.uuid === uuid)?.split).toBeUndefined();

    await caller().split.run({ ...ids, seed: 7, percentages });
    expect(await sidesByPath()).toEqual(before);
    await caller().split.run({ ...ids, seed: 8, percentages });
    const other = await sidesByPath();
    expect(other).not.toEqual(before);
    expect(other['street.png']).toBe(other['street-small.jpg']);
  });

  it('refuses bad percentages, seeds and uuids with a clear error, and changes nothing', async () => {
    const before = await sidesByPath();
    const settings = splitOverviewOutput.parse(await caller().split.overview(ids));
    await expect(caller().split.run({ ...ids, seed: 1, percentages: { train: 50, val: 30, test: 10 } })).rejects.toThrow(/add up to 100/);
    await expect(caller().split.run({ ...ids, seed: -1, percentages })).rejects.toThrow();
    await expect(caller().split.run({ ...ids, seed: 1.5, percentages })).rejects.toThrow();
    await expect(caller().split.setSide({ ...ids, uuids: [await uuidOf('photo-3.png'), 'no-such-uuid'], side: 'val' })).rejects.toThrow(/no-such-uuid/);
    await expect(caller().split.setSide({ ...ids, uuids: [await uuidOf('photo-3.png')], side: 'holdout' as never })).rejects.toThrow();
    await expect(caller().split.overview({ ...ids, project_name: 'nope' })).rejects.toThrow(/not exist/);
    expect(await sidesByPath()).toEqual(before);
    expect(splitOverviewOutput.parse(await caller().split.overview(ids))).toEqual(settings);
  });
});

describe('hashes made with thumbnails', () => {
  it('opening a project hashes each image while making its thumbnail, so find duplicates decodes nothing again', async () => {
    const other = await makeTempDir('labelport-splits-warm-');
    for (const seed of [21, 22, 23]) await writePicture(path.join(other, `p${seed}.png`), { seed, width: 90, height: 60, format: 'png' });
    fs.copyFileSync(path.join(other, 'p21.png'), path.join(other, 'p21-copy.png'));
    await t.core.projects.create({ source: 'folder', name: 'warm', type: 'bndbox', folder: other, labelFilePath: '' });
    await t.scanSettled('bndbox', 'warm');
    const warm = { annotation_type: 'bndbox' as const, project_name: 'warm' };
    expect(duplicateGroupsOutput.parse(await caller().split.duplicates(warm)).unhashed).toBe(4);
    await t.core.projects.load('bndbox', 'warm');
    await t.core.jobs.settled(thumbnailJobKey((await t.core.projects.get('bndbox', 'warm')).id));
    const groups = duplicateGroupsOutput.parse(await caller().split.duplicates(warm));
    expect(groups.unhashed).toBe(0);
    expect(groups.groups.map((group) => group.members.map((member) => member.img_path))).toEqual([['p21-copy.png', 'p21.png']]);
  });
});
