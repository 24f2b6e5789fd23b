// The class table on real SQLite: stable class ids, hotkeys and dataset numbers unique per
// project, merge and guarded removal, and exports and imports that keep a model's class ids.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';
import { EXPORT_JOB_KEY } from './jobs/job-kinds';
import type { ExportOptions, ExportType } from './formats';
import type { BoxShape } from './types';

let t: TestCore;
let folder: string;

const box = (label: string, id: string): BoxShape => ({
  kind: 'box', x1: 1, y1: 1, x2: 5, y2: 5, distanceToImg: null, lineWidth: null, color: null, label, id,
});
const placement = { x: 0, y: 0, w: 64, h: 48 };

async function createProject(name: string, labels: string[]): Promise<readonly string[]> {
  const labelFile = path.join(folder, '..', `${name}-labels.txt`);
  fs.writeFileSync(labelFile, labels.join('\n'));
  await t.core.projects.create({ source: 'folder', name, type: 'bndbox', folder, labelFilePath: labelFile });
  await t.scanSettled('bndbox', name);
  await t.core.projects.load('bndbox', name);
  return (await t.core.projects.loadingStatus('bndbox', name)).uuids;
}

const labels = () => t.core.labels;
const table = async (name: string) => (await labels().classes('bndbox', name)).map(({ name: label, classId, hotkey, cocoId, yoloIndex }) => ({ label, classId, hotkey, cocoId, yoloIndex }));
const ids = async (name: string) => Object.fromEntries((await labels().classes('bndbox', name)).map((entry) => [entry.name, entry.classId]));
const shapeLabels = async (name: string, uuid: string) =>
  (await t.core.annotations.withImages('bndbox', name, [uuid]))[0]?.annotation.shapes.map((shape) => shape.label);

async function exportFiles(name: string, type: ExportType, options?: ExportOptions) {
  await t.core.exports.start('bndbox', name, type, options);
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  expect(await t.core.exports.status()).toMatchObject({ state: 'succeeded' });
  const zip = readZip(fs.readFileSync(path.join(folder, `${name}_${type}.zip`)));
  return (entry: string) => zip.find((file) => file.name === entry)?.data.toString('utf8') ?? '';
}

beforeAll(async () => {
  t = await createTestCore();
  folder = path.join(await makeTempDir('labelport-classes-'), 'images');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 64, height: 48 });
  await writeImage(path.join(folder, 'b.png'), { format: 'png', width: 40, height: 30 });
});

afterAll(async () => {
  await t.close();
});

describe('class ids', () => {
  it('numbers labels from 0 as they come and never gives a removed label its id again', async () => {
    await createProject('ids', ['car', 'bus']);
    await labels().add('bndbox', 'ids', 'bike');
    expect(await ids('ids')).toEqual({ car: 0, bus: 1, bike: 2 });
    await labels().remove('bndbox', 'ids', 'bike');
    await labels().add('bndbox', 'ids', 'van');
    await labels().add('bndbox', 'ids', 'bike');
    expect(await ids('ids')).toEqual({ car: 0, bus: 1, van: 3, bike: 4 });
  });

  it("keeps ids and numbers through classifai's newlabels, a new label taking the next id", async () => {
    await createProject('v1-ids', ['car', 'bus']);
    await labels().update('bndbox', 'v1-ids', 'bus', { hotkey: 'Q', cocoId: 9 });
    expect((await t.rest.put('/bndbox/projects/v1-ids/newlabels', { label_list: ['bus', 'tram', 'car'] })).body).toEqual({ message: 1 });
    expect(await table('v1-ids')).toEqual([
      { label: 'bus', classId: 1, hotkey: 'q', cocoId: 9, yoloIndex: null },
      { label: 'tram', classId: 2, hotkey: null, cocoId: null, yoloIndex: null },
      { label: 'car', classId: 0, hotkey: null, cocoId: null, yoloIndex: null },
    ]);
  });
});

describe('update', () => {
  it('sets and clears a hotkey, COCO id and YOLO index', async () => {
    await createProject('numbers', ['car', 'bus']);
    await labels().update('bndbox', 'numbers', 'car', { hotkey: 'c', cocoId: 3, yoloIndex: 5 });
    expect((await table('numbers'))[0]).toEqual({ label: 'car', classId: 0, hotkey: 'c', cocoId: 3, yoloIndex: 5 });
    await labels().update('bndbox', 'numbers', 'car', { cocoId: null });
    expect((await table('numbers'))[0]).toEqual({ label: 'car', classId: 0, hotkey: 'c', cocoId: null, yoloIndex: 5 });
  });

  it('refuses a number another label has (naming it), a bad value or an unknown label, and changes nothing', async () => {
    await createProject('clash', ['car', 'bus']);
    await labels().update('bndbox', 'clash', 'car', { hotkey: 'c', cocoId: 3, yoloIndex: 0 });
    const before = await table('clash');
    const refused = async (changes: object, code: string, message?: RegExp) =>
      await expect(labels().update('bndbox', 'clash', 'bus', changes)).rejects.toThrow(expect.objectContaining({ code, ...(message ? { message: expect.stringMatching(message) } : {}) }));
    await refused({ hotkey: 'C' }, 'already_exists', /hotkey c belongs to car/);
    await refused({ cocoId: 3 }, 'already_exists', /COCO id 3 belongs to car/);
    await refused({ yoloIndex: 0 }, 'already_exists', /YOLO index 0 belongs to car/);
    await refused({ hotkey: 'bb' }, 'invalid_input');
    await refused({ hotkey: ' ' }, 'invalid_input');
    await refused({ yoloIndex: -1 }, 'invalid_input');
    await refused({ cocoId: 1.5 }, 'invalid_input');
    await expect(labels().update('bndbox', 'clash', 'boat', { hotkey: 'x' })).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(await table('clash')).toEqual(before);
  });
});

describe('rename and merge', () => {
  it('renames on every shape and keeps the class id and numbers', async () => {
    const [a = ''] = await createProject('rename-keeps', ['car', 'bus']);
    await labels().update('bndbox', 'rename-keeps', 'car', { hotkey: 'c', cocoId: 7, yoloIndex: 2 });
    await t.core.annotations.update('bndbox', 'rename-keeps', a, { shapes: [box('car', '1'), box('bus', '2')], placement });
    await labels().rename('bndbox', 'rename-keeps', 'car', 'truck');
    expect((await table('rename-keeps'))[0]).toEqual({ label: 'truck', classId: 0, hotkey: 'c', cocoId: 7, yoloIndex: 2 });
    expect(await shapeLabels('rename-keeps', a)).toEqual(['truck', 'bus']);
  });

  it('merges: every shape of one label takes the other, which keeps its id; the first leaves the table', async () => {
    const [a = '', b = ''] = await createProject('merged', ['car', 'auto', 'bus']);
    await t.core.annotations.update('bndbox', 'merged', a, { shapes: [box('auto', '1'), box('bus', '2'), box('auto', '3')], placement });
    await t.core.annotations.update('bndbox', 'merged', b, { shapes: [box('auto', '4'), box('car', '5')], placement });
    const after = await labels().merge('bndbox', 'merged', 'auto', 'car');
    expect(after.map((entry) => [entry.name, entry.classId])).toEqual([['car', 0], ['bus', 2]]);
    expect(await shapeLabels('merged', a)).toEqual(['car', 'bus', 'car']);
    expect(await shapeLabels('merged', b)).toEqual(['car', 'car']);
    expect(await labels().usage('bndbox', 'merged', 'car')).toEqual({ shapes: 4, images: 2 });
    expect(await labels().usage('bndbox', 'merged', 'auto')).toEqual({ shapes: 0, images: 0 });
  });

  it('refuses a merge into a missing label, of a missing label or into itself, and changes nothing', async () => {
    const [a = ''] = await createProject('merge-refused', ['car', 'bus']);
    await t.core.annotations.update('bndbox', 'merge-refused', a, { shapes: [box('car', '1')], placement });
    await expect(labels().merge('bndbox', 'merge-refused', 'car', 'boat')).rejects.toThrow(expect.objectContaining({ code: 'not_found', message: expect.stringMatching(/no label boat/) }));
    await expect(labels().merge('bndbox', 'merge-refused', 'boat', 'car')).rejects.toThrow(expect.objectContaining({ code: 'not_found' }));
    await expect(labels().merge('bndbox', 'merge-refused', 'car', 'car')).rejects.toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect((await table('merge-refused')).map((entry) => entry.label)).toEqual(['car', 'bus']);
    expect(await shapeLabels('merge-refused', a)).toEqual(['car']);
  });
});

describe('remove', () => {
  it('refuses a used label without confirm, saying how many shapes on how many images use it', async () => {
    const [a = '', b = ''] = await createProject('guarded', ['car', 'bus']);
    await t.core.annotations.update('bndbox', 'guarded', a, { shapes: [box('car', '1'), box('car', '2')], placement });
    await t.core.annotations.update('bndbox', 'guarded', b, { shapes: [box('car', '3')], placement });
    await expect(labels().remove('bndbox', 'guarded', 'car')).rejects.toThrow(expect.objectContaining({ code: 'in_use', message: expect.stringMatching(/^3 shapes on 2 images use car/) }));
    expect((await table('guarded')).map((entry) => entry.label)).toEqual(['car', 'bus']);
    // An unused label goes without asking; a used one with confirm, its shapes keeping the label.
    expect((await labels().remove('bndbox', 'guarded', 'bus')).map((entry) => entry.name)).toEqual(['car']);
    expect(await labels().remove('bndbox', 'guarded', 'car', { confirm: true })).toEqual([]);
    expect(await shapeLabels('guarded', a)).toEqual(['car', 'car']);
  });
});

describe('exports from the table', () => {
  it('write every class in class id order, unused ones too, whatever the panel order', async () => {
    const [a = ''] = await createProject('export-order', ['car', 'bus', 'bike']);
    await t.rest.put('/bndbox/projects/export-order/newlabels', { label_list: ['bike', 'bus', 'car'] });
    await t.core.annotations.update('bndbox', 'export-order', a, { shapes: [box('bike', '1')], placement });
    const yolo = await exportFiles('export-order', 'yolo');
    expect(yolo('classes.txt')).toBe('car\nbus\nbike\n');
    expect(yolo('data.yaml')).toContain('nc: 3\nnames:\n  0: "car"\n  1: "bus"\n  2: "bike"\n');
    expect(yolo('labels/a.txt')).toMatch(/^2 /);
    const coco = JSON.parse((await exportFiles('export-order', 'coco'))('annotations/instances.json')) as { categories: Array<{ id: number; name: string }>; annotations: Array<{ category_id: number }> };
    expect(coco.categories.map(({ id, name }) => [id, name])).toEqual([[1, 'car'], [2, 'bus'], [3, 'bike']]);
    expect(coco.annotations.map((entry) => entry.category_id)).toEqual([3]);
  });

  it('use the own numbers and the bases of the request', async () => {
    await createProject('export-bases', ['car', 'bus', 'bike']);
    await labels().update('bndbox', 'export-bases', 'bike', { cocoId: 0, yoloIndex: 0 });
    const coco = JSON.parse((await exportFiles('export-bases', 'coco', { cocoIdBase: 0 }))('annotations/instances.json')) as { categories: Array<{ id: number; name: string }> };
    expect(coco.categories.map(({ id, name }) => [id, name])).toEqual([[1, 'car'], [2, 'bus'], [0, 'bike']]);
    const yolo = await exportFiles('export-bases', 'yolo', { yoloIndexBase: 2 });
    expect(yolo('classes.txt')).toBe('bike\n__unused_1__\ncar\nbus\n');
  });
});

describe('imports onto the table', () => {
  it("map categories by name; a label without a COCO id, new or listed, takes the file's when it is free", async () => {
    await createProject('coco-in', ['dog', 'cat']);
    await labels().update('bndbox', 'coco-in', 'dog', { cocoId: 5 });
    const dataset = {
      images: [{ id: 1, file_name: 'a.jpg', width: 64, height: 48 }],
      annotations: [{ id: 1, image_id: 1, category_id: 5, bbox: [1, 1, 4, 4] }],
      categories: [{ id: 17, name: 'cat' }, { id: 5, name: 'bird' }, { id: 8, name: 'fish' }],
    };
    await t.core.annotationImports.importAnnotations('bndbox', 'coco-in', 'coco', { files: [{ path: 'instances.json', content: JSON.stringify(dataset) }] });
    expect((await table('coco-in')).map(({ label, classId, cocoId }) => [label, classId, cocoId])).toEqual([
      ['dog', 0, 5],
      ['cat', 1, 17],
      ['bird', 2, null],
      ['fish', 3, 8],
    ]);
  });

  it('add the missing YOLO classes with their index when it is free; a listed label keeps its own', async () => {
    await createProject('yolo-in', ['cat']);
    await labels().update('bndbox', 'yolo-in', 'cat', { yoloIndex: 1 });
    const files = [
      { path: 'classes.txt', content: 'person\nbike\ncat\n' },
      { path: 'labels/a.txt', content: '1 0.5 0.5 0.2 0.2\n' },
    ];
    const summary = await t.core.annotationImports.importAnnotations('bndbox', 'yolo-in', 'yolo', { files });
    expect((await table('yolo-in')).map(({ label, yoloIndex }) => [label, yoloIndex])).toEqual([['cat', 1], ['person', 0], ['bike', null]]);
    expect(summary.classNumbersSet).toBeUndefined();
    expect(summary.classNumberWarnings).toEqual(['bike does not take YOLO index 1: cat has it', 'cat keeps its YOLO index 1 (the import gives it 2)']);
  });
});

// A project made from a label file has labels without numbers; an import that declares them
// gives them those numbers, so the dataset's own ids come back out of the next export.
describe('round trips through a project whose labels came from a label file', () => {
  const cocoExport = async (name: string) =>
    JSON.parse((await exportFiles(name, 'coco'))('annotations/instances.json')) as {
      images: Array<{ id: number; file_name: string }>;
      categories: Array<{ id: number; name: string }>;
      annotations: Array<{ image_id: number; category_id: number }>;
    };

  it('COCO → project → COCO keeps every category id', async () => {
    await createProject('coco-trip', ['dog', 'cat']);
    const source = {
      images: [{ id: 1, file_name: 'a.jpg', width: 64, height: 48 }, { id: 2, file_name: 'b.png', width: 40, height: 30 }],
      annotations: [
        { id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 4, 4] },
        { id: 2, image_id: 1, category_id: 2, bbox: [10, 10, 4, 4] },
        { id: 3, image_id: 2, category_id: 2, bbox: [2, 2, 4, 4] },
      ],
      categories: [{ id: 1, name: 'cat' }, { id: 2, name: 'dog' }],
    };
    const summary = await t.core.annotationImports.importAnnotations('bndbox', 'coco-trip', 'coco', { files: [{ path: 'annotations/instances.json', content: JSON.stringify(source) }] });
    expect((await table('coco-trip')).map(({ label, classId, cocoId }) => [label, classId, cocoId])).toEqual([['dog', 0, 2], ['cat', 1, 1]]);
    const exported = await cocoExport('coco-trip');
    expect(exported.categories.map(({ id, name }) => [id, name])).toEqual([[2, 'dog'], [1, 'cat']]);
    // Every annotation keeps its category id: per image, the ids of the source.
    const idsByFile = (dataset: { images: Array<{ id: number; file_name: string }>; annotations: Array<{ image_id: number; category_id: number }> }) =>
      Object.fromEntries(dataset.images.map((image) => [image.file_name, dataset.annotations.filter((entry) => entry.image_id === image.id).map((entry) => entry.category_id).sort()]));
    expect(idsByFile(exported)).toEqual(idsByFile(source));
    expect(summary).toMatchObject({ labelsAdded: [], classNumbersSet: ['cat takes COCO id 1', 'dog takes COCO id 2'] });
    expect(summary.classNumberWarnings).toBeUndefined();
  });

  it('YOLO → project → YOLO keeps every class index', async () => {
    await createProject('yolo-trip', ['dog', 'cat']);
    const files = [
      { path: 'classes.txt', content: 'cat\ndog\n' },
      { path: 'labels/a.txt', content: '0 0.5 0.5 0.2 0.2\n1 0.25 0.25 0.1 0.1\n' },
      { path: 'labels/b.txt', content: '1 0.5 0.5 0.2 0.2\n' },
    ];
    const summary = await t.core.annotationImports.importAnnotations('bndbox', 'yolo-trip', 'yolo', { files });
    expect((await table('yolo-trip')).map(({ label, yoloIndex }) => [label, yoloIndex])).toEqual([['dog', 1], ['cat', 0]]);
    const exported = await exportFiles('yolo-trip', 'yolo');
    expect(exported('classes.txt')).toBe('cat\ndog\n');
    const indexes = (content: string) => content.trim().split('\n').map((line) => line.split(' ')[0]);
    expect(indexes(exported('labels/a.txt'))).toEqual(['0', '1']);
    expect(indexes(exported('labels/b.txt'))).toEqual(['1']);
    expect(summary).toMatchObject({ labelsAdded: [], classNumbersSet: ['cat takes YOLO index 0', 'dog takes YOLO index 1'] });
  });

  it('a label keeps the number it has and a number another label has is not taken, both reported', async () => {
    await createProject('coco-kept', ['dog', 'cat', 'bird']);
    await labels().update('bndbox', 'coco-kept', 'dog', { cocoId: 5 });
    const dataset = {
      images: [{ id: 1, file_name: 'a.jpg', width: 64, height: 48 }],
      annotations: [{ id: 1, image_id: 1, category_id: 2, bbox: [1, 1, 4, 4] }],
      categories: [{ id: 2, name: 'dog' }, { id: 5, name: 'cat' }, { id: 3, name: 'bird' }, { id: 8, name: 'fish' }],
    };
    const summary = await t.core.annotationImports.importAnnotations('bndbox', 'coco-kept', 'coco', { files: [{ path: 'instances.json', content: JSON.stringify(dataset) }] });
    expect(summary.labelsAdded).toEqual(['fish']);
    expect(summary.classNumbersSet).toEqual(['bird takes COCO id 3']);
    expect(summary.classNumberWarnings).toEqual([
      'dog keeps its COCO id 5 (the import gives it 2)',
      'cat does not take COCO id 5: dog has it',
    ]);
    expect((await table('coco-kept')).map(({ label, cocoId }) => [label, cocoId])).toEqual([['dog', 5], ['cat', null], ['bird', 3], ['fish', 8]]);
  });

  it('the preview names the numbers the import will set and sets none', async () => {
    await createProject('coco-preview', ['dog', 'cat']);
    const dataset = {
      images: [{ id: 1, file_name: 'a.jpg', width: 64, height: 48 }],
      annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 4, 4] }],
      categories: [{ id: 1, name: 'cat' }, { id: 2, name: 'dog' }, { id: 3, name: 'bird' }],
    };
    const files = [{ path: 'instances.json', content: JSON.stringify(dataset) }];
    const preview = await t.core.annotationImports.importAnnotations('bndbox', 'coco-preview', 'coco', { files }, { preview: true });
    expect(preview).toMatchObject({ labelsAdded: ['bird'], classNumbersSet: ['cat takes COCO id 1', 'dog takes COCO id 2'] });
    expect((await table('coco-preview')).map(({ label, cocoId }) => [label, cocoId])).toEqual([['dog', null], ['cat', null]]);
    const applied = await t.core.annotationImports.importAnnotations('bndbox', 'coco-preview', 'coco', { files });
    expect(applied.classNumbersSet).toEqual(preview.classNumbersSet);
    expect((await table('coco-preview')).map(({ label, cocoId }) => [label, cocoId])).toEqual([['dog', 2], ['cat', 1], ['bird', 3]]);
  });
});
