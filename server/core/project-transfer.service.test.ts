// Project creation, export and configuration import on a real core, without the REST layer:
// what a user gets from each, and that a refused request changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage, writeImageFolder } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';
import { EXPORT_JOB_KEY, IMPORT_JOB_KEY, addJobKey } from './jobs/job-kinds';

let t: TestCore;
let folder: string;

beforeEach(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-core-project-');
  await writeImageFolder(folder);
  await t.core.projects.create({ source: 'folder', name: 'pets', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'pets');
}, 30_000);

afterEach(() => t.close());

const exported = async (exportType: 'cfg' | 'voc' | 'yolo') => {
  await t.core.exports.start('bndbox', 'pets', exportType);
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  return t.core.exports.status();
};

describe('project creation', () => {
  it('from a folder: the scan finds every image and reports the unreadable ones', async () => {
    const status = await t.core.projects.scanStatus('bndbox', 'pets');
    expect(status).toMatchObject({ state: 'succeeded', result: { unsupported: expect.arrayContaining([path.join(folder, 'empty.jpg')]) } });
    expect((await t.core.projects.loadingStatus('bndbox', 'pets')).state).toBe('loaded');
  });

  it('from a chosen configuration: the exported project comes back under its name with its shapes', async () => {
    const [uuid = ''] = (await t.core.projects.loadingStatus('bndbox', 'pets')).uuids;
    await t.core.annotations.saveEditorShapes('bndbox', 'pets', uuid, [{ id: 'b', kind: 'box', x: 1, y: 2, w: 3, h: 4, label: 'cat' }]);
    const configPath = (await exported('cfg'))?.result?.path ?? '';
    await t.core.projects.remove('bndbox', 'pets');
    t.chooser.next.file = configPath;
    await t.core.projects.create({ source: 'chosen_config' });
    await t.core.jobs.settled(IMPORT_JOB_KEY);
    expect(await t.core.imports.status()).toMatchObject({ state: 'succeeded', result: { projectName: 'pets', cancelled: false } });
    expect((await t.core.annotations.editorImages('bndbox', 'pets', [uuid]))[0]?.shapes).toEqual([expect.objectContaining({ x: 1, y: 2, w: 3, h: 4, label: 'cat' })]);
  });

  it('from a configuration choice the user cancels: no project, an import that says so', async () => {
    t.chooser.next.file = '';
    await t.core.projects.create({ source: 'chosen_config' });
    await t.core.jobs.settled(IMPORT_JOB_KEY);
    expect(await t.core.imports.status()).toMatchObject({ state: 'succeeded', result: { projectName: null, cancelled: true } });
    expect((await t.core.projects.listAll()).map((overview) => overview.project.name)).toEqual(['pets']);
  });
});

describe('export', () => {
  it('writes one VOC file per image into a zip next to the images, counting every image', async () => {
    const status = await exported('voc');
    const imageCount = (await t.core.projects.loadingStatus('bndbox', 'pets')).uuids.length;
    expect(status).toMatchObject({ state: 'succeeded', done: imageCount, total: imageCount, result: { path: path.join(folder, 'pets_voc.zip') } });
    const entries = readZip(fs.readFileSync(path.join(folder, 'pets_voc.zip'))).map((entry) => entry.name);
    expect(entries.filter((name) => name.startsWith('Annotations/'))).toHaveLength(imageCount);
    expect(entries).toContain('Annotations/nested/deeper/bird.xml');
    expect(entries).toEqual(expect.arrayContaining(['report.json', 'report.md']));
  });

  it('leaves no partial file when the project folder cannot take the zip', async () => {
    fs.mkdirSync(path.join(folder, 'pets_yolo.zip'));
    const status = await exported('yolo');
    expect(status?.state).toBe('failed');
    expect(fs.readdirSync(folder).filter((name) => name.includes('.partial'))).toEqual([]);
  });
});

describe('adding images', () => {
  it('with no uploads copies the images of the folder the user picks', async () => {
    const picked = await makeTempDir('labelport-core-picked-');
    await writeImage(path.join(picked, 'new.png'), { format: 'png', width: 10, height: 10 });
    t.chooser.next.folder = picked;
    await t.core.imageFiles.add('bndbox', 'pets', []);
    await t.core.jobs.settled(addJobKey((await t.core.projects.get('bndbox', 'pets')).id));
    expect(await t.core.imageFiles.addStatus('bndbox', 'pets')).toMatchObject({ state: 'succeeded', result: { added: ['new.png'] } });
    expect(fs.existsSync(path.join(folder, 'new.png'))).toBe(true);
  });

  it('refuses a batch with one file that is not an image and writes none of it', async () => {
    const png = fs.readFileSync(path.join(folder, 'dog.png')).toString('base64');
    const uploads = [
      { name: 'fine.png', dataUrl: `data:image/png;base64,${png}` },
      { name: 'bad.png', dataUrl: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` },
    ];
    await expect(t.core.imageFiles.add('bndbox', 'pets', uploads)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(fs.existsSync(path.join(folder, 'fine.png'))).toBe(false);
    expect(await t.core.imageFiles.addStatus('bndbox', 'pets')).toBeUndefined();
  });
});
