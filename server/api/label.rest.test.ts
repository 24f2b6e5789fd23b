// Labels through the workspace's tRPC procedures and through the REST imports: changes sent at
// once all land in order, and every import adds the labels it brings, with colors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEY, IMPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { loadingStatusOutput } from './schemas/project.schema';
import { annotationImportOutput } from './schemas/transfer.schema';

let t: TestCore;
let folder: string;

const caller = () => createCaller({ core: t.core, transport: 'trpc', actor: null });
const ids = (name: string) => ({ annotation_type: 'bndbox' as const, project_name: name });

async function createProject(name: string, labels: string[]) {
  const labelFile = path.join(folder, '..', `${name}.txt`);
  fs.writeFileSync(labelFile, labels.join('\n'));
  await t.rest.put('/v2/projects', { status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: labelFile });
  await t.scanSettled('bndbox', name);
}

async function restLabels(name: string) {
  await t.rest.get(`/bndbox/projects/${name}`);
  return loadingStatusOutput.parse((await t.rest.get(`/bndbox/projects/${name}/loadingstatus`)).body).label_list;
}

async function importFiles(name: string, format: string, files: Array<{ path: string; content: string }>) {
  const reply = await t.rest.put(`/v2/bndbox/projects/${name}/import/${format}`, { files });
  return reply.body.message === 1 ? annotationImportOutput.parse(reply.body) : reply.body;
}

beforeAll(async () => {
  t = await createTestCore();
  folder = path.join(await makeTempDir('labelport-label-rest-'), 'images');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 64, height: 48 });
  await writeImage(path.join(folder, 'b.png'), { format: 'png', width: 40, height: 30 });
});

afterAll(async () => {
  await t.close();
});

describe('label procedures', () => {
  it('lands every add sent at once, in the order sent', async () => {
    await createProject('burst', []);
    await Promise.all(['person', 'dog', 'cat', 'bike'].map((label) => caller().label.add({ ...ids('burst'), label })));
    expect(await restLabels('burst')).toEqual(['person', 'dog', 'cat', 'bike']);
  });

  it('answers bad input, a taken name and an unknown label with their tRPC codes', async () => {
    await createProject('codes', ['car', 'bus']);
    const colors = (await caller().label.list(ids('codes'))).map((label) => label.color);
    await expect(caller().label.add({ ...ids('codes'), label: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().label.rename({ ...ids('codes'), from: 'car', to: 'bus' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(caller().label.recolor({ ...ids('codes'), label: 'boat', color: '#000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller().label.recolor({ ...ids('codes'), label: 'car', color: 'url(javascript:x)' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().label.remove({ ...ids('ghost'), label: 'car' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller().label.remove({ ...ids('codes'), label: 'x'.repeat(5000) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await restLabels('codes')).toEqual(['car', 'bus']);
    expect((await caller().label.list(ids('codes'))).map((label) => label.color)).toEqual(colors);
  });
});

describe('a classifai client with a stale label list', () => {
  it('saves a shape with a label renamed since under the name it became, and gets that name back', async () => {
    await createProject('stale', ['car', 'bus']);
    await t.rest.get('/bndbox/projects/stale');
    const [uuid = ''] = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/stale/loadingstatus')).body).uuid_list ?? [];
    await caller().label.rename({ ...ids('stale'), from: 'car', to: 'auto' });
    const box = (label: string) => ({ x1: 1, y1: 1, x2: 9, y2: 9, lineWidth: 2, color: null, distancetoImg: { x: 0, y: 0 }, label, id: label });
    const update = { uuid, bnd_box: [box('car'), box('bus')], img_x: 0, img_y: 0, img_w: 64, img_h: 48 };
    expect((await t.rest.put(`/bndbox/projects/stale/uuid/${uuid}/update`, update)).body).toEqual({ message: 1 });
    const thumbnail = await t.rest.get(`/bndbox/projects/stale/uuid/${uuid}/thumbnail`);
    expect((thumbnail.body.bnd_box as Array<{ label: string }>).map((shape) => shape.label)).toEqual(['auto', 'bus']);
  });
});

describe('imports add their labels', () => {
  it('adds COCO categories, VOC and labelme object names and YOLO classes after the existing labels', async () => {
    await createProject('imported', ['owl']);
    const [owl] = await caller().label.list(ids('imported'));
    const coco = {
      images: [{ id: 1, file_name: 'a.jpg', width: 64, height: 48 }],
      annotations: [{ id: 1, image_id: 1, category_id: 2, bbox: [1, 1, 10, 10] }],
      categories: [{ id: 1, name: 'kite' }, { id: 2, name: 'owl' }],
    };
    expect(await importFiles('imported', 'coco', [{ path: 'instances.json', content: JSON.stringify(coco) }])).toMatchObject({ matched_image_count: 1, error_list: [] });
    const voc = '<annotation><filename>b.png</filename><object><name>lamp</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>9</xmax><ymax>9</ymax></bndbox></object></annotation>';
    expect(await importFiles('imported', 'voc', [{ path: 'b.xml', content: voc }])).toMatchObject({ matched_image_count: 1, error_list: [] });
    const labelme = { imagePath: 'a.jpg', shapes: [{ label: 'mast', points: [[1, 1], [9, 9]], shape_type: 'rectangle' }] };
    expect(await importFiles('imported', 'labelme', [{ path: 'a.json', content: JSON.stringify(labelme) }])).toMatchObject({ matched_image_count: 1 });
    const yolo = [{ path: 'classes.txt', content: 'wheel\nkite\n' }, { path: 'b.txt', content: '1 0.5 0.5 0.2 0.2\n' }];
    expect(await importFiles('imported', 'yolo', yolo)).toMatchObject({ matched_image_count: 1, error_list: [] });

    const labels = await caller().label.list(ids('imported'));
    expect(labels.map((label) => label.name)).toEqual(['owl', 'kite', 'lamp', 'mast', 'wheel']);
    expect(labels[0]).toEqual(owl);
    expect(new Set(labels.map((label) => label.color)).size).toBe(5);
    expect(await restLabels('imported')).toEqual(['owl', 'kite', 'lamp', 'mast', 'wheel']);
  });

  it('adds nothing when the import is refused', async () => {
    await createProject('refused', ['owl']);
    const reply = await importFiles('refused', 'coco', [{ path: 'x.json', content: JSON.stringify({ images: [], annotations: [{}], categories: [{ id: 1, name: 'kite' }] }) }]);
    expect(reply).toMatchObject({ message: 0 });
    expect(await restLabels('refused')).toEqual(['owl']);
  });

  it('a classifai configuration brings the labels its shapes use, also those missing from its list', async () => {
    await createProject('config', ['car']);
    await t.rest.get('/bndbox/projects/config');
    const [uuid = ''] = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/config/loadingstatus')).body).uuid_list ?? [];
    const box = (label: string) => ({ x1: 1, y1: 1, x2: 9, y2: 9, lineWidth: 2, color: null, distancetoImg: { x: 0, y: 0 }, label, id: label });
    await t.rest.put(`/bndbox/projects/config/uuid/${uuid}/update`, { uuid, bnd_box: [box('car'), box('heron')], img_x: 0, img_y: 0, img_w: 64, img_h: 48 });
    expect((await t.rest.put('/v2/bndbox/projects/config/export/cfg', {})).body).toEqual({ message: 1 });
    await t.core.jobs.settled(EXPORT_JOB_KEY);
    expect((await t.rest.delete('/bndbox/projects/config')).body).toEqual({ message: 1 });

    t.chooser.next.file = path.join(folder, 'config.json');
    expect((await t.rest.put('/v2/projects', { status: 'config' })).body).toEqual({ message: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await t.core.jobs.settled(IMPORT_JOB_KEY);
    expect(await restLabels('config')).toEqual(['car', 'heron']);
  });
});
