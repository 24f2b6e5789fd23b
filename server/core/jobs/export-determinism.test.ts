// Two exports of unchanged data are the same bytes, whatever time passed between them, so a
// dataset kept in git diffs only where the labels changed; an edit in between shows up.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { EXPORT_TYPES, type ExportType } from '../formats';
import { EXPORT_JOB_KEY } from './job-kinds';

let t: TestCore;
let folder: string;
const uuids: string[] = [];

async function exportBytes(name: string, exportType: ExportType): Promise<Buffer> {
  await t.core.exports.start('seg', name, exportType);
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  const status = await t.core.exports.status();
  expect(status?.state, JSON.stringify(status)).toBe('succeeded');
  return fs.readFileSync(await t.core.exports.writtenFile('seg', name));
}

beforeAll(async () => {
  // Read at each call, so the faked Date below moves the core's clock too.
  t = await createTestCore({ now: () => Date.now() });
  folder = await makeTempDir('labelport-export-bytes-');
  await writeImage(path.join(folder, 'b.png'), { format: 'png', width: 40, height: 30 });
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 64, height: 48 });
  await writeImage(path.join(folder, 'sub', 'c.png'), { format: 'png', width: 20, height: 20 });
  await t.core.projects.create({ source: 'folder', name: 'same', type: 'seg', folder, labelFilePath: '' });
  await t.scanSettled('seg', 'same');
  const page = await t.core.images.page('seg', 'same', { filter: 'all' }, 0, 10);
  uuids.push(...page.items.map((item) => item.image.uuid));
  const [first, second] = uuids;
  if (!first || !second) throw new Error('the scan found no images');
  await t.core.annotations.saveEditorShapes('seg', 'same', first, [
    { id: 's1', kind: 'polygon', points: [{ x: 2, y: 2 }, { x: 30, y: 4 }, { x: 12, y: 25 }], label: 'cat' },
    { id: 's2', kind: 'polygon', points: [{ x: 5, y: 5 }, { x: 9, y: 5 }, { x: 9, y: 9 }, { x: 5, y: 9 }], label: 'dog' },
  ]);
  await t.core.annotations.saveEditorShapes('seg', 'same', second, [{ id: 's3', kind: 'polygon', points: [{ x: 1, y: 1 }, { x: 10, y: 1 }, { x: 10, y: 8 }], label: 'dog' }]);
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(() => t.close());

// Later than any real save made above: the service ignores a state older than the stored one.
const DAY = 86_400_000;
const start = (index: number) => Date.UTC(2031, 0, 1) + index * 10 * DAY;

describe('exports of unchanged data', () => {
  it.each(EXPORT_TYPES.map((type, index) => [type, index] as const))('%s gives the same bytes a day later, and other bytes after an edit', async (exportType, index) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start(index));
    const before = await exportBytes('same', exportType);
    vi.setSystemTime(start(index) + DAY + 3_607_000);
    const again = await exportBytes('same', exportType);
    expect(again.equals(before)).toBe(true);

    const [, second = ''] = uuids;
    vi.setSystemTime(start(index) + 2 * DAY);
    await t.core.annotations.saveEditorShapes('seg', 'same', second, [{ id: 's3', kind: 'polygon', points: [{ x: 1, y: 1 }, { x: 11, y: 1 }, { x: 10, y: 8 }], label: 'dog' }]);
    const edited = await exportBytes('same', exportType);
    expect(edited.equals(before)).toBe(false);
    // Back as it was: the same bytes again, not only "different".
    vi.setSystemTime(start(index) + 3 * DAY);
    await t.core.annotations.saveEditorShapes('seg', 'same', second, [{ id: 's3', kind: 'polygon', points: [{ x: 1, y: 1 }, { x: 10, y: 1 }, { x: 10, y: 8 }], label: 'dog' }]);
    const restored = await exportBytes('same', exportType);
    if (exportType === 'cfg' || exportType === 'cfgdata') {
      // The configuration dates itself by the project's last change, which the edits moved.
      expect(restored.equals(edited)).toBe(false);
    } else {
      expect(restored.equals(before)).toBe(true);
    }
  });
});
