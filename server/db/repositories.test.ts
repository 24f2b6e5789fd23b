// The per-project caches of counts and uuid lists: whatever changes a project's images, the
// next read answers what the database holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewImage, Repositories } from '@/server/core/repositories';
import type { Project } from '@/server/core/types';
import { openDatabase, type LabelportDatabase } from './database';
import { createSqliteRepositories } from './repositories';

let db: LabelportDatabase;
let repos: Repositories;

const project = (id: string): Project => ({
  id,
  name: id,
  type: 'bndbox',
  folder: `/images/${id}`,
  isNew: true,
  isStarred: false,
  versionUuid: `${id}-version`,
  createdAt: 0,
  lastModifiedAt: 0,
  labels: [],
});
const image = (uuid: string, relPath: string): NewImage => ({ uuid, relPath, format: 'png', width: 4, height: 3, depth: 3, fileSize: 100, mtimeMs: 0 });
const placement = { x: 0, y: 0, w: 4, h: 3 };

beforeEach(async () => {
  db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-repos-')));
  repos = createSqliteRepositories(db);
  for (const id of ['p', 'other']) await repos.projects.insert(project(id));
  await repos.images.insertMany('p', [image('b', 'b.png'), image('a', 'a.png'), image('c', 'c.png')]);
  await repos.images.insertMany('other', [image('x', 'x.png')]);
});
afterEach(() => db.close());

describe('uuid list of a project', () => {
  it('follows every change of the project\'s images, in path order', async () => {
    expect(await repos.images.listUuids('p')).toEqual(['a', 'b', 'c']);
    await repos.images.insertMany('p', [image('d', '0.png')]);
    expect(await repos.images.listUuids('p')).toEqual(['d', 'a', 'b', 'c']);
    await repos.images.rename('p', 'a', 'z.png');
    expect(await repos.images.listUuids('p')).toEqual(['d', 'b', 'c', 'a']);
    await repos.images.setPresent('p', ['b'], false);
    expect(await repos.images.listUuids('p')).toEqual(['d', 'c', 'a']);
    await repos.images.setPresent('p', ['b'], true);
    expect(await repos.images.listUuids('p')).toEqual(['d', 'b', 'c', 'a']);
    await repos.images.delete('p', 'c');
    expect(await repos.images.listUuids('p')).toEqual(['d', 'b', 'a']);
    await repos.projects.delete('p');
    expect(await repos.images.listUuids('p')).toEqual([]);
    expect(await repos.images.listUuids('other')).toEqual(['x']);
  });

  it('keeps a change of one project out of another project\'s list', async () => {
    expect(await repos.images.listUuids('other')).toEqual(['x']);
    await repos.images.delete('p', 'a');
    await repos.images.insertMany('other', [image('y', 'y.png')]);
    expect(await repos.images.listUuids('p')).toEqual(['b', 'c']);
    expect(await repos.images.listUuids('other')).toEqual(['x', 'y']);
  });

  it('is read once while only shapes change, and the counts still see the new shapes', async () => {
    const list = await repos.images.listUuids('p');
    expect(await repos.images.counts('p')).toEqual({ total: 3, labeled: 0 });
    await repos.annotations.save('p', 'a', { shapes: [{ kind: 'box', x1: 0, y1: 0, x2: 1, y2: 1, distanceToImg: null, lineWidth: 1, color: null, label: 'cat', id: '1' }], placement }, 1);
    expect(await repos.images.listUuids('p')).toBe(list);
    expect(await repos.images.counts('p')).toEqual({ total: 3, labeled: 1 });
  });
});
