// Zips are accepted wherever an import is: a source_path that is a zip, or an inline file sent
// as base64. Our own exports must come back whole (they used to import nothing, silently), and
// a hostile or damaged zip is refused with a clear error and changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { buildZip } from '@/server/testing/zip-fixtures';
import { annotationImportOutput, exportStatusOutput } from './schemas/transfer.schema';

let t: TestCore;
let folder: string;

const box = (x1: number, y1: number, x2: number, y2: number, label: string) => ({
  x1, y1, x2, y2, lineWidth: 2, color: 'rgba(255,0,0,1.0)', distancetoImg: { x: 0, y: 0 }, label, id: `${label}-${x1}`,
});

async function createProject(name: string) {
  await t.rest.put('/v2/projects', { status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: '' });
  await t.scanSettled('bndbox', name);
}

interface ClientRecord { uuid: string; img_path: string; bnd_box: Array<{ x1: number; y1: number; x2: number; y2: number; label: string }> }

/** Every image's record as a classifai client reads it, by path inside the folder. */
async function recordsOf(name: string): Promise<Map<string, ClientRecord>> {
  await t.rest.get(`/bndbox/projects/${name}`);
  const uuids = ((await t.rest.get(`/bndbox/projects/${name}/loadingstatus`)).body.uuid_list as string[] | undefined) ?? [];
  const records = new Map<string, ClientRecord>();
  for (const uuid of uuids) {
    const record = (await t.rest.get(`/bndbox/projects/${name}/uuid/${uuid}/thumbnail`)).body as unknown as ClientRecord;
    records.set(path.relative(folder, record.img_path), { ...record, uuid });
  }
  return records;
}

/** Every image's boxes as "label x1,y1,x2,y2", by image path: what a client would see. */
async function boxesOf(name: string): Promise<Record<string, string[]>> {
  const byPath: Record<string, string[]> = {};
  for (const [relPath, record] of await recordsOf(name)) {
    byPath[relPath] = record.bnd_box.map((b) => `${b.label} ${[b.x1, b.y1, b.x2, b.y2].map(Math.round).join(',')}`);
  }
  return byPath;
}

async function exportZip(name: string, exportType: string): Promise<string> {
  expect((await t.rest.put(`/v2/bndbox/projects/${name}/export/${exportType}`)).body).toEqual({ message: 1 });
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  const status = exportStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/exportstatus')).body);
  expect(status.export_status).toBe(2);
  return status.project_config_path ?? '';
}

const importInto = async (name: string, format: string, body: unknown) => t.rest.put(`/v2/bndbox/projects/${name}/import/${format}`, body);

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-import-zip-');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 400, height: 300 });
  await writeImage(path.join(folder, 'sub', 'b.png'), { format: 'png', width: 640, height: 480 });
  await writeImage(path.join(folder, 'c.png'), { format: 'png', width: 100, height: 100 });
  await createProject('source');
  const records = await recordsOf('source');
  const update = (relPath: string, boxes: unknown[], w: number, h: number) => {
    const uuid = records.get(relPath)?.uuid;
    return t.rest.put(`/bndbox/projects/source/uuid/${uuid}/update`, { uuid, bnd_box: boxes, img_x: 0, img_y: 0, img_w: w, img_h: h });
  };
  await update('a.jpg', [box(10, 20, 110, 220, 'car')], 400, 300);
  await update('sub/b.png', [box(5, 5, 60, 70, 'person'), box(100, 100, 300, 400, 'car')], 640, 480);
  await update('c.png', [box(1, 2, 30, 40, 'bike')], 100, 100);
});

afterAll(async () => {
  await t.close();
});

describe('importing zips', () => {
  it.each(['coco', 'labelme', 'voc', 'yolo'])('imports our own %s export zip back by path, every image matched', async (format) => {
    const zip = await exportZip('source', format);
    const target = `from-${format}-path`;
    await createProject(target);
    const reply = await importInto(target, format, { source_path: zip });
    const summary = annotationImportOutput.parse(reply.body);
    expect(summary.matched_image_count).toBe(3);
    expect(summary.error_list).toEqual([]);
    expect(await boxesOf(target)).toEqual(await boxesOf('source'));
  });

  it.each(['coco', 'voc'])('imports a %s export zip sent inline as base64, as the browser does', async (format) => {
    const zip = await exportZip('source', format);
    const target = `from-${format}-inline`;
    await createProject(target);
    const content = fs.readFileSync(zip).toString('base64');
    const summary = annotationImportOutput.parse((await importInto(target, format, { files: [{ path: path.basename(zip), content, encoding: 'base64' }] })).body);
    expect(summary.matched_image_count).toBe(3);
    expect(summary.labels_added).toEqual(expect.arrayContaining(['car', 'person', 'bike']));
    expect(await boxesOf(target)).toEqual(await boxesOf('source'));
  });

  it('refuses a zip with an entry outside its folder, naming it, and changes nothing', async () => {
    await createProject('hostile');
    const coco = JSON.stringify({ images: [{ id: 1, file_name: 'a.jpg', width: 400, height: 300 }], annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 5, 5] }], categories: [{ id: 1, name: 'car' }] });
    for (const name of ['../instances.json', 'annotations/../../instances.json', '/tmp/instances.json']) {
      const zip = buildZip([{ name: 'ok.txt', data: 'x' }, { name, data: coco }]);
      const reply = await importInto('hostile', 'coco', { files: [{ path: 'dataset.zip', content: zip.toString('base64'), encoding: 'base64' }] });
      expect(reply.body).toMatchObject({ message: 0 });
      expect(String(reply.body.error_message)).toContain(`outside its own folder: ${name}`);
    }
    expect(await boxesOf('hostile')).toEqual({ 'a.jpg': [], 'sub/b.png': [], 'c.png': [] });
  });

  it('gives a clear error for a damaged zip, a zip without annotation files, and changes nothing', async () => {
    const zip = fs.readFileSync(await exportZip('source', 'coco'));
    await createProject('damaged');
    const truncated = path.join(folder, 'truncated.zip');
    fs.writeFileSync(truncated, zip.subarray(0, Math.floor(zip.length / 2)));
    const garbled = Buffer.from(zip);
    garbled.fill(0x55, 40, Math.min(garbled.length - 200, 400));
    const cases: Array<[unknown, RegExp]> = [
      [{ source_path: truncated }, /truncated\.zip: Not a zip file, or a damaged one/],
      [{ files: [{ path: 'x.zip', content: garbled.toString('base64'), encoding: 'base64' }] }, /x\.zip: The zip is damaged/],
      [{ files: [{ path: 'x.zip', content: buildZip([{ name: 'readme.md', data: 'hi' }]).toString('base64'), encoding: 'base64' }] }, /holds no annotation files/],
    ];
    for (const [body, message] of cases) {
      const reply = await importInto('damaged', 'coco', body);
      expect(reply.body).toMatchObject({ message: 0 });
      expect(String(reply.body.error_message)).toMatch(message);
    }
    expect(await boxesOf('damaged')).toEqual({ 'a.jpg': [], 'sub/b.png': [], 'c.png': [] });
  });

  it('still takes inline text files without an encoding, as existing clients send them', async () => {
    await createProject('plain');
    const coco = JSON.stringify({ images: [{ id: 1, file_name: 'c.png', width: 100, height: 100 }], annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 2, 29, 38] }], categories: [{ id: 1, name: 'bike' }] });
    const summary = annotationImportOutput.parse((await importInto('plain', 'coco', { files: [{ path: 'instances.json', content: coco }] })).body);
    expect(summary.matched_image_count).toBe(1);
    expect((await boxesOf('plain'))['c.png']).toEqual(['bike 1,2,30,40']);
  });
});
