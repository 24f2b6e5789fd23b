import { describe, expect, it } from 'vitest';
import { buildCocoDataset, COCO_PATH, exportCoco, importCoco, type CocoDataset } from './coco';
import type { Shape } from '@/server/core/types';
import { box, item, polygon, roughly } from './test-fixtures';
import { checkCocoFile } from '../validation/coco-checks';

const targets = (relPaths: string[]) => relPaths.map((relPath) => ({ relPath, width: 1000, height: 500 }));

function checkStructure(dataset: CocoDataset) {
  const sequential = (ids: number[]) => expect(ids).toEqual(ids.map((_, i) => i + 1));
  sequential(dataset.images.map((i) => i.id));
  sequential(dataset.annotations.map((a) => a.id));
  sequential(dataset.categories.map((c) => c.id));
  const imageIds = new Set(dataset.images.map((i) => i.id));
  const categoryIds = new Set(dataset.categories.map((c) => c.id));
  for (const annotation of dataset.annotations) {
    expect(imageIds.has(annotation.image_id)).toBe(true);
    expect(categoryIds.has(annotation.category_id)).toBe(true);
    expect(annotation.iscrowd).toBe(0);
  }
}

describe('COCO export', () => {
  it('numbers images, categories and annotations from 1, labels list first then first-seen labels', async () => {
    const items = [
      item('a.jpg', [box(10, 20, 110, 70, 'zebra'), box(0, 0, 10, 10, 'cat')]),
      item('sub/a.jpg', []),
      item('b.jpg', [box(5, 5, 15, 25, 'ant'), box(1, 1, 2, 2, 'zebra')]),
    ];
    const dataset = await buildCocoDataset(items, ['cat', 'dog'], 'bndbox');
    checkStructure(dataset);
    expect(dataset.categories.map((c) => c.name)).toEqual(['cat', 'dog', 'zebra', 'ant']);
    expect(dataset.images).toEqual([
      { id: 1, file_name: 'a.jpg', width: 1000, height: 500 },
      { id: 2, file_name: 'sub/a.jpg', width: 1000, height: 500 },
      { id: 3, file_name: 'b.jpg', width: 1000, height: 500 },
    ]);
    expect(dataset.annotations.map((a) => [a.image_id, a.category_id])).toEqual([[1, 3], [1, 1], [3, 4], [3, 3]]);
    expect(dataset.annotations[0]).toEqual({
      id: 1,
      image_id: 1,
      category_id: 3,
      segmentation: [[10, 20, 110, 20, 110, 70, 10, 70]],
      area: 5000,
      bbox: [10, 20, 100, 50],
      iscrowd: 0,
    });
    expect(await buildCocoDataset(items, ['cat', 'dog'], 'bndbox')).toEqual(dataset);
  });

  it('converts canvas space to pixels', async () => {
    const placement = { x: 100, y: 50, w: 500, h: 250 };
    const dataset = await buildCocoDataset([item('a.jpg', [box(150, 75, 350, 175)], placement)], [], 'bndbox');
    expect(dataset.annotations[0]?.bbox).toEqual([100, 50, 400, 200]);
  });

  it('writes polygons as flat outlines with their shoelace area, clipped to the image', async () => {
    const dataset = await buildCocoDataset([item('a.jpg', [polygon([[0, 0], [40, 0], [0, 30]]), polygon([[-10, 10], [10, 10], [10, 20], [-10, 20]])])], ['cat'], 'seg');
    checkStructure(dataset);
    expect(dataset.annotations[0]).toMatchObject({ segmentation: [[0, 0, 40, 0, 0, 30]], area: 600, bbox: [0, 0, 40, 30] });
    expect(dataset.annotations[1]).toMatchObject({ area: 100, bbox: [0, 10, 10, 10] });
  });

  it('lists every category in every split file, a label first drawn on a later side too', async () => {
    const items = [
      { ...item('a.jpg', [box(0, 0, 10, 10, 'cat')]), image: { ...item('a.jpg', []).image, split: 'train' as const } },
      { ...item('b.jpg', [box(0, 0, 10, 10, 'zebra')]), image: { ...item('b.jpg', []).image, split: 'val' as const } },
    ];
    const { files } = await exportCoco(items, ['cat'], 'bndbox');
    const categoriesOf = (path: string) => (JSON.parse(files.find((file) => file.path === path)?.content ?? '{}') as CocoDataset).categories.map((category) => [category.id, category.name]);
    expect(categoriesOf('annotations/instances_train.json')).toEqual([[1, 'cat'], [2, 'zebra']]);
    expect(categoriesOf('annotations/instances_val.json')).toEqual([[1, 'cat'], [2, 'zebra']]);
  });

  it('writes one JSON file', async () => {
    const { files } = await exportCoco([item('a.jpg', [box(1, 2, 3, 4)])], ['cat'], 'bndbox');
    expect(files.map((f) => f.path)).toEqual([COCO_PATH]);
    checkStructure(JSON.parse(files[0]?.content ?? '') as CocoDataset);
  });
});

describe('COCO import', () => {
  it('round-trips boxes and polygons in pixels', async () => {
    const boxes = [item('a.jpg', [box(10.25, 20.5, 110, 70, 'zebra')]), item('sub/a.jpg', [box(0, 0, 10, 10, 'cat'), box(600, 300, 999.75, 499, 'dog')])];
    const back = importCoco((await exportCoco(boxes, ['cat'], 'bndbox')).files, targets(['a.jpg', 'sub/a.jpg', 'c.jpg']), 'bndbox');
    expect(back.errors).toEqual([]);
    expect(back.unmatched).toEqual([]);
    expect([...back.matched.keys()]).toEqual(['a.jpg', 'sub/a.jpg']);
    expect(back.matched.get('sub/a.jpg')?.map((s) => roughly(s, 2))).toEqual(boxes[1]?.annotation.shapes.map((s) => roughly(s, 2)));
    expect(back.matched.get('a.jpg')?.[0]).toMatchObject({ kind: 'box', x1: 10.25, y1: 20.5, x2: 110, y2: 70, label: 'zebra', id: '1', color: null, lineWidth: null });

    const polygons = [item('a.jpg', [polygon([[1, 2], [300.5, 4], [150, 400]], 'x')])];
    const seg = importCoco((await exportCoco(polygons, [], 'seg')).files, targets(['a.jpg']), 'seg');
    expect(seg.matched.get('a.jpg')?.map((s) => roughly(s, 2))).toEqual(polygons[0]?.annotation.shapes.map((s) => roughly(s, 2)));
  });

  it('finds a subset file\'s images beside it, where other subsets have the same file names', () => {
    const subset = (x: number) => JSON.stringify({
      images: [{ id: 1, file_name: '0001.jpg', width: 1000, height: 500 }],
      categories: [{ id: 1, name: 'cat' }],
      annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [x, 2, 3, 4] }],
    });
    const files = [{ path: 'train/_annotations.coco.json', content: subset(10) }, { path: 'valid/_annotations.coco.json', content: subset(20) }];
    const back = importCoco(files, targets(['train/0001.jpg', 'valid/0001.jpg']), 'bndbox');
    expect(back.unmatched).toEqual([]);
    expect(back.matched.get('train/0001.jpg')?.[0]).toMatchObject({ kind: 'box', x1: 10 });
    expect(back.matched.get('valid/0001.jpg')?.[0]).toMatchObject({ kind: 'box', x1: 20 });
  });

  it("gives shapes the project's kind", async () => {
    const files = (await exportCoco([item('a.jpg', [polygon([[1, 2], [30, 4], [15, 40]])])], [], 'seg')).files;
    expect(importCoco(files, targets(['a.jpg']), 'bndbox').matched.get('a.jpg')).toEqual([expect.objectContaining({ kind: 'box', x1: 1, y1: 2, x2: 30, y2: 40 })]);
    const boxes = (await exportCoco([item('a.jpg', [box(1, 2, 3, 4)])], [], 'bndbox')).files;
    expect(importCoco(boxes, targets(['a.jpg']), 'seg').matched.get('a.jpg')?.[0]).toMatchObject({ kind: 'polygon', points: [{ x: 1, y: 2 }, { x: 3, y: 2 }, { x: 3, y: 4 }, { x: 1, y: 4 }] });
  });

  it('reports unmatched images, broken references and broken files without throwing', () => {
    const dataset = {
      images: [{ id: 7, file_name: 'elsewhere/a.jpg', width: 1000, height: 500 }, { id: 8, file_name: 'missing.jpg' }, { id: 'x' }],
      categories: [{ id: 3, name: 'cat' }],
      annotations: [
        { id: 1, image_id: 7, category_id: 3, bbox: [1, 2, 3, 4] },
        { id: 2, image_id: 9, category_id: 3, bbox: [1, 2, 3, 4] },
        { id: 3, image_id: 7, category_id: 4, bbox: [1, 2, 3, 4] },
        { id: 4, image_id: 7, category_id: 3, bbox: [2000, 2, 3, 4] },
        { id: 5, image_id: 7, category_id: 3, segmentation: { counts: 'rle' } },
        { id: 6, image_id: 8, category_id: 3, bbox: [1, 2, 3, 4] },
      ],
    };
    const result = importCoco(
      [
        { path: 'instances.json', content: JSON.stringify(dataset) },
        { path: 'broken.json', content: '{' },
        { path: 'other.json', content: '{"images": 1}' },
        { path: 'readme.txt', content: 'ignored' },
      ],
      targets(['a.jpg']),
      'bndbox',
    );
    expect(result.matched.get('a.jpg')).toEqual([expect.objectContaining({ x1: 1, y1: 2, x2: 4, y2: 6, label: 'cat' })]);
    expect(result.unmatched).toEqual(['missing.jpg']);
    expect(result.errors).toEqual([
      'instances.json: image {"id":"x"} needs a numeric id and a file_name',
      'instances.json: annotation 2 refers to image_id 9, which is not in images',
      'instances.json: annotation 3 refers to category_id 4, which is not in categories',
      'instances.json: annotation 4 has no area inside elsewhere/a.jpg and was skipped',
      'instances.json: annotation 5 has neither a usable bbox nor a polygon segmentation',
      'broken.json: not valid JSON',
      'other.json: not a COCO dataset (no images and annotations lists)',
    ]);
  });

  it('uses the given id source', async () => {
    let n = 100;
    const files = (await exportCoco([item('a.jpg', [box(1, 2, 3, 4), box(5, 6, 7, 8)])], [], 'bndbox')).files;
    const result = importCoco(files, targets(['a.jpg']), 'bndbox', { nextId: () => String(n++) });
    expect(result.matched.get('a.jpg')?.map((s) => s.id)).toEqual(['100', '101']);
  });
});

describe('COCO fields kept from an import', () => {
  // What the import service stores, handed back to the exporter as the export job does.
  async function reexport(files: Array<{ path: string; content: string }>, relPaths: string[], type: 'bndbox' | 'seg', edit: (shapes: Shape[]) => Shape[] = (s) => s, split?: 'train') {
    const imported = importCoco(files, targets(relPaths), type);
    const items = relPaths.map((relPath) => {
      const dataset = imported.imageFields?.get(relPath);
      const exported = item(relPath, edit(imported.matched.get(relPath) ?? []));
      return { image: { ...exported.image, ...(split ? { split } : {}) }, annotation: { shapes: edit(imported.matched.get(relPath) ?? []), placement: { x: 0, y: 0, w: 0, h: 0 }, ...(dataset ? { dataset } : {}) } };
    });
    return { imported, exported: (await exportCoco(
      items,
      imported.labels.map((name) => ({ name, cocoId: imported.classNumbers?.get(name)?.cocoId ?? null, yoloIndex: null })),
      type,
      undefined,
      imported.projectFields,
    )).files };
  }
  const dataset = {
    images: [{ id: 3, file_name: 'a.jpg', width: 1000, height: 500 }],
    categories: [{ id: 9, name: 'cat' }],
    annotations: [{ id: 4, image_id: 3, category_id: 9, bbox: [1, 2, 3, 4], area: 12, iscrowd: 0, segmentation: [[1, 2, 4, 2, 4, 6, 1, 6]] }],
  };

  it('writes a subset file back under its own path, never outside the archive', async () => {
    const { exported } = await reexport([{ path: '../../outside/./instances_val.json', content: JSON.stringify(dataset) }], ['a.jpg'], 'seg');
    expect(exported.map((file) => file.path)).toEqual(['outside/instances_val.json']);
  });

  it('joins the parts of one annotation in their order even when the editor reordered them', async () => {
    const parts = { ...dataset, annotations: [{ ...dataset.annotations[0], segmentation: [[1, 2, 4, 2, 4, 6], [10, 10, 20, 10, 20, 20]] }] };
    const { exported } = await reexport([{ path: 'i.json', content: JSON.stringify(parts) }], ['a.jpg'], 'seg', (shapes) => [...shapes].reverse());
    expect((JSON.parse(exported[0]?.content ?? '') as CocoDataset).annotations[0]?.segmentation).toEqual(parts.annotations[0]?.segmentation);
  });

  it('gives each record that needs an id one of its own, as the export job adds images one at a time', async () => {
    const noIds = {
      images: ['a.jpg', 'b.jpg', 'c.jpg'].map((file, index) => ({ id: index + 1, file_name: file, width: 1000, height: 500 })),
      categories: [{ id: 1, name: 'cat' }],
      annotations: [1, 2, 3].map((image_id) => ({ image_id, category_id: 1, bbox: [1, 2, 3, 4], area: 12, iscrowd: 0, segmentation: [] })),
    };
    const { exported } = await reexport([{ path: 'i.json', content: JSON.stringify(noIds) }], ['a.jpg', 'b.jpg', 'c.jpg'], 'bndbox');
    const written = JSON.parse(exported[0]?.content ?? '') as CocoDataset;
    expect(written.annotations.map((annotation) => [annotation.id, annotation.image_id])).toEqual([[1, 1], [2, 2], [3, 3]]);
  });

  it('numbers anew the images and annotations of imported files that share ids once one split file holds them', async () => {
    // Three exports of one image each, all numbered from 1 (subsets of another tool), put on one side.
    const one = (file: string) => ({
      images: [{ id: 1, file_name: file, width: 1000, height: 500 }],
      categories: [{ id: 1, name: 'cat' }],
      annotations: [{ id: 7, image_id: 1, category_id: 1, bbox: [1, 2, 3, 4], area: 12, iscrowd: 0, segmentation: [] }],
    });
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((file) => ({ path: `${file}.json`, content: JSON.stringify(one(file)) }));
    const { exported } = await reexport(files, ['a.jpg', 'b.jpg', 'c.jpg'], 'bndbox', undefined, 'train');
    const train = exported.find((file) => file.path === 'annotations/instances_train.json');
    const written = JSON.parse(train?.content ?? '') as CocoDataset;
    expect(written.images.map((image) => [image.file_name, image.id])).toEqual([['a.jpg', 1], ['b.jpg', 2], ['c.jpg', 3]]);
    expect(written.annotations.map((annotation) => [annotation.id, annotation.image_id])).toEqual([[7, 1], [8, 2], [9, 3]]);
  });

  // Imports one after another, each of its own images, as the import service stores them: the
  // images keep what their import gave them, the project the last import's files.
  async function exportAfterImports(imports: Array<{ path: string; dataset: unknown; relPaths: string[] }>) {
    const results = imports.map(({ path, dataset: content, relPaths }) => ({ relPaths, result: importCoco([{ path, content: JSON.stringify(content) }], targets(relPaths), 'bndbox') }));
    const items = results.flatMap(({ relPaths, result }) =>
      relPaths.map((relPath) => {
        const dataset = result.imageFields?.get(relPath);
        return { ...item(relPath, []), annotation: { shapes: result.matched.get(relPath) ?? [], placement: { x: 0, y: 0, w: 0, h: 0 }, ...(dataset ? { dataset } : {}) } };
      }),
    );
    const { files } = await exportCoco(items, ['cat'], 'bndbox', undefined, results.at(-1)?.result.projectFields);
    return files.map((file) => ({ ...file, dataset: JSON.parse(file.content) as CocoDataset }));
  }
  /** One image per file name, numbered from 1, each with one box whose x says which image it is on. */
  const batch = (names: string[], ids = names.map((_, i) => i + 1)) => ({
    info: {},
    licenses: [],
    images: names.map((file_name, i) => ({ id: ids[i], file_name, width: 1000, height: 500 })),
    categories: [{ id: 1, name: 'cat' }],
    annotations: names.map((_, i) => ({ id: ids[i], image_id: ids[i], category_id: 1, bbox: [10 * (i + 1), 2, 3, 4], area: 12, iscrowd: 0, segmentation: [] })),
  });
  /** Each annotation as [id, image_id, the file_name its image_id names, its box's x]. */
  const whereAnnotationsLand = (written: CocoDataset) => written.annotations.map((a) => [a.id, a.image_id, written.images.find((image) => image.id === a.image_id)?.file_name, a.bbox[0]]);
  const afterCheck = (path: string, content: string) => {
    const found: string[] = [];
    checkCocoFile(path, content, (entry) => found.push(`${entry.rule}: ${entry.detail}`));
    return found;
  };

  it('gives a second import of the same file, numbered from 1 again, the next free ids without a split; its boxes stay on their images', async () => {
    const files = await exportAfterImports([
      { path: COCO_PATH, dataset: batch(['a.jpg', 'b.jpg']), relPaths: ['a.jpg', 'b.jpg'] },
      { path: COCO_PATH, dataset: batch(['c.jpg', 'd.jpg']), relPaths: ['c.jpg', 'd.jpg'] },
    ]);
    expect(files.map((file) => file.path)).toEqual([COCO_PATH]);
    const [{ dataset: written, content } = { dataset: {} as CocoDataset, content: '' }] = files;
    // In the file's order (each batch's first image, then each one's second); the first to hold an id keeps it.
    expect(written.images.map((image) => [image.id, image.file_name])).toEqual([[1, 'a.jpg'], [3, 'c.jpg'], [2, 'b.jpg'], [4, 'd.jpg']]);
    expect(whereAnnotationsLand(written)).toEqual([[1, 1, 'a.jpg', 10], [3, 3, 'c.jpg', 10], [2, 2, 'b.jpg', 20], [4, 4, 'd.jpg', 20]]);
    expect(afterCheck(COCO_PATH, content)).toEqual([]);
  });

  it("keeps a shared id for the record first in the export's order, not the first read", async () => {
    // b.jpg is read before c.jpg but written after it (second in its file, c.jpg first in its own).
    const files = await exportAfterImports([
      { path: COCO_PATH, dataset: batch(['a.jpg', 'b.jpg'], [5, 1]), relPaths: ['a.jpg', 'b.jpg'] },
      { path: COCO_PATH, dataset: batch(['c.jpg'], [1]), relPaths: ['c.jpg'] },
    ]);
    const written = files[0]?.dataset ?? ({} as CocoDataset);
    expect(written.images.map((image) => [image.id, image.file_name])).toEqual([[5, 'a.jpg'], [1, 'c.jpg'], [6, 'b.jpg']]);
    expect(whereAnnotationsLand(written)).toEqual([[5, 5, 'a.jpg', 10], [1, 1, 'c.jpg', 10], [6, 6, 'b.jpg', 20]]);
  });

  it('gives an annotation id its file uses twice the next free one at its second use', async () => {
    // labelme2Datasets numbers annotations from 1 again on each image.
    const restarted = {
      ...batch(['a.jpg', 'b.jpg']),
      annotations: [1, 2, 1, 2].map((id, i) => ({ id, image_id: i < 2 ? 1 : 2, category_id: 1, bbox: [10 * (i + 1), 2, 3, 4], area: 12, iscrowd: 0, segmentation: [] })),
    };
    const files = await exportAfterImports([{ path: 'annotations/train.json', dataset: restarted, relPaths: ['a.jpg', 'b.jpg'] }]);
    const [{ dataset: written, content } = { dataset: {} as CocoDataset, content: '' }] = files;
    expect(whereAnnotationsLand(written)).toEqual([[1, 1, 'a.jpg', 10], [2, 1, 'a.jpg', 20], [3, 2, 'b.jpg', 30], [4, 2, 'b.jpg', 40]]);
    expect(afterCheck('annotations/train.json', content)).toEqual([]);
  });

  it('names an image renamed since the import by its new name, in the folder its file gave', async () => {
    const nested = { ...dataset, images: [{ ...dataset.images[0], file_name: 'pics/a.jpg' }] };
    const imported = importCoco([{ path: 'i.json', content: JSON.stringify(nested) }], targets(['pics/a.jpg']), 'seg');
    const shapes = imported.matched.get('pics/a.jpg') ?? [];
    const renamed = { ...item('pics/b.jpg', shapes), annotation: { shapes, placement: { x: 0, y: 0, w: 0, h: 0 }, dataset: imported.imageFields?.get('pics/a.jpg') } };
    const { files } = await exportCoco([renamed], ['cat'], 'seg', undefined, imported.projectFields);
    expect((JSON.parse(files[0]?.content ?? '') as CocoDataset).images.map((image) => image.file_name)).toEqual(['pics/b.jpg']);
    expect([...importCoco(files, targets(['pics/b.jpg']), 'seg').matched.keys()]).toEqual(['pics/b.jpg']);
  });

  it('an edited box-only object stays box-only; a new one gets the next free id of its file', async () => {
    const boxOnly = { ...dataset, annotations: [{ ...dataset.annotations[0], segmentation: [] }] };
    const { exported } = await reexport([{ path: 'i.json', content: JSON.stringify(boxOnly) }], ['a.jpg'], 'bndbox', (shapes) => [
      ...shapes.map((shape) => (shape.kind === 'box' ? { ...shape, x2: shape.x2 + 10 } : shape)),
      box(50, 50, 60, 60, 'cat', 'new'),
    ]);
    const written = JSON.parse(exported[0]?.content ?? '') as CocoDataset;
    expect(written.annotations).toEqual([
      { id: 4, image_id: 3, category_id: 9, bbox: [1, 2, 13, 4], area: 52, iscrowd: 0, segmentation: [] },
      { id: 5, image_id: 3, category_id: 9, segmentation: [[50, 50, 60, 50, 60, 60, 50, 60]], area: 100, bbox: [50, 50, 10, 10], iscrowd: 0 },
    ]);
  });
});
