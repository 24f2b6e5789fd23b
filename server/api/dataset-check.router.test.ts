// "Check dataset" through tRPC: counts per rule and entries naming image and shape, for one
// format or all; an unknown project is refused and nothing is written.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxShape } from '@/server/core/types';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { datasetCheckOutput } from './schemas/dataset-check.schema';

const box = (id: string, label: string, x1: number, y1: number, x2: number, y2: number): BoxShape => ({
  kind: 'box', x1, y1, x2, y2, distanceToImg: null, lineWidth: null, color: null, label, id,
});

let t: TestCore;
let caller: ReturnType<typeof createCaller>;
let folder: string;
let uuid = '';

beforeAll(async () => {
  t = await createTestCore();
  caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
  folder = await makeTempDir('labelport-dataset-check-');
  await writeImage(path.join(folder, 'a.png'), { format: 'png', width: 40, height: 30 });
  await t.core.projects.create({ source: 'folder', name: 'checks', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'checks');
  [uuid = ''] = (await t.core.projects.loadingStatus('bndbox', 'checks')).uuids;
  await t.core.annotations.update('bndbox', 'checks', uuid, { shapes: [box('in', 'car', 1, 1, 9, 9), box('out', 'car', 30, 20, 45, 35)], placement: { x: 0, y: 0, w: 40, h: 30 } });
}, 30_000);
afterAll(() => t.close());

describe('dataset.check', () => {
  it('answers the rules of the format with counts, the fix and the entry of the shape past the edge', async () => {
    const reply = datasetCheckOutput.parse(await caller.dataset.check({ annotation_type: 'bndbox', project_name: 'checks', format: 'yolo' }));
    const outside = reply.rules.find((rule) => rule.rule === 'outside-image');
    expect(outside).toMatchObject({ count: 1, fix: 'clip', entries: [{ image_uuid: uuid, rel_path: 'a.png', shape_id: 'out' }] });
    expect(reply.rules.filter((rule) => rule.rule !== 'outside-image').every((rule) => rule.count === 0)).toBe(true);
    expect(reply.rules.map((rule) => rule.rule)).not.toContain('coco-missing-info');
  });

  it('all formats: each finding once', async () => {
    const reply = await caller.dataset.check({ annotation_type: 'bndbox', project_name: 'checks', format: 'all' });
    expect(reply.rules.find((rule) => rule.rule === 'outside-image')?.count).toBe(1);
    expect(reply.rules.map((rule) => rule.rule)).toContain('coco-missing-info');
  });

  it('refuses an unknown project and writes nothing into the folder', async () => {
    await expect(caller.dataset.check({ annotation_type: 'bndbox', project_name: 'nope', format: 'coco' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(fs.readdirSync(folder)).toEqual(['a.png']);
  });
});
