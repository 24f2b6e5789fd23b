// An export's progress as a status poll sees it, for a format that builds one file from
// every image (COCO): it grows while the export runs (all three reads of every image) instead
// of jumping from 0 to 100%, or standing at 100% while the file is written.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';
import { EXPORT_JOB_KEY } from './job-kinds';

const IMAGES = 120;
let t: TestCore;
let folder: string;

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-export-progress-');
  const first = path.join(folder, 'img-000.png');
  await writeImage(first, { format: 'png', width: 8, height: 6 });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(first, path.join(folder, `img-${String(index).padStart(3, '0')}.png`));
  await t.core.projects.create({ source: 'folder', name: 'many', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'many');
}, 30_000);

afterAll(() => t.close());

describe('export progress', () => {
  it('shows a COCO export part done while it runs, then every image done and in the file', async () => {
    await t.core.exports.start('bndbox', 'many', 'coco');
    const seen = new Set<string>();
    for (let status = await t.core.exports.status(); status?.state === 'running'; status = await t.core.exports.status()) {
      seen.add(`${status.done}/${status.total}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await t.core.jobs.settled(EXPORT_JOB_KEY);

    const partDone = [...seen].filter((progress) => progress !== `0/${IMAGES}` && progress !== '0/0');
    expect(partDone.length, [...seen].join(' ')).toBeGreaterThan(0);
    expect(partDone.every((progress) => progress.endsWith(`/${IMAGES}`))).toBe(true);
    // Its JSON is written from two more reads of every image (these have no shapes, so the last
    // writes nothing): they count, and the poll is answered during them; 100% only once it is done.
    expect([...seen], 'all done while running').not.toContain(`${IMAGES}/${IMAGES}`);
    const lastThird = partDone.filter((progress) => Number(progress.split('/')[0]) >= (2 * IMAGES) / 3);
    expect(lastThird.length, [...seen].join(' ')).toBeGreaterThan(0);
    const final = await t.core.exports.status();
    expect(final).toMatchObject({ state: 'succeeded', done: IMAGES, total: IMAGES });
    const zip = readZip(fs.readFileSync(path.join(folder, 'many_coco.zip')));
    const coco = zip.find((entry) => entry.name === 'annotations/instances.json');
    expect((JSON.parse(coco?.data.toString('utf8') ?? '{}') as { images?: unknown[] }).images).toHaveLength(IMAGES);
  });
});
