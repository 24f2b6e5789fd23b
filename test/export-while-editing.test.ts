// COCO is written in several passes over the project (its plan, then images, then annotations,
// a file per split side). Whatever happens meanwhile, each annotation must point at its own
// image: the later passes read the images the first one saw.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import type { Repositories } from '@/server/core/repositories';
import type { BoxShape } from '@/server/core/types';
import { readZip } from '@/server/files/zip-reader';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';

const box = (label: string, x: number): BoxShape => ({ kind: 'box', x1: x, y1: 2, x2: x + 5, y2: 9, distanceToImg: null, lineWidth: null, color: null, label, id: label });
const pixels = { x: 0, y: 0, w: 40, h: 30 };

let t: TestCore;
let folder: string;
let repos: Repositories;
/** Runs once, as the later passes read their first images (the first pass reads pages, not these). */
let duringLaterPasses: (() => Promise<void>) | null = null;

beforeAll(async () => {
  t = await createTestCore({
    wrapRepositories: (inner) => {
      repos = inner;
      return {
        ...inner,
        images: {
          ...inner.images,
          findMany: async (projectId, uuids) => {
            if (duringLaterPasses) {
              const act = duringLaterPasses;
              duringLaterPasses = null;
              await act();
            }
            return inner.images.findMany(projectId, uuids);
          },
        },
      };
    },
  });
  folder = await makeTempDir('labelport-export-editing-');
  for (const name of ['a.png', 'c.png', 'd.png']) await writeImage(path.join(folder, name), { format: 'png', width: 40, height: 30 });
  await t.core.projects.create({ source: 'folder', name: 'busy', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'busy');
  await t.core.projects.load('bndbox', 'busy');
  for (const uuid of (await t.core.projects.loadingStatus('bndbox', 'busy')).uuids) {
    const { image } = (await t.core.annotations.withImages('bndbox', 'busy', [uuid]))[0]!;
    // Each image's box is labelled after its own file: a box on the wrong image shows.
    await t.core.annotations.update('bndbox', 'busy', uuid, { shapes: [box(image.relPath, 3)], placement: pixels });
  }
}, 30_000);

afterAll(() => t.close());

async function exportCoco() {
  await t.core.exports.start('bndbox', 'busy', 'coco');
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  return t.core.exports.status();
}

describe('a COCO export while the project changes', () => {
  it('keeps every annotation on its own image when an image is added between passes', async () => {
    duringLaterPasses = async () => {
      const project = await t.core.projects.get('bndbox', 'busy');
      await repos.images.insertMany(project.id, [{ uuid: 'b-new', relPath: 'b.png', format: 'png', width: 40, height: 30, depth: 3, fileSize: 1, mtimeMs: 1 }]);
    };
    const status = await exportCoco();
    expect(status?.state).toBe('succeeded');
    const zip = readZip(fs.readFileSync(status?.result?.path ?? ''));
    const coco = JSON.parse(zip.find((entry) => entry.name === 'annotations/instances.json')?.data.toString('utf8') ?? '{}') as {
      images: Array<{ id: number; file_name: string }>;
      annotations: Array<{ image_id: number; category_id: number }>;
      categories: Array<{ id: number; name: string }>;
    };
    const fileOf = new Map(coco.images.map((image) => [image.id, image.file_name]));
    const labelOf = new Map(coco.categories.map((category) => [category.id, category.name]));
    expect(coco.images.map((image) => image.file_name)).toEqual(['a.png', 'c.png', 'd.png']);
    expect(coco.annotations.map((annotation) => [fileOf.get(annotation.image_id), labelOf.get(annotation.category_id)])).toEqual([
      ['a.png', 'a.png'],
      ['c.png', 'c.png'],
      ['d.png', 'd.png'],
    ]);
  });

  it('stops with a clear error when an image it read is deleted before the later passes', async () => {
    duringLaterPasses = async () => {
      const project = await t.core.projects.get('bndbox', 'busy');
      const uuid = (await t.core.projects.loadingStatus('bndbox', 'busy')).uuids[0] ?? '';
      await repos.images.delete(project.id, uuid);
    };
    const status = await exportCoco();
    expect(status).toMatchObject({ state: 'failed', message: expect.stringContaining('deleted while the export was being written') });
  });
});
