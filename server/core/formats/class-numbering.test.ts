// Exports number classes from the class table: every class, used or not, in class id order,
// at its own COCO id / YOLO index or from the base; imports hand back the numbers they read.
import { describe, expect, it } from 'vitest';
import type { ExportClass } from './class-numbering';
import { buildCocoDataset, importCoco } from './coco';
import { exportYolo, importYolo } from './yolo';
import { box, item } from './test-fixtures';

const table = (...entries: Array<[string, number | null, number | null]>): ExportClass[] =>
  entries.map(([name, cocoId, yoloIndex]) => ({ name, cocoId, yoloIndex }));
const fileOf = (files: Array<{ path: string; content: string }>, path: string) => files.find((f) => f.path === path)?.content;
const targets = [{ relPath: 'a.jpg', width: 1000, height: 500 }];

describe('COCO categories from the class table', () => {
  it('lists every class in class id order, unused ones too, from 1 by default', async () => {
    const items = [item('a.jpg', [box(0, 0, 10, 10, 'dog')])];
    const dataset = await buildCocoDataset(items, table(['cat', null, null], ['dog', null, null], ['bird', null, null]), 'bndbox');
    expect(dataset.categories.map(({ id, name }) => [id, name])).toEqual([[1, 'cat'], [2, 'dog'], [3, 'bird']]);
    expect(dataset.annotations.map((a) => a.category_id)).toEqual([2]);
  });

  it('keeps a class its own COCO id and fills the others around it from the base', async () => {
    const items = [item('a.jpg', [box(0, 0, 10, 10, 'cat'), box(0, 0, 10, 10, 'bird', '2')])];
    const dataset = await buildCocoDataset(items, table(['cat', null, null], ['dog', 0, null], ['bird', 7, null]), 'bndbox', { cocoIdBase: 0 });
    expect(dataset.categories.map(({ id, name }) => [id, name])).toEqual([[1, 'cat'], [0, 'dog'], [7, 'bird']]);
    expect(dataset.annotations.map((a) => a.category_id)).toEqual([1, 7]);
  });

  it('numbers a label found only on shapes after the table, never shifting its ids', async () => {
    const items = [item('a.jpg', [box(0, 0, 10, 10, 'stray')])];
    const dataset = await buildCocoDataset(items, table(['cat', null, null], ['dog', 3, null]), 'bndbox');
    expect(dataset.categories.map(({ id, name }) => [id, name])).toEqual([[1, 'cat'], [3, 'dog'], [2, 'stray']]);
  });
});

describe('YOLO classes from the class table', () => {
  it('writes every class in class id order in classes.txt and data.yaml, unused ones too', async () => {
    const { files } = await exportYolo([item('a.jpg', [box(0, 0, 10, 10, 'bird')])], table(['cat', null, null], ['dog', null, null], ['bird', null, null]), 'bndbox');
    expect(fileOf(files, 'classes.txt')).toBe('cat\ndog\nbird\n');
    expect(fileOf(files, 'data.yaml')).toContain('nc: 3\nnames:\n  0: "cat"\n  1: "dog"\n  2: "bird"\n');
    expect(fileOf(files, 'labels/a.txt')).toMatch(/^2 /);
  });

  it('puts a class at its own index and fills a gap or the lines below the base with placeholders', async () => {
    const classes = table(['cat', null, null], ['dog', null, 4]);
    const { files } = await exportYolo([item('a.jpg', [box(0, 0, 10, 10, 'dog'), box(0, 0, 10, 10, 'cat', '2')])], classes, 'bndbox', { yoloIndexBase: 1 });
    expect(fileOf(files, 'classes.txt')).toBe('__unused_0__\ncat\n__unused_2__\n__unused_3__\ndog\n');
    expect(fileOf(files, 'data.yaml')).toContain('nc: 5\n');
    expect(fileOf(files, 'labels/a.txt')?.split('\n').map((line) => line.split(' ')[0])).toEqual(['4', '1', '']);
  });

  it('reads back the classes without the placeholders, each with its index', () => {
    const result = importYolo(
      [
        { path: 'classes.txt', content: '__unused_0__\ncat\n__unused_2__\ndog\n' },
        { path: 'labels/a.txt', content: '3 0.5 0.5 0.2 0.2\n' },
      ],
      targets,
      'bndbox',
    );
    expect(result.labels).toEqual(['cat', 'dog']);
    expect([...(result.classNumbers ?? [])]).toEqual([['cat', { yoloIndex: 1 }], ['dog', { yoloIndex: 3 }]]);
    expect(result.matched.get('a.jpg')?.map((shape) => shape.label)).toEqual(['dog']);
  });
});

describe('COCO import', () => {
  it('hands back each category id by name', () => {
    const dataset = { images: [], annotations: [], categories: [{ id: 5, name: 'cat' }, { id: 0, name: 'dog' }] };
    const result = importCoco([{ path: 'instances.json', content: JSON.stringify(dataset) }], targets, 'bndbox');
    expect([...(result.classNumbers ?? [])]).toEqual([['cat', { cocoId: 5 }], ['dog', { cocoId: 0 }]]);
  });
});
