// Export jobs end to end: COCO is streamed record by record and the after-check sees each record as it is
// written. An imported COCO file without info and licenses comes back the same way (its own
// top-level fields are kept), and pycocotools' loadRes would fail on it: the report says so.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { readZip } from '@/server/files/zip-reader';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';

let t: TestCore;
let folder: string;

interface RuleJson {
  rule: string;
  count: number;
  entries: Array<{ detail: string }>;
}

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-coco-after-');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 40, height: 30 });
  await t.core.projects.create({ source: 'folder', name: 'bare', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'bare');
  const bare = {
    images: [{ id: 7, file_name: 'a.jpg', width: 40, height: 30 }],
    annotations: [{ id: 1, image_id: 7, category_id: 3, bbox: [2, 2, 10, 10], area: 100, iscrowd: 0 }],
    categories: [{ id: 3, name: 'cat' }],
  };
  await t.core.annotationImports.importAnnotations('bndbox', 'bare', 'coco', { files: [{ path: 'instances.json', content: JSON.stringify(bare) }] });
}, 30_000);

afterAll(() => t.close());

describe('the COCO after-check on the streamed file', () => {
  it('finds the missing info and licenses of the file as written, and nothing else', async () => {
    await t.core.exports.start('bndbox', 'bare', 'coco');
    await t.core.jobs.settled(EXPORT_JOB_KEY);
    const zip = readZip(fs.readFileSync((await t.core.exports.status())?.result?.path ?? ''));
    const written = JSON.parse(zip.find((entry) => entry.name === 'instances.json')?.data.toString('utf8') ?? '{}') as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(['images', 'annotations', 'categories']);
    const report = JSON.parse(zip.find((entry) => entry.name === 'report.json')?.data.toString('utf8') ?? '{}') as { checks: { after: RuleJson[] }; splits?: unknown };
    // The split and duplicates section is there too: no split made yet, the one image on no side.
    expect(report.splits).toMatchObject({ split: { images: { none: 1, train: 0, val: 0, test: 0 } } });
    const found = report.checks.after.filter((rule) => rule.count > 0);
    expect(found.map((rule) => [rule.rule, rule.count])).toEqual([['coco-missing-info', 1]]);
    expect(found[0]?.entries[0]?.detail).toBe('instances.json: no info and licenses');
  });
});

describe('an export of a project with a side given', () => {
  it('is laid out by the split once any image has a side', async () => {
    const uuid = (await t.core.projects.loadingStatus('bndbox', 'bare')).uuids[0] ?? '';
    await t.core.splits.setSide('bndbox', 'bare', [uuid], 'train');
    await t.core.exports.start('bndbox', 'bare', 'yolo');
    await t.core.jobs.settled(EXPORT_JOB_KEY);
    const zip = readZip(fs.readFileSync((await t.core.exports.status())?.result?.path ?? ''));
    expect(zip.map((entry) => entry.name)).toContain('labels/train/a.txt');
    expect(zip.find((entry) => entry.name === 'data.yaml')?.data.toString('utf8')).toContain('train: images/train\n');
  });
});
