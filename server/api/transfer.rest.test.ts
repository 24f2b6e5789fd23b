// Export and import over REST: the classifai configuration round trip, cfgdata zips, and the
// training formats exported and imported back.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';
import { EXPORT_JOB_KEY, IMPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { thumbnailOutput } from './schemas/annotation.schema';
import { loadingStatusOutput, projectMetaOutput } from './schemas/project.schema';
import { exportStatusOutput, importStatusOutput } from './schemas/transfer.schema';

let t: TestCore;
let folder: string;
let uuids: string[];

const box = (x1: number, y1: number, x2: number, y2: number, label: string) => ({
  x1, y1, x2, y2, lineWidth: 2, color: 'rgba(255,0,0,1.0)', distancetoImg: { x: 5, y: 9 }, label, id: `${label}-${x1}`,
});

async function exportProject(type: string, name: string, exportType: string) {
  const reply = await t.rest.put(`/v2/${type}/projects/${encodeURIComponent(name)}/export/${exportType}`, { newprojectid: name });
  expect(reply.body).toEqual({ message: 1 });
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  return exportStatusOutput.parse((await t.rest.get(`/v2/${type}/projects/exportstatus`)).body);
}

async function importConfig(configPath: string) {
  t.chooser.next.file = configPath;
  expect((await t.rest.put('/v2/projects', { status: 'config' })).body).toEqual({ message: 1 });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await t.core.jobs.settled(IMPORT_JOB_KEY);
  return importStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/importstatus')).body);
}

const projectNames = async (type: string) =>
  projectMetaOutput.parse((await t.rest.get(`/${type}/projects/meta`)).body).content.map((p) => p.project_name);

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-export-');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 1000, height: 500 });
  await writeImage(path.join(folder, 'sub', 'b.png'), { format: 'png', width: 640, height: 480 });
  await writeImage(path.join(folder, 'c.png'), { format: 'png', width: 100, height: 100 });
  const labels = path.join(folder, 'labels.txt');
  fs.writeFileSync(labels, 'car\nperson\n');
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'street', annotation_type: 'boundingbox', project_path: folder, label_file_path: labels });
  await t.scanSettled('bndbox', 'street');
  await t.rest.get('/bndbox/projects/street');
  uuids = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/street/loadingstatus')).body).uuid_list ?? [];
  // a.jpg saved by a classifai client in canvas space: drawn at (100,50) at half size.
  await t.rest.put(`/bndbox/projects/street/uuid/${uuids[0]}/update`, { uuid: uuids[0], bnd_box: [box(150, 75, 350, 175, 'car')], img_x: 100, img_y: 50, img_w: 500, img_h: 250 });
  await t.rest.put(`/bndbox/projects/street/uuid/${uuids[2]}/update`, { uuid: uuids[2], bnd_box: [box(10, 10, 50.5, 60, 'person')], img_x: 0, img_y: 0, img_w: 640, img_h: 480 });
  await t.rest.put('/bndbox/projects/street/star', { status: 'true' });
});

afterAll(async () => {
  await t.close();
});

describe('export cfg and import it back', () => {
  it('writes <folder>/<name>.json with the classifai keys and checksums, status 2 with its path', async () => {
    const status = await exportProject('bndbox', 'street', 'cfg');
    const written = path.join(folder, 'street.json');
    expect(status).toMatchObject({ message: 1, export_status: 2, export_status_message: 'EXPORT_SUCCESS', project_config_path: written });
    expect(status).not.toHaveProperty('unspellable_labels');
    const config = JSON.parse(fs.readFileSync(written, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(config)).toEqual([
      'content', 'tool', 'tool_version', 'updated_date', 'project_id', 'project_name', 'annotation_type', 'project_path',
      'is_new', 'is_starred', 'project_infra', 'current_version', 'project_version', 'uuid_version_list', 'label_version_list',
    ]);
    expect(config).toMatchObject({ tool: 'classifai', project_name: 'street', annotation_type: 'boundingbox', is_starred: true, project_infra: 'on_premise' });
    const content = config.content as Record<string, { checksum: string; img_path: string }>;
    expect(Object.keys(content).sort()).toEqual([...uuids].sort());
    const a = Object.values(content).find((entry) => entry.img_path === 'a.jpg');
    expect(a?.checksum).toBe(crypto.createHash('sha256').update(fs.readFileSync(path.join(folder, 'a.jpg'))).digest('base64'));
    expect(fs.readdirSync(folder).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('says which labels the configuration cannot keep as they are ("a, b" reads back as two)', async () => {
    const commaFolder = await makeTempDir('labelport-export-comma-');
    await writeImage(path.join(commaFolder, 'a.png'), { format: 'png', width: 10, height: 10 });
    await t.rest.put('/v2/projects', { status: 'raw', project_name: 'commas', annotation_type: 'boundingbox', project_path: commaFolder, label_file_path: '' });
    await t.scanSettled('bndbox', 'commas');
    expect((await t.rest.put('/bndbox/projects/commas/newlabels', { label_list: ['car', 'red, blue'] })).body).toEqual({ message: 1 });
    for (const exportType of ['cfg', 'cfgdata']) {
      const status = await exportProject('bndbox', 'commas', exportType);
      expect(status.unspellable_labels, exportType).toEqual(['"red, blue" holds ", ", which splits it in two when classifai reads the label list back']);
    }
    // The other formats write it whole.
    expect(await exportProject('bndbox', 'commas', 'coco')).not.toHaveProperty('unspellable_labels');
    expect((await t.rest.delete('/bndbox/projects/commas')).body).toEqual({ message: 1 });
  });

  it('imports the exported file after the project is deleted: same uuids, shapes, labels and star', async () => {
    const before = await Promise.all(uuids.map(async (uuid) => thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/street/uuid/${uuid}/thumbnail`)).body)));
    expect((await t.rest.delete('/bndbox/projects/street')).body).toEqual({ message: 1 });
    const status = await importConfig(path.join(folder, 'street.json'));
    expect(status).toMatchObject({ message: 1, file_system_status: 3, file_system_message: 'DATABASE_UPDATED', project_name: 'street', error_message: '' });
    const meta = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/street/meta')).body).content[0];
    expect(meta).toMatchObject({ is_starred: true, total_uuid: 3, project_path: folder });
    await t.rest.get('/bndbox/projects/street');
    const loaded = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/street/loadingstatus')).body);
    expect(loaded.label_list).toEqual(['car', 'person']);
    expect([...(loaded.uuid_list ?? [])].sort()).toEqual([...uuids].sort());
    for (const record of before) {
      const after = thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/street/uuid/${record.uuid}/thumbnail`)).body);
      expect(after).toEqual(record);
    }
  });

  it('refuses an import whose name is taken and creates nothing', async () => {
    const status = await importConfig(path.join(folder, 'street.json'));
    expect(status).toMatchObject({ file_system_status: 5, file_system_message: 'ABORTED', error_message: expect.stringMatching(/already exists/) });
    expect((await projectNames('bndbox')).filter((name) => name === 'street')).toHaveLength(1);
  });

  it('refuses broken, foreign and incomplete configuration files with a clear message', async () => {
    const dir = await makeTempDir('labelport-bad-config-');
    const valid = JSON.parse(fs.readFileSync(path.join(folder, 'street.json'), 'utf8')) as Record<string, unknown>;
    const write = (name: string, content: string) => {
      fs.writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    const cases: Array<[string, RegExp]> = [
      [path.join(dir, 'missing.json'), /does not exist/],
      [write('broken.json', '{"content": {'), /not valid/],
      [write('foreign.json', JSON.stringify({ ...valid, tool: 'labelme', project_name: 'x1' })), /not valid/],
      [write('type.json', JSON.stringify({ ...valid, annotation_type: 'keypoints', project_name: 'x2' })), /not valid/],
      [write('images.json', JSON.stringify({ ...valid, project_name: 'x3' })), /None of the 3 image/],
      [write('dot.json', JSON.stringify({ ...valid, project_name: '.' })), /only dots/],
      [write('dots.json', JSON.stringify({ ...valid, project_name: '...' })), /only dots/],
      [write('spaces.json', JSON.stringify({ ...valid, project_name: '   ' })), /empty/],
    ];
    for (const [file, message] of cases) {
      const status = await importConfig(file);
      expect(status.file_system_status, file).toBe(5);
      expect(status.error_message, file).toMatch(message);
    }
    expect(await projectNames('bndbox')).toEqual(['street']);
  });

  it('leaves out an image whose file is gone, as classifai does, and says which; the others keep their shapes', async () => {
    const dir = await makeTempDir('labelport-partial-config-');
    const config = JSON.parse(fs.readFileSync(path.join(folder, 'street.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(dir, 'partial.json'), JSON.stringify({ ...config, project_name: 'partial' }));
    fs.copyFileSync(path.join(folder, 'a.jpg'), path.join(dir, 'a.jpg'));
    fs.copyFileSync(path.join(folder, 'c.png'), path.join(dir, 'c.png'));
    const status = await importConfig(path.join(dir, 'partial.json'));
    expect(status).toMatchObject({ file_system_status: 3, project_name: 'partial', missing_image_count: 1, missing_image_list: ['sub/b.png'], error_message: '' });
    await t.rest.get('/bndbox/projects/partial');
    const loaded = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/partial/loadingstatus')).body);
    expect(loaded.uuid_list).toHaveLength(2);
    // A file that is there but unreadable refuses the import: its shapes would be lost.
    fs.writeFileSync(path.join(dir, 'sub-unreadable.json'), JSON.stringify({ ...config, project_name: 'partial2' }));
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'sub', 'b.png'), 'not yet synced');
    expect(await importConfig(path.join(dir, 'sub-unreadable.json'))).toMatchObject({ file_system_status: 5, error_message: expect.stringMatching(/cannot be read.*sub\/b\.png/) });
    expect(await projectNames('bndbox')).not.toContain('partial2');
    const shapes = await Promise.all((loaded.uuid_list ?? []).map(async (uuid) => thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/partial/uuid/${uuid}/thumbnail`)).body).bnd_box?.map((shape) => shape.label)));
    expect(shapes.flat()).toEqual(['car']); // person was drawn on sub/b.png, the one left out
  });

  it('reports a cancelled chooser as aborted', async () => {
    const status = await importConfig('');
    expect(status).toMatchObject({ file_system_status: 5, file_system_message: 'ABORTED' });
  });
});

describe('export cfgdata', () => {
  it('zips the configuration and every image byte for byte under the folder name', async () => {
    const leftover = path.join(folder, 'street.zip.0badf00d.partial');
    fs.writeFileSync(leftover, 'half a zip from an export a crash interrupted');
    fs.writeFileSync(path.join(folder, 'mine.zip.0badf00d.partial'), 'not ours to remove');
    const status = await exportProject('bndbox', 'street', 'cfgdata');
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(path.join(folder, 'mine.zip.0badf00d.partial'))).toBe(true);
    fs.rmSync(path.join(folder, 'mine.zip.0badf00d.partial'));
    expect(status.project_config_path).toBe(path.join(folder, 'street.zip'));
    const entries = readZip(fs.readFileSync(path.join(folder, 'street.zip')));
    const base = path.basename(folder);
    // The export's report sits beside the folder, outside what classifai reads back.
    expect(entries.map((entry) => entry.name).sort()).toEqual([`${base}/a.jpg`, `${base}/c.png`, `${base}/street.json`, `${base}/sub/b.png`, 'report.json', 'report.md'].sort());
    for (const rel of ['a.jpg', 'c.png', 'sub/b.png']) {
      expect(entries.find((entry) => entry.name === `${base}/${rel}`)?.data.equals(fs.readFileSync(path.join(folder, rel)))).toBe(true);
    }
  });

  it('refuses an unknown export type with 400 and an unknown project with message 0', async () => {
    expect((await t.rest.put('/v2/bndbox/projects/street/export/pdf')).status).toBe(400);
    expect((await t.rest.put('/v2/bndbox/projects/ghost/export/cfg')).body).toMatchObject({ message: 0, error_code: 1 });
  });
});

describe('training formats', () => {
  it('exports COCO in pixels (canvas space converted) and imports it back', async () => {
    const status = await exportProject('bndbox', 'street', 'coco');
    const entries = readZip(fs.readFileSync(status.project_config_path ?? ''));
    const cocoEntry = entries.find((entry) => entry.name.endsWith('.json'));
    const coco = JSON.parse(cocoEntry?.data.toString('utf8') ?? '{}') as {
      images: Array<{ id: number; file_name: string }>;
      annotations: Array<{ id: number; image_id: number; category_id: number; bbox: number[]; area: number }>;
      categories: Array<{ id: number; name: string }>;
    };
    expect(coco.categories.map((c) => [c.id, c.name])).toEqual([[1, 'car'], [2, 'person']]);
    const a = coco.images.find((image) => image.file_name.endsWith('a.jpg'));
    const car = coco.annotations.find((annotation) => annotation.image_id === a?.id);
    // (150-100)*1000/500 = 100, (75-50)*500/250 = 50, width 200*2 = 400, height 100*2 = 200
    expect(car?.bbox).toEqual([100, 50, 400, 200]);
    expect(car?.area).toBe(80000);

    await t.rest.put(`/bndbox/projects/street/uuid/${uuids[0]}/update`, { uuid: uuids[0], bnd_box: [], img_x: 0, img_y: 0, img_w: 0, img_h: 0 });
    const imported = await t.rest.put('/v2/bndbox/projects/street/import/coco', { files: [{ path: 'instances.json', content: cocoEntry?.data.toString('utf8') }] });
    expect(imported.body).toMatchObject({ message: 1, matched_image_count: expect.any(Number), unmatched_list: [] });
    const record = thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/street/uuid/${uuids[0]}/thumbnail`)).body);
    expect(record.bnd_box?.map((b) => [b.x1, b.y1, b.x2, b.y2, b.label])).toEqual([[100, 50, 500, 250, 'car']]);
    expect([record.img_x, record.img_y, record.img_w, record.img_h]).toEqual([0, 0, 1000, 500]);
  });

  it('refuses bad annotation imports with the envelope and changes no shape', async () => {
    const before = thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/street/uuid/${uuids[0]}/thumbnail`)).body).bnd_box;
    const cases: Array<[string, unknown, number]> = [
      ['/v2/bndbox/projects/street/import/pdf', { files: [] }, 400],
      ['/v2/bndbox/projects/street/import/coco', {}, 400],
      ['/v2/bndbox/projects/street/import/coco', { source_path: path.join(folder, 'no-such-file.json') }, 400],
      ['/v2/bndbox/projects/street/import/coco', { files: [{ path: 'instances.json', content: '{"images": 5' }] }, 400],
      ['/v2/bndbox/projects/street/import/yolo', { files: [{ path: 'labels/a.txt', content: 'not yolo at all' }] }, 400],
      ['/v2/bndbox/projects/street/import/coco', { files: 'instances.json' }, 400],
      ['/v2/bndbox/projects/ghost/import/coco', { files: [] }, 200],
    ];
    for (const [url, body, status] of cases) {
      const reply = await t.rest.put(url, body);
      expect(reply.status, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(reply.body).toMatchObject({ message: 0, error_message: expect.any(String) });
    }
    const after = thumbnailOutput.parse((await t.rest.get(`/bndbox/projects/street/uuid/${uuids[0]}/thumbnail`)).body).bnd_box;
    expect(after).toEqual(before);
  });

  it('exports VOC, YOLO and labelme zips', async () => {
    for (const format of ['voc', 'yolo', 'labelme']) {
      const status = await exportProject('bndbox', 'street', format);
      expect(status.export_status, format).toBe(2);
      const names = readZip(fs.readFileSync(status.project_config_path ?? '')).map((entry) => entry.name);
      expect(names.length, format).toBeGreaterThan(0);
    }
  });
});
