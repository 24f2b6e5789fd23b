// The strip's label filter, "Go to…" and "Next to-do" on real SQLite: natural order, the
// label index kept in step with every write, wrap-around and refused names.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import type { ImageList } from './repositories';
import type { BoxShape } from './types';

const NATURAL = ['img1.png', 'img2.png', 'IMG3.png', 'img10.png', 'shots/frame2.png', 'shots/Frame10.png'];

let t: TestCore;
let sharedFolder: string;

const box = (label: string, id: string): BoxShape => ({
  kind: 'box', x1: 1, y1: 1, x2: 5, y2: 5, distanceToImg: null, lineWidth: null, color: null, label, id,
});
const placement = { x: 0, y: 0, w: 8, h: 8 };

async function writeFolder(): Promise<string> {
  const folder = path.join(await makeTempDir('labelport-nav-'), 'images');
  for (const rel of NATURAL) await writeImage(path.join(folder, rel), { format: 'png', width: 8, height: 8 });
  return folder;
}

/** A project over `folder` whose images carry the given labels; answers uuid by path. */
async function createProject(name: string, shapes: Record<string, string[]>, folder = sharedFolder): Promise<Map<string, string>> {
  const labelFile = path.join(folder, '..', `${name}-labels.txt`);
  fs.writeFileSync(labelFile, 'car\nbus');
  await t.core.projects.create({ source: 'folder', name, type: 'bndbox', folder, labelFilePath: labelFile });
  await t.scanSettled('bndbox', name);
  const uuids = new Map((await t.core.images.page('bndbox', name, { filter: 'all' }, 0, 100)).items.map(({ image }) => [image.relPath, image.uuid]));
  for (const [rel, labels] of Object.entries(shapes)) {
    await t.core.annotations.update('bndbox', name, uuids.get(rel) ?? '', { shapes: labels.map((label, i) => box(label, `${rel}-${i}`)), placement });
  }
  return uuids;
}

const paths = async (name: string, list: ImageList, offset = 0, limit = 100) =>
  (await t.core.images.page('bndbox', name, list, offset, limit)).items.map(({ image }) => image.relPath);
const total = async (name: string, list: ImageList) => (await t.core.images.page('bndbox', name, list, 0, 1)).filteredTotal;
const at = async (name: string, index: number) => (await paths(name, { filter: 'all' }))[index];

const LABELED = { 'img2.png': ['car'], 'img10.png': ['car', 'bus', 'car'], 'shots/frame2.png': ['bus'] };

beforeAll(async () => {
  t = await createTestCore();
  sharedFolder = await writeFolder();
});

afterAll(async () => {
  await t.close();
});

describe('filtering the strip by label', () => {
  it('lists only the images with a shape of that label, in natural order, with their count', async () => {
    await createProject('filter', LABELED);
    expect(await paths('filter', { filter: 'all' })).toEqual(NATURAL);
    expect(await paths('filter', { filter: 'all', label: 'car' })).toEqual(['img2.png', 'img10.png']);
    expect(await total('filter', { filter: 'all', label: 'car' })).toBe(2);
    expect(await paths('filter', { filter: 'all', label: 'bus' })).toEqual(['img10.png', 'shots/frame2.png']);
    expect(await paths('filter', { filter: 'all', label: 'bus' }, 1, 1)).toEqual(['shots/frame2.png']);
    expect(await paths('filter', { filter: 'labeled', label: 'bus' })).toEqual(['img10.png', 'shots/frame2.png']);
    expect(await paths('filter', { filter: 'unlabeled', label: 'bus' })).toEqual([]);
    expect(await total('filter', { filter: 'unlabeled', label: 'bus' })).toBe(0);
    expect(await paths('filter', { filter: 'all', label: 'truck' })).toEqual([]);
    expect(await total('filter', { filter: 'all', label: 'truck' })).toBe(0);
    expect(await total('filter', { filter: 'all' })).toBe(6);
  });

  it('follows shape edits, label renames and removals, image renames and deletes', async () => {
    const uuids = await createProject('follow', LABELED, await writeFolder());
    await t.core.labels.rename('bndbox', 'follow', 'car', 'auto');
    expect(await paths('follow', { filter: 'all', label: 'car' })).toEqual([]);
    expect(await paths('follow', { filter: 'all', label: 'auto' })).toEqual(['img2.png', 'img10.png']);

    await t.core.annotations.update('bndbox', 'follow', uuids.get('img2.png') ?? '', { shapes: [], placement });
    await t.core.annotations.update('bndbox', 'follow', uuids.get('img1.png') ?? '', { shapes: [box('auto', 'n')], placement });
    expect(await paths('follow', { filter: 'all', label: 'auto' })).toEqual(['img1.png', 'img10.png']);

    const renamed = await t.core.imageFiles.rename('bndbox', 'follow', uuids.get('img10.png') ?? '', 'img0');
    expect(renamed.ok).toBe(true);
    expect(await paths('follow', { filter: 'all', label: 'auto' })).toEqual(['img0.png', 'img1.png']);
    expect(await paths('follow', { filter: 'all', label: 'bus' })).toEqual(['img0.png', 'shots/frame2.png']);

    await t.core.imageFiles.remove('bndbox', 'follow', [uuids.get('shots/frame2.png') ?? '']);
    expect(await paths('follow', { filter: 'all', label: 'bus' })).toEqual(['img0.png']);

    // Removing a label from the list leaves it on its shapes, so they can still be found.
    await t.core.labels.remove('bndbox', 'follow', 'bus', { confirm: true });
    expect(await paths('follow', { filter: 'all', label: 'bus' })).toEqual(['img0.png']);
  });
});

describe('going to an image by name', () => {
  const locate = (text: string, list: ImageList = { filter: 'all' }) => t.core.images.locate('bndbox', 'locate', list, text);

  beforeAll(async () => {
    await createProject('locate', LABELED);
  });

  it('prefers the exact path, then the file name in any case, then the first path containing the text', async () => {
    expect(await locate('shots/frame2.png')).toMatchObject({ index: 4 });
    expect(await locate('IMG10.PNG')).toMatchObject({ index: 3 });
    expect(await locate('frame10.png')).toMatchObject({ index: 5 });
    expect(await locate('FRAME')).toMatchObject({ index: 4 });
    expect(await locate('img1')).toMatchObject({ index: 0 });
    expect(await locate('g3')).toMatchObject({ index: 2 });
    expect((await locate('  img2.png '))?.uuid).toBe((await t.core.images.page('bndbox', 'locate', { filter: 'all' }, 1, 1)).items[0]?.image.uuid);
  });

  it('answers the position within the filtered list, and nothing for no match', async () => {
    expect(await locate('img10', { filter: 'all', label: 'car' })).toMatchObject({ index: 1 });
    expect(await locate('frame2', { filter: 'labeled' })).toMatchObject({ index: 2 });
    expect(await locate('img1.png', { filter: 'all', label: 'car' })).toBeUndefined();
    expect(await locate('nothing-like-it')).toBeUndefined();
  });

  it('refuses an empty text or a path leaving the folder, and an unknown project', async () => {
    for (const bad of ['', '   ', '../x', 'shots/../../x', '/etc/passwd']) {
      await expect(locate(bad), bad).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    }
    await expect(t.core.images.locate('bndbox', 'nope', { filter: 'all' }, 'img1')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('the next image without shapes', () => {
  const next = (after: number, list: ImageList = { filter: 'all' }, name = 'todo') => t.core.images.nextUnlabeled('bndbox', name, list, after);

  beforeAll(async () => {
    await createProject('todo', LABELED);
  });

  it('skips images with shapes and wraps to the start', async () => {
    expect(await next(0)).toMatchObject({ index: 2 });
    expect(await at('todo', 2)).toBe('IMG3.png');
    expect(await next(2)).toMatchObject({ index: 5 });
    expect(await next(5)).toMatchObject({ index: 0 });
    expect(await next(-1)).toMatchObject({ index: 0 });
    expect(await next(99)).toMatchObject({ index: 0 });
    expect(await next(0, { filter: 'unlabeled' })).toMatchObject({ index: 1 });
    expect(await next(2, { filter: 'unlabeled' })).toMatchObject({ index: 0 });
  });

  it('answers nothing when every image of the list has shapes', async () => {
    expect(await next(0, { filter: 'labeled' })).toBeUndefined();
    expect(await next(0, { filter: 'all', label: 'car' })).toBeUndefined();
    const everything = Object.fromEntries(NATURAL.map((rel) => [rel, ['car']]));
    await createProject('done', everything);
    expect(await next(3, { filter: 'all' }, 'done')).toBeUndefined();
    await expect(next(0, { filter: 'all' }, 'nope')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});

describe('a list kept as it was when opened', () => {
  it("gives the list's uuids in its order, and pages of them in the order asked, leaving out images gone", async () => {
    // A folder of its own: an image of it is removed (moved to its deleted folder).
    const uuids = await createProject('kept-order', LABELED, await writeFolder());
    const todo = await t.core.images.uuidsInList('bndbox', 'kept-order', { filter: 'unlabeled' });
    expect(todo).toEqual(['img1.png', 'IMG3.png', 'shots/Frame10.png'].map((rel) => uuids.get(rel)));
    expect(await t.core.images.uuidsInList('bndbox', 'kept-order', { filter: 'all', label: 'car' })).toEqual(['img2.png', 'img10.png'].map((rel) => uuids.get(rel)));
    expect(await t.core.images.uuidsInList('bndbox', 'kept-order', { filter: 'unlabeled', label: 'car' })).toEqual([]);

    // The first image is labelled and the last removed after the list was read: the kept list
    // still shows the first, with its shape count now, and leaves out only the one gone.
    await t.core.annotations.update('bndbox', 'kept-order', todo[0] ?? '', { shapes: [box('car', 'late')], placement });
    await t.core.imageFiles.remove('bndbox', 'kept-order', [todo[2] ?? '']);
    const page = await t.core.images.listed('bndbox', 'kept-order', [...todo].reverse() as string[]);
    expect(page.items.map(({ image, shapeCount }) => [image.relPath, shapeCount])).toEqual([
      ['IMG3.png', 0],
      ['img1.png', 1],
    ]);
  });

  it('finds the next image without shapes after an image that has left the list', async () => {
    const uuids = await createProject('kept-next', LABELED);
    // "To do" kept from before img1.png was labelled: the next after it is IMG3.png.
    await t.core.annotations.update('bndbox', 'kept-next', uuids.get('img1.png') ?? '', { shapes: [box('car', 'now')], placement });
    const next = (uuid: string) => t.core.images.nextUnlabeled('bndbox', 'kept-next', { filter: 'unlabeled' }, { uuid });
    expect(await next(uuids.get('img1.png') ?? '')).toMatchObject({ uuid: uuids.get('IMG3.png') });
    expect(await next(uuids.get('IMG3.png') ?? '')).toMatchObject({ uuid: uuids.get('shots/Frame10.png') });
    // Past the last: from the start of the list as it is now.
    expect(await next(uuids.get('shots/Frame10.png') ?? '')).toMatchObject({ uuid: uuids.get('IMG3.png') });
  });
});
