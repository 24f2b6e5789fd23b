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

beforeEach(() => {
  db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-split-repo-')));
  repos = createSqliteRepositories(db);
  repos.projects.insert({ id: 'p', name: 'p', type: 'bndbox', folder: '/images/p', isNew: true, isStarred: false, versionUuid: 'v', createdAt: 0, lastModifiedAt: 0, labels: [] });
  repos.images.insertMany('p', [image('a', 'a.png'), image('b', 'b.png'), image('c', 'c.png')]);
});
afterEach(() => db.close());

describe('split side on image records', () => {
  it('comes with pages in path and natural order, look-ups and list pages; absent when none', () => {
    repos.splits.setSide('p', ['a', 'c'], 'val');
    repos.splits.setSide('p', ['b'], 'train');
    repos.splits.setSide('p', ['c'], null);
    const sides = (records: Array<{ uuid: string; split?: string }>) => records.map((record) => [record.uuid, record.split]);
    const expected = [['a', 'val'], ['b', 'train'], ['c', undefined]];
    expect(sides(repos.images.page('p', 'all', 0, 10))).toEqual(expected);
    expect(sides(repos.images.naturalPage('p', 'all', 0, 10))).toEqual(expected);
    expect(sides(repos.images.listPage('p', { filter: 'all' }, 0, 10))).toEqual(expected);
    expect(repos.images.find('p', 'b')?.split).toBe('train');
    expect('split' in (repos.images.find('p', 'c') ?? {})).toBe(false);
  });

  it('says whether any present image has a side, which lays an export out by the split', () => {
    expect(repos.splits.hasSides('p')).toBe(false);
    repos.splits.setSide('p', ['b'], 'test');
    expect(repos.splits.hasSides('p')).toBe(true);
    repos.images.setPresent('p', ['b'], false);
    expect(repos.splits.hasSides('p')).toBe(false);
  });

  it('refuses a side that is not train, val or test', () => {
    expect(() => repos.splits.setSide('p', ['a'], 'holdout' as never)).toThrow(/CHECK/);
  });

  it('counts images per side, per label and without shapes', () => {
    repos.splits.setSide('p', ['a', 'b'], 'train');
    const box = (label: string) => ({ kind: 'box' as const, x1: 0, y1: 0, x2: 1, y2: 1, distanceToImg: null, lineWidth: 1, color: null, label, id: label });
    repos.annotations.save('p', 'a', { shapes: [box('cat'), box('dog')], placement: { x: 0, y: 0, w: 4, h: 3 } }, 1);
    repos.annotations.save('p', 'c', { shapes: [box('cat')], placement: { x: 0, y: 0, w: 4, h: 3 } }, 1);
    const counts = repos.splits.sideCounts('p');
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
  it('are kept by a rename and dropped when the file changes', () => {
    const hashes = { contentHash: '0123456789abcdef', perceptualHash: 'fedcba9876543210' };
    const made = { ...hashes, fileSize: 100, mtimeMs: 0 };
    repos.splits.setHashes('p', 'a', made);
    repos.splits.setHashes('p', 'b', made);
    expect(repos.splits.countUnhashed('p')).toBe(1);
    expect(repos.splits.unhashedPage('p', '', 10).map((record) => record.uuid)).toEqual(['c']);
    repos.images.rename('p', 'a', 'z.png');
    expect(repos.splits.candidates('p').find((candidate) => candidate.uuid === 'a')).toMatchObject({ relPath: 'z.png', ...hashes });
    // The rename service refreshes the file facts of the same bytes: the hashes stay.
    repos.images.updateFileFacts('p', 'a', { format: 'png', width: 4, height: 3, depth: 3, fileSize: 100, mtimeMs: 0 });
    expect(repos.splits.candidates('p').find((candidate) => candidate.uuid === 'a')).toMatchObject(hashes);
    repos.images.updateFileFacts('p', 'b', { format: 'png', width: 5, height: 3, depth: 3, fileSize: 120, mtimeMs: 1 });
    expect(repos.splits.unhashedPage('p', '', 10).map((record) => record.uuid)).toEqual(['b', 'c']);
    expect(repos.splits.unhashedPage('p', 'b.png', 10).map((record) => record.uuid)).toEqual(['c']);
    // Hashes made from the file before it changed arrive late: they are not stored on the new file.
    repos.splits.setHashes('p', 'b', made);
    expect(repos.splits.unhashedPage('p', '', 10).map((record) => record.uuid)).toEqual(['b', 'c']);
  });
});
