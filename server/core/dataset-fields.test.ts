// Dataset fields survive edits: the workspace and classifai clients never send them, so a
// save takes them from the stored shape of the same id; a new shape has none.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { carryDatasetFields, mergeDatasetFields } from './dataset-fields';
import type { Repositories } from './repositories';
import type { BoxShape, ImageAnnotation } from './types';

const box = (id: string | null, x1: number, dataset?: BoxShape['dataset']): BoxShape => ({
  kind: 'box', x1, y1: 10, x2: x1 + 20, y2: 30, distanceToImg: null, lineWidth: 2, color: null, label: 'cat', id, ...(dataset ? { dataset } : {}),
});
const placement = { x: 0, y: 0, w: 400, h: 200 };
const crowd = { coco: { annotation: { id: 900100374545, iscrowd: 1, attributes: { occluded: true } } } };
const flags = { labelme: { file: { flags: { night: true } } } };

describe('carryDatasetFields', () => {
  const stored: ImageAnnotation = { shapes: [box('1', 10, crowd), box('2', 50)], placement, dataset: flags };

  it('gives a saved shape the fields of the stored shape with its id, even moved', () => {
    const next = carryDatasetFields({ shapes: [box('2', 0), box('1', 99)], placement }, stored);
    expect(next.shapes.map((shape) => shape.dataset)).toEqual([undefined, crowd]);
    expect(next.shapes[1]).toMatchObject({ x1: 99 });
  });

  it('gives a new shape (or one without an id) nothing, and keeps the image fields', () => {
    const next = carryDatasetFields({ shapes: [box('3', 10), box(null, 10)], placement }, stored);
    expect(next.shapes.map((shape) => shape.dataset)).toEqual([undefined, undefined]);
    expect(next.dataset).toEqual(flags);
  });

  it('keeps what an image without stored shapes had, and changes nothing when nothing was stored', () => {
    expect(carryDatasetFields({ shapes: [], placement }, { shapes: [], placement, dataset: flags }).dataset).toEqual(flags);
    const fresh: ImageAnnotation = { shapes: [box('1', 10)], placement };
    expect(carryDatasetFields(fresh, undefined)).toBe(fresh);
  });

  it('an import replaces only its own format', () => {
    expect(mergeDatasetFields({ ...flags, coco: { image: { id: 1 } } }, { coco: { image: { id: 7 } } })).toEqual({ ...flags, coco: { image: { id: 7 } } });
    expect(mergeDatasetFields(flags, {})).toEqual(flags);
  });
});

describe('saving again on a real core', () => {
  let t: TestCore;
  let repos: Repositories;
  let uuid: string;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestCore({ wrapRepositories: (r) => (repos = r) });
    const folder = await makeTempDir('labelport-dataset-fields-');
    await writeImage(path.join(folder, 'wide.png'), { format: 'png', width: 400, height: 200 });
    await t.core.projects.create({ source: 'folder', name: 'kept', type: 'bndbox', folder, labelFilePath: '' });
    await t.scanSettled('bndbox', 'kept');
    const [image] = await t.core.annotations.withImages('bndbox', 'kept', (await t.core.projects.loadingStatus('bndbox', 'kept')).uuids);
    uuid = image?.image.uuid ?? '';
    projectId = (await t.core.projects.get('bndbox', 'kept')).id;
  }, 30_000);

  afterAll(() => t.close());

  const stored = async () => (await t.core.annotations.withImages('bndbox', 'kept', [uuid]))[0]?.annotation;
  const seed = () => repos.annotations.save(projectId, uuid, { shapes: [box('1', 10, crowd), box('2', 50)], placement, dataset: flags }, 0);

  it('the workspace moves a shape and adds one: the moved one keeps its fields, the new one has none', async () => {
    await seed();
    await t.core.annotations.saveEditorShapes('bndbox', 'kept', uuid, [
      { id: '1', kind: 'box', x: 100, y: 10, w: 20, h: 20, label: 'cat' },
      { id: 'new', kind: 'box', x: 0, y: 0, w: 5, h: 5, label: 'cat' },
    ]);
    expect((await stored())?.shapes.map((shape) => [shape.id, shape.dataset])).toEqual([['1', crowd], ['new', undefined]]);
    expect((await stored())?.dataset).toEqual(flags);
  });

  it('a classifai client saves the shapes back: fields kept, and never sent to it', async () => {
    await seed();
    const thumbnail = await t.rest.get(`/bndbox/projects/kept/uuid/${uuid}/thumbnail`);
    const sent = thumbnail.body.bnd_box as Array<Record<string, unknown>>;
    expect(sent.map((shape) => Object.keys(shape).filter((key) => key === 'dataset'))).toEqual([[], []]);
    const reply = await t.rest.put(`/bndbox/projects/kept/uuid/${uuid}/update`, { uuid, bnd_box: sent, img_x: 0, img_y: 0, img_w: 400, img_h: 200 });
    expect(reply.body).toEqual({ message: 1 });
    expect((await stored())?.shapes.map((shape) => shape.dataset)).toEqual([crowd, undefined]);
    expect((await stored())?.dataset).toEqual(flags);
  });

  it("a classifai client's region and sub-labels outlive the workspace moving and relabelling the shapes", async () => {
    await seed();
    const thumbnail = await t.rest.get(`/bndbox/projects/kept/uuid/${uuid}/thumbnail`);
    const sent = (thumbnail.body.bnd_box as Array<Record<string, unknown>>).map((shape, index) => ({
      ...shape,
      ...(index === 0 ? { region: 'front', subLabel: ['occluded'] } : { id: undefined, subLabel: ['truncated'] }),
    }));
    const reply = await t.rest.put(`/bndbox/projects/kept/uuid/${uuid}/update`, { uuid, bnd_box: sent, img_x: 0, img_y: 0, img_w: 400, img_h: 200 });
    expect(reply.body).toEqual({ message: 1 });
    // The editor knows the second (stored without an id) by its place, as it loads it.
    const [loaded] = await t.core.annotations.editorImages('bndbox', 'kept', [uuid]);
    expect(loaded?.shapes.map((shape) => shape.id)).toEqual(['1', 'shape-1']);
    await t.core.annotations.saveEditorShapes('bndbox', 'kept', uuid, [
      { id: 'shape-1', kind: 'box', x: 60, y: 10, w: 20, h: 20, label: 'dog' },
      { id: '1', kind: 'box', x: 100, y: 10, w: 20, h: 20, label: 'cat' },
      { id: 'new', kind: 'box', x: 0, y: 0, w: 5, h: 5, label: 'cat' },
    ]);
    expect((await stored())?.shapes.map((shape) => [shape.id, shape.label, shape.region ?? null, shape.subLabel ?? null])).toEqual([
      ['shape-1', 'dog', null, ['truncated']],
      ['1', 'cat', 'front', ['occluded']],
      ['new', 'cat', null, null],
    ]);
    const again = await t.rest.get(`/bndbox/projects/kept/uuid/${uuid}/thumbnail`);
    expect((again.body.bnd_box as Array<Record<string, unknown>>).map((shape) => shape.subLabel ?? null)).toEqual([['truncated'], ['occluded'], null]);
  });

  it('project fields are stored apart from the shapes', async () => {
    expect(await repos.projects.datasetFields(projectId)).toEqual({});
    await repos.projects.setDatasetFields(projectId, { coco: { files: [{ path: 'annotations/instances_val.json' }] } });
    expect(await repos.projects.datasetFields(projectId)).toEqual({ coco: { files: [{ path: 'annotations/instances_val.json' }] } });
  });
});
