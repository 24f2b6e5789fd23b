// A photo whose pixels lie sideways until EXIF orientation turns them: the scan keeps the
// orientation, the export report warns that readers ignoring EXIF decode another size, and a
// project scanned before the orientation was stored gets it on its next reload.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEY, scanJobKey } from '@/server/core/jobs/job-kinds';
import { readZip } from '@/server/files/zip-reader';
import { openCore } from '@/server/runtime/open-core';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';

let folder: string;
let dataDir: string;

const open = () => openCore({ dataDir, log: () => undefined });
const orientations = async (core: Awaited<ReturnType<typeof open>>) => {
  const { uuids } = await core.projects.loadingStatus('bndbox', 'photos');
  return Object.fromEntries((await core.annotations.withImages('bndbox', 'photos', uuids)).map(({ image }) => [image.relPath, image.orientation]));
};

beforeAll(async () => {
  folder = await makeTempDir('labelport-orientation-');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-data-'));
  await writeImage(path.join(folder, 'portrait.jpg'), { format: 'jpeg', width: 300, height: 200, orientation: 6 });
  await writeImage(path.join(folder, 'upright.jpg'), { format: 'jpeg', width: 300, height: 200 });
}, 30_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('EXIF orientation', () => {
  it('is kept by the scan and reported by the export as a size a reader ignoring EXIF gets wrong', async () => {
    const core = await open();
    try {
      await core.projects.create({ source: 'folder', name: 'photos', type: 'bndbox', folder, labelFilePath: '' });
      await core.jobs.settled(scanJobKey((await core.projects.get('bndbox', 'photos')).id));
      await core.projects.load('bndbox', 'photos');
      expect(await orientations(core)).toEqual({ 'portrait.jpg': 6, 'upright.jpg': 1 });

      await core.exports.start('bndbox', 'photos', 'voc');
      await core.jobs.settled(EXPORT_JOB_KEY);
      const zip = readZip(fs.readFileSync((await core.exports.status())?.result?.path ?? ''));
      const report = JSON.parse(zip.find((entry) => entry.name === 'report.json')?.data.toString('utf8') ?? '{}') as {
        checks: { before: Array<{ rule: string; entries: Array<{ image: string; detail: string }> }> };
      };
      const mismatch = report.checks.before.find((rule) => rule.rule === 'image-size-mismatch');
      expect(mismatch?.entries.map((entry) => entry.image)).toEqual(['portrait.jpg']);
      expect(mismatch?.entries[0]?.detail).toContain('decodes to 300 x 200 without EXIF');
    } finally {
      await core.close();
    }
  }, 30_000);

  it('is read again on the next reload of a project scanned before it was stored', async () => {
    const db = new Database(path.join(dataDir, 'labelport.db'));
    db.prepare('UPDATE images SET orientation = NULL').run();
    db.close();
    const core = await open();
    try {
      await core.projects.load('bndbox', 'photos');
      expect(await orientations(core)).toStrictEqual({ 'portrait.jpg': undefined, 'upright.jpg': undefined });
      await core.projects.reload('bndbox', 'photos');
      await core.jobs.settled(scanJobKey((await core.projects.get('bndbox', 'photos')).id));
      expect(await orientations(core)).toEqual({ 'portrait.jpg': 6, 'upright.jpg': 1 });
    } finally {
      await core.close();
    }
  }, 30_000);
});
