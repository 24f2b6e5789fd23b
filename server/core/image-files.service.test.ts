// Adding and deleting image files on a real core, where the request is answered: names
// Labelport keeps for itself, and a deleted folder that is not a folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBmp, makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { DELETED_FOLDER_NAME } from '@/server/files/project-folder';

let t: TestCore;
let folder: string;

beforeAll(async () => {
  t = await createTestCore();
  folder = path.join(await makeTempDir('labelport-files-'), 'images');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 16, height: 12 });
  await t.core.projects.create({ source: 'folder', name: 'files', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'files');
  await t.core.projects.load('bndbox', 'files');
});

afterAll(async () => {
  await t.close();
});

describe('add', () => {
  // A .labelport-*.partial is removed by the next add, and a file named like the deleted folder
  // makes every delete fail: the whole request is refused before anything is written.
  it('refuses uploads named like a temporary or the deleted folder, and writes nothing', async () => {
    const bmp = `data:image/bmp;base64,${encodeBmp(4, 4, { r: 40, g: 120, b: 200 }).toString('base64')}`;
    const before = fs.readdirSync(folder).sort();
    for (const name of ['.labelport-0123456789ab.partial', '.labelport-x.partial', DELETED_FOLDER_NAME]) {
      const uploads = [{ name: 'fine.bmp', dataUrl: bmp }, { name, dataUrl: bmp }];
      await expect(t.core.imageFiles.add('bndbox', 'files', uploads), name).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('reserved') });
    }
    expect(fs.readdirSync(folder).sort()).toEqual(before);
  });
});

describe('remove', () => {
  // A symlink there carried the user's images wherever it pointed.
  it('refuses to delete while the deleted folder is a symlink, and moves nothing', async () => {
    const elsewhere = await makeTempDir('labelport-elsewhere-');
    fs.symlinkSync(elsewhere, path.join(folder, DELETED_FOLDER_NAME));
    const uuids = (await t.core.projects.loadingStatus('bndbox', 'files')).uuids;
    expect(uuids).toHaveLength(1);
    await expect(t.core.imageFiles.remove('bndbox', 'files', uuids)).rejects.toMatchObject({ code: 'invalid_state' });
    expect(fs.existsSync(path.join(folder, 'a.jpg'))).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect((await t.core.projects.loadingStatus('bndbox', 'files')).uuids).toEqual(uuids);
  });
});
