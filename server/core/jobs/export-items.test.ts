// The export's walk over a project's images: an image removed while it runs leaves no other
// image out (it read page by page at offsets, and the rest shifted under it).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import type { Repositories } from '../repositories';
import { exportItems } from './export.job';

// One more than a page of the walk (PAGE in export.job.ts).
const IMAGES = 501;
let t: TestCore;
let repos: Repositories;
let projectId: string;

beforeAll(async () => {
  t = await createTestCore({ wrapRepositories: (r) => (repos = r) });
  const folder = await makeTempDir('labelport-export-walk-');
  const first = path.join(folder, 'img-000.png');
  await writeImage(first, { format: 'png', width: 8, height: 6 });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(first, path.join(folder, `img-${String(index).padStart(3, '0')}.png`));
  await t.core.projects.create({ source: 'folder', name: 'walk', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'walk');
  projectId = (await t.core.projects.get('bndbox', 'walk')).id;
}, 60_000);

afterAll(() => t.close());

describe('exportItems', () => {
  it('reads every image still there when one already read is removed at a page edge', async () => {
    const read: string[] = [];
    let removed = false;
    for await (const batch of exportItems(repos, projectId)) {
      read.push(...batch.map((item) => item.image.relPath));
      if (read.length === IMAGES - 1 && !removed) {
        const [firstImage] = await repos.images.pageAfter(projectId, '', 1);
        await repos.inTransaction(() => repos.images.delete(projectId, firstImage!.uuid));
        removed = true;
      }
    }
    expect(removed).toBe(true);
    expect(read).toHaveLength(IMAGES);
    expect(read.at(-1)).toBe('img-500.png');
  });
});
