// The workspace browses images in natural, case-insensitive order; REST clients keep
// classifai's path order for uuid lists.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { thumbnailOutput } from './schemas/annotation.schema';
import { loadingStatusOutput } from './schemas/project.schema';

const NATURAL = [
  'aqua copy (2).jpg',
  'Aqua.jpg',
  'img1.png',
  'img2.png',
  'IMG3.png',
  'img10.png',
  'img11.png',
  'img20.png',
  'shots/frame2.png',
  'shots/frame10.png',
  'YellowFlower.jpg',
];

let t: TestCore;
let folder: string;
const ids = { annotation_type: 'bndbox' as const, project_name: 'order' };

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-order-');
  for (const rel of NATURAL) {
    await writeImage(path.join(folder, rel), { format: rel.endsWith('.png') ? 'png' : 'jpeg', width: 8, height: 8 });
  }
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'order', annotation_type: 'bndbox', project_path: folder, label_file_path: '' });
  await t.scanSettled('bndbox', 'order');
});

afterAll(async () => {
  await t.close();
});

const readAllPages = async (limit: number) => {
  const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
  const seen: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await caller.image.page({ ...ids, offset, limit });
    seen.push(...page.items.map((item) => item.img_path));
    if (page.items.length < limit) return seen;
  }
};

describe('workspace image order', () => {
  it('lists images naturally and case-insensitively', async () => {
    expect(await readAllPages(100)).toEqual(NATURAL);
  });

  it('keeps that order across page boundaries, with no image repeated or skipped', async () => {
    expect(await readAllPages(4)).toEqual(NATURAL);
    expect(await readAllPages(1)).toEqual(NATURAL);
  });

  it('moves a renamed image to its new place in the order', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const image = (await caller.image.page({ ...ids, offset: 2, limit: 1 })).items[0];
    expect(image?.img_path).toBe('img1.png');
    const rename = (newName: string) => t.rest.put('/v2/bndbox/projects/order/imgsrc/rename', { uuid: image?.uuid, new_fname: newName });
    expect((await rename('img30.png')).body.message).toBe(1);
    expect(await readAllPages(100)).toEqual([...NATURAL.slice(0, 2), ...NATURAL.slice(3, 8), 'img30.png', ...NATURAL.slice(8)]);
    expect((await rename('img1.png')).body.message).toBe(1);
    expect(await readAllPages(100)).toEqual(NATURAL);
  });
});

describe('REST uuid order', () => {
  it('stays classifai\'s path byte order', async () => {
    const status = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/order/loadingstatus')).body);
    const paths: string[] = [];
    for (const uuid of status.uuid_list ?? []) {
      const record = thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/order/uuid/${uuid}/thumbnail`)).body);
      paths.push(path.relative(folder, record.img_path));
    }
    const byteOrder = [...NATURAL].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(paths).toEqual(byteOrder);
    expect(byteOrder).not.toEqual(NATURAL);
  });
});

describe('going to an image over tRPC', () => {
  it('answers the natural position, null for no match, and BAD_REQUEST / NOT_FOUND for bad input', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    expect(await caller.image.locate({ ...ids, filter: 'all', name: 'IMG10.png' })).toMatchObject({ index: NATURAL.indexOf('img10.png') });
    expect(await caller.image.locate({ ...ids, filter: 'all', name: 'no-such' })).toBeNull();
    expect(await caller.image.nextUnlabeled({ ...ids, filter: 'all', after: 3 })).toMatchObject({ index: 4 });
    await expect(caller.image.locate({ ...ids, filter: 'all', name: '../x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.image.locate({ ...ids, filter: 'all', name: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/file name/) });
    await expect(caller.image.nextUnlabeled({ ...ids, project_name: 'nope', filter: 'all', after: 0 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
