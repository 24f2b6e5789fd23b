// The split side is a column of the image row: every read of image records (the export's
// path-order pages, the strip's natural pages, single look-ups) carries it, and a changed
// file loses its hashes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewImage, Repositories } from '@/server/core/repositories';
import { openDatabase, type LabelportDatabase } from './database';
import { createSqliteRepositories } from './repositories';

let db: LabelportDatabase;
let repos: Repositories;
const image = (uuid: string, relPath: string): NewImage => ({ uuid, relPath, format: 'png', width: 4, height: 3, depth: 3, fileSize: 100, mtimeMs: 0 });

beforeEach(async () => {
  db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-split-repo-')));
  repos = createSqliteRepositories(db);
  await repos.projects.insert({ id: 'p', name: 'p', type: 'bndbox', folder: '/images/p', isNew: true, isStarred: false, versionUuid: 'v', createdAt: 0, lastModifiedAt: 0, labels: [] });
  await repos.images.insertMany('p', [image('a', 'a.png'), image('b', 'b.png'), image('c', 'c.png')]);
});
afterEach(() => db.close());

describe('split side on image records', () => {
  it('comes with pages in path and natural order, look-ups and list pages; absent when none', async () => {
    await repos.splits.setSide('p', ['a', 'c'], 'val');
    await repos.splits.setSide('p', ['b'], 'train');
    await repos.splits.setSide('p', ['c'], null);
    const sides = (records: Array<{ uuid: string; split?: string }>) => records.map((record) => [record.uuid, record.split]);
    const expected = [['a', 'val'], ['b', 'train'], ['c', undefined]];
    expect(sides(await repos.images.page('p', 'all', 0, 10))).toEqual(expected);
    expect(sides(await repos.images.naturalPage('p', 'all', 0, 10))).toEqual(expected);
    expect(sides(await repos.images.listPage('p', { filter: 'all' }, 0, 10))).toEqual(expected);
    expect((await repos.images.find('p', 'b'))?.split).toBe('train');
    expect('split' in (await repos.images.find('p', 'c') ?? {})).toBe(false);
  });

  it('says whether any present image has a side, which lays an export out by the split', async () => {
    expect(await repos.splits.hasSides('p')).toBe(false);
    await repos.splits.setSide('p', ['b'], 'test');
    expect(await repos.splits.hasSides('p')).toBe(true);
    await repos.images.setPresent('p', ['b'], false);
    expect(await repos.splits.hasSides('p')).toBe(false);
  });

  it('refuses a side that is not train, val or test', async () => {
    await expect(repos.splits.setSide('p', ['a'], 'holdout' as never)).rejects.toThrow(/CHECK/);
  });

  it('counts images per side, per label and without shapes', async () => {
    await repos.splits.setSide('p', ['a', 'b'], 'train');
    const box = (label: string) => ({ kind: 'box' as const, x1: 0, y1: 0, x2: 1, y2: 1, distanceToImg: null, lineWidth: 1, color: null, label, id: label });
    await repos.annotations.save('p', 'a', { shapes: [box('cat'), box('dog')], placement: { x: 0, y: 0, w: 4, h: 3 } }, 1);
    await repos.annotations.save('p', 'c', { shapes: [box('cat')], placement: { x: 0, y: 0, w: 4, h: 3 } }, 1);
    const counts = await repos.splits.sideCounts('p');
    const keyOf = (entry: { side: string | null; label?: string }) => `${entry.label ?? ''}/${entry.side ?? ''}`;
    const sorted = <T extends { side: string | null; label?: string }>(list: T[]) => [...list].sort((x, y) => keyOf(x).localeCompare(keyOf(y)));
    expect(sorted(counts.perSide)).toEqual(sorted([{ side: 'train', images: 2 }, { side: null, images: 1 }]));
    expect(sorted(counts.perLabel)).toEqual(sorted([
      { label: 'cat', side: 'train', images: 1 },
      { label: 'cat', side: null, images: 1 },
      { label: 'dog', side: 'train', images: 1 },
    ]));
    expect(counts.unlabeled).toEqual([{ side: 'train', images: 1 }]);
  });
});

describe('image hashes', () => {
  it('are kept by a rename and dropped when the file changes', async () => {
    const hashes = { contentHash: '0123456789abcdef', perceptualHash: 'fedcba9876543210' };
    const made = { ...hashes, fileSize: 100, mtimeMs: 0 };
    await repos.splits.setHashes('p', 'a', made);
    await repos.splits.setHashes('p', 'b', made);
    expect(await repos.splits.countUnhashed('p')).toBe(1);
    expect((await repos.splits.unhashedPage('p', '', 10)).map((record) => record.uuid)).toEqual(['c']);
    await repos.images.rename('p', 'a', 'z.png');
    expect((await repos.splits.candidates('p')).find((candidate) => candidate.uuid === 'a')).toMatchObject({ relPath: 'z.png', ...hashes });
    // The rename service refreshes the file facts of the same bytes: the hashes stay.
    await repos.images.updateFileFacts('p', 'a', { format: 'png', width: 4, height: 3, depth: 3, fileSize: 100, mtimeMs: 0 });
    expect((await repos.splits.candidates('p')).find((candidate) => candidate.uuid === 'a')).toMatchObject(hashes);
    await repos.images.updateFileFacts('p', 'b', { format: 'png', width: 5, height: 3, depth: 3, fileSize: 120, mtimeMs: 1 });
    expect((await repos.splits.unhashedPage('p', '', 10)).map((record) => record.uuid)).toEqual(['b', 'c']);
    expect((await repos.splits.unhashedPage('p', 'b.png', 10)).map((record) => record.uuid)).toEqual(['c']);
    // Hashes made from the file before it changed arrive late: they are not stored on the new file.
    await repos.splits.setHashes('p', 'b', made);
    expect((await repos.splits.unhashedPage('p', '', 10)).map((record) => record.uuid)).toEqual(['b', 'c']);
  });
});
