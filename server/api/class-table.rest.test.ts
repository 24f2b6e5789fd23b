// The class table's REST additions: their answers, the classifai envelope on failures, and
// the export bases as optional body fields a classifai client never has to send.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';
import { getOpenApiDocument } from './openapi';
import { createCaller } from './root';
import { classTableOutput, classUsageOutput } from './schemas/label.schema';

let t: TestCore;
let folder: string;
let uuid = '';
const CLASSES = '/v2/bndbox/projects/cars/classes';

beforeAll(async () => {
  t = await createTestCore();
  folder = path.join(await makeTempDir('labelport-classes-rest-'), 'images');
  await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 64, height: 48 });
  const labelFile = path.join(folder, '..', 'labels.txt');
  fs.writeFileSync(labelFile, 'car\nauto\nbus\n');
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'cars', annotation_type: 'boundingbox', project_path: folder, label_file_path: labelFile });
  await t.scanSettled('bndbox', 'cars');
  await t.core.projects.load('bndbox', 'cars');
  uuid = (await t.core.projects.loadingStatus('bndbox', 'cars')).uuids[0] ?? '';
  const shape = (label: string, id: string) => ({ kind: 'box' as const, x1: 1, y1: 1, x2: 9, y2: 9, distanceToImg: null, lineWidth: null, color: null, label, id });
  await t.core.annotations.update('bndbox', 'cars', uuid, { shapes: [shape('auto', '1'), shape('bus', '2'), shape('auto', '3')], placement: { x: 0, y: 0, w: 64, h: 48 } });
});

afterAll(() => t.close());

const failure = (code: number) => ({ message: 0, error_code: code, error_message: expect.any(String) });

describe('class table over REST', () => {
  it('lists the table with class ids and numbers, in panel order', async () => {
    const reply = await t.rest.get(CLASSES);
    expect(reply.status).toBe(200);
    expect(classTableOutput.parse(reply.body).classes).toEqual([
      { class_id: 0, name: 'car', color: expect.any(String), hotkey: null, coco_id: null, yolo_index: null },
      { class_id: 1, name: 'auto', color: expect.any(String), hotkey: null, coco_id: null, yolo_index: null },
      { class_id: 2, name: 'bus', color: expect.any(String), hotkey: null, coco_id: null, yolo_index: null },
    ]);
  });

  it('updates a label, and answers a clash with the classifai envelope (200) and bad input with 400', async () => {
    const updated = await t.rest.put(`${CLASSES}/car`, { hotkey: 'c', coco_id: 3, yolo_index: 1 });
    expect(updated.status).toBe(200);
    expect(classTableOutput.parse(updated.body).classes[0]).toMatchObject({ name: 'car', hotkey: 'c', coco_id: 3, yolo_index: 1 });

    const clash = await t.rest.put(`${CLASSES}/bus`, { coco_id: 3 });
    expect([clash.status, clash.body]).toEqual([200, failure(1)]);
    expect(clash.body.error_message).toMatch(/belongs to car/);
    for (const body of [{ yolo_index: -1 }, { coco_id: 'three' }, { hotkey: 'toolong!!' }]) {
      const bad = await t.rest.put(`${CLASSES}/bus`, body);
      expect([bad.status, bad.body]).toEqual([400, failure(2)]);
    }
    const missing = await t.rest.put('/v2/bndbox/projects/nope/classes/car', { hotkey: 'x' });
    expect([missing.status, missing.body]).toEqual([200, failure(1)]);
    expect(classTableOutput.parse((await t.rest.get(CLASSES)).body).classes.find((entry) => entry.name === 'bus')).toMatchObject({ hotkey: null, coco_id: null, yolo_index: null });
  });

  it('counts the usage of a label and merges it into another', async () => {
    const usage = await t.rest.get(`${CLASSES}/auto/usage`);
    expect(classUsageOutput.parse(usage.body)).toEqual({ message: 1, shapes: 2, images: 1 });
    const intoMissing = await t.rest.put(`${CLASSES}/auto/merge/boat`);
    expect([intoMissing.status, intoMissing.body]).toEqual([200, failure(1)]);
    const merged = await t.rest.put(`${CLASSES}/auto/merge/car`);
    expect(classTableOutput.parse(merged.body).classes.map((entry) => entry.name)).toEqual(['car', 'bus']);
    const thumbnail = await t.rest.get(`/bndbox/projects/cars/uuid/${uuid}/thumbnail`);
    expect((thumbnail.body.bnd_box as Array<{ label: string }>).map((shape) => shape.label)).toEqual(['car', 'bus', 'car']);
  });

  it('refuses over tRPC to remove a used label without confirm, with CONFLICT and the count', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const ids = { annotation_type: 'bndbox' as const, project_name: 'cars' };
    await expect(caller.label.remove({ ...ids, label: 'bus' })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^1 shape on 1 image use bus/) });
    expect((await caller.label.classes(ids)).classes.map((entry) => entry.name)).toContain('bus');
  });

  it('takes the export bases from the body; without them the defaults apply', async () => {
    const categories = async (body?: object) => {
      expect((await t.rest.put('/v2/bndbox/projects/cars/export/coco', body)).body).toEqual({ message: 1 });
      await t.core.jobs.settled(EXPORT_JOB_KEY);
      const zip = readZip(fs.readFileSync(path.join(folder, 'cars_coco.zip')));
      const json = zip.find((entry) => entry.name === 'annotations/instances.json')?.data.toString('utf8') ?? '{}';
      return (JSON.parse(json) as { categories: Array<{ id: number; name: string }> }).categories.map(({ id, name }) => [id, name]);
    };
    expect(await categories()).toEqual([[3, 'car'], [1, 'bus']]);
    expect(await categories({ coco_id_base: 10 })).toEqual([[3, 'car'], [10, 'bus']]);
    const bad = await t.rest.put('/v2/bndbox/projects/cars/export/coco', { coco_id_base: -1 });
    expect([bad.status, bad.body]).toEqual([400, failure(2)]);
  });

  it('are in the OpenAPI document', () => {
    const paths = getOpenApiDocument().paths ?? {};
    expect(paths['/v2/{annotation_type}/projects/{project_name}/classes']?.get).toBeDefined();
    expect(paths['/v2/{annotation_type}/projects/{project_name}/classes/{label}']?.put).toBeDefined();
    expect(paths['/v2/{annotation_type}/projects/{project_name}/classes/{label}/usage']?.get).toBeDefined();
    expect(paths['/v2/{annotation_type}/projects/{project_name}/classes/{label}/merge/{into}']?.put).toBeDefined();
  });
});
