// An import's preview: the same reading and matching as the import, nothing written, and the
// counts the real import then reports.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { buildZip } from '@/server/testing/zip-fixtures';
import { createCaller } from './root';
import { annotationImportOutput, type AnnotationImportInput } from './schemas/transfer.schema';

let t: TestCore;
let caller: ReturnType<typeof createCaller>;

const coco = JSON.stringify({
  images: [
    { id: 1, file_name: 'a.jpg', width: 200, height: 100 },
    { id: 2, file_name: 'b.png', width: 50, height: 40 },
    { id: 3, file_name: 'missing.jpg', width: 10, height: 10 },
  ],
  annotations: [
    { id: 1, image_id: 1, category_id: 1, bbox: [10, 10, 20, 20] },
    { id: 2, image_id: 2, category_id: 2, bbox: [1, 1, 5, 5] },
    { id: 3, image_id: 3, category_id: 2, bbox: [1, 1, 5, 5] },
  ],
  categories: [{ id: 1, name: 'car' }, { id: 2, name: 'truck' }],
});

/** What a user would see change: every image's shapes and the label list. */
async function projectState() {
  const page = await caller.image.page({ annotation_type: 'bndbox', project_name: 'lot', offset: 0, limit: 100 });
  const images = await caller.annotation.forEditor({ annotation_type: 'bndbox', project_name: 'lot', uuids: page.items.map((item) => item.uuid) });
  const shapes = Object.fromEntries(images.map((image) => [path.basename(image.img_path), image.shapes]));
  return { shapes, labels: (await caller.label.classes({ annotation_type: 'bndbox', project_name: 'lot' })).classes.map((row) => row.name) };
}

beforeAll(async () => {
  t = await createTestCore();
  caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
  const folder = await makeTempDir('labelport-preview-');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 200, height: 100 });
  await writeImage(path.join(folder, 'b.png'), { format: 'png', width: 50, height: 40 });
  await writeImage(path.join(folder, 'c.png'), { format: 'png', width: 30, height: 30 });
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'lot', annotation_type: 'boundingbox', project_path: folder, label_file_path: '' });
  await t.scanSettled('bndbox', 'lot');
  await caller.label.add({ annotation_type: 'bndbox', project_name: 'lot', label: 'car' });
});

afterAll(async () => {
  await t.close();
});

describe('import preview', () => {
  it('answers matched, unmatched and the labels it would add, writes nothing, and the import then reports the same', async () => {
    const before = await projectState();
    const input: AnnotationImportInput = { annotation_type: 'bndbox', project_name: 'lot', format: 'coco', files: [{ path: 'instances.json', content: coco }] };
    const preview = annotationImportOutput.parse(await caller.transfer.importAnnotations({ ...input, preview: 'true' }));
    expect(preview).toMatchObject({ matched_image_count: 2, unmatched_list: ['missing.jpg'], labels_added: ['truck'] });
    expect(await projectState()).toEqual(before);

    const imported = annotationImportOutput.parse(await caller.transfer.importAnnotations(input));
    expect(imported).toEqual(preview);
    const after = await projectState();
    expect(after.labels).toEqual(['car', 'truck']);
    expect(Object.entries(after.shapes).filter(([, shapes]) => shapes.length > 0).map(([file]) => file)).toEqual(['a.jpg', 'b.png']);
  });

  it('previews over REST too (a body field), zips included, and a second preview adds no label', async () => {
    const before = await projectState();
    const zip = buildZip([{ name: 'annotations/instances.json', data: coco, deflate: true }]).toString('base64');
    const reply = await t.rest.put('/v2/bndbox/projects/lot/import/coco', { preview: 'true', files: [{ path: 'coco.zip', content: zip, encoding: 'base64' }] });
    expect(annotationImportOutput.parse(reply.body)).toMatchObject({ matched_image_count: 2, unmatched_list: ['missing.jpg'], labels_added: [] });
    expect(await projectState()).toEqual(before);
  });

  it('refuses a preview of a damaged zip with the same error as the import', async () => {
    const content = Buffer.from('PK\u0003\u0004 not really').toString('base64');
    const input: AnnotationImportInput = { annotation_type: 'bndbox', project_name: 'lot', format: 'coco', files: [{ path: 'x.zip', content, encoding: 'base64' }] };
    await expect(caller.transfer.importAnnotations({ ...input, preview: 'true' })).rejects.toThrow(/x\.zip: Not a zip file, or a damaged one/);
  });
});

describe('a name two images share', () => {
  it('says which images have it, not only that it matched none', async () => {
    const folder = await makeTempDir('labelport-twins-');
    for (const sub of ['left', 'right']) await writeImage(path.join(folder, sub, 'same.png'), { format: 'png', width: 50, height: 40 });
    await t.rest.put('/v2/projects', { status: 'raw', project_name: 'twins', annotation_type: 'boundingbox', project_path: folder, label_file_path: '' });
    await t.scanSettled('bndbox', 'twins');
    const files = [{ path: 'classes.txt', content: 'car\n' }, { path: 'labels/same.txt', content: '0 0.5 0.5 0.2 0.2\n' }, { path: 'labels/left/same.txt', content: '0 0.5 0.5 0.4 0.4\n' }];
    const preview = annotationImportOutput.parse(await caller.transfer.importAnnotations({ annotation_type: 'bndbox', project_name: 'twins', format: 'yolo', files, preview: 'true' }));
    expect(preview).toMatchObject({ matched_image_count: 1, unmatched_list: ['labels/same.txt'] });
    expect(preview.error_list).toEqual(['labels/same.txt: 2 images are named so (left/same.png, right/same.png) and it does not say which; give its folder in the file']);
  });
});
