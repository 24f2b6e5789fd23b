// Exports of a project with a train/val/test split lay the files out the way the training
// tools read a split: YOLO labels/<side>/ and data.yaml, one COCO file per side, VOC ImageSets.
import { describe, expect, it } from 'vitest';
import type { SplitName } from '@/server/core/types';
import { exportCoco, importCoco, COCO_PATH, type CocoDataset } from './coco';
import type { ExportFile, ExportItem } from './common';
import { exportVoc, importVoc } from './voc';
import { exportYolo, importYolo, YOLO_DATA_PATH } from './yolo';
import { box, item } from './test-fixtures';

const onSide = (relPath: string, split: SplitName | undefined, label = 'cat'): ExportItem => {
  const base = item(relPath, [box(10, 10, 60, 40, label, `${relPath}-1`)]);
  return { ...base, image: { ...base.image, ...(split ? { split } : {}) } };
};

// Project order (natural path order) mixes the sides, as a seeded split does.
const SPLIT = [onSide('a.jpg', 'train'), onSide('b.jpg', 'val', 'dog'), onSide('c.jpg', 'train'), onSide('sub/d.jpg', 'test'), onSide('e.jpg', 'val')];
const targets = SPLIT.map(({ image }) => ({ relPath: image.relPath, width: image.width, height: image.height }));
const paths = (files: readonly ExportFile[]) => files.map((file) => file.path);
const text = (files: readonly ExportFile[], path: string) => files.find((file) => file.path === path)?.content;
const coco = (files: readonly ExportFile[], path: string) => JSON.parse(text(files, path) ?? 'null') as CocoDataset;

describe('a split project exported', () => {
  it('YOLO: labels under labels/<side>/, data.yaml naming the image folders of the sides that have images', async () => {
    const { files } = await exportYolo(SPLIT, ['cat', 'dog'], 'bndbox');
    expect(paths(files)).toEqual(['labels/train/a.txt', 'labels/val/b.txt', 'labels/train/c.txt', 'labels/test/sub/d.txt', 'labels/val/e.txt', 'classes.txt', 'data.yaml']);
    expect(text(files, 'labels/val/b.txt')).toMatch(/^1 /);
    const yaml = text(files, YOLO_DATA_PATH) ?? '';
    expect(yaml).toContain('train: images/train\nval: images/val\ntest: images/test\n');
    expect(yaml).toContain('nc: 2\nnames:\n  0: "cat"\n  1: "dog"\n');
    // Only the sides that have images: Ultralytics fails on a folder that is not there.
    const noTest = (await exportYolo(SPLIT.filter(({ image }) => image.split !== 'test'), ['cat'], 'bndbox')).files;
    expect(text(noTest, YOLO_DATA_PATH)).not.toContain('test:');
    // Ultralytics requires val: a split without a val side validates on train.
    const noVal = (await exportYolo(SPLIT.filter(({ image }) => image.split === 'train'), ['cat'], 'bndbox')).files;
    expect(text(noVal, YOLO_DATA_PATH)).toMatch(/^train: images\/train\n# This split has no val side: validating on train\.\nval: images\/train\n/m);
    const back = importYolo(files, targets, 'bndbox');
    expect([...back.matched.keys()].sort()).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'e.jpg', 'sub/d.jpg']);
  });

  it('YOLO: an image in an images/ folder of the project has its labels where Ultralytics looks, under its own labels/ folder', async () => {
    const nested = [onSide('images/a.jpg', 'train'), onSide('x/images/b.jpg', 'val'), onSide('c.jpg', 'train')];
    const { files } = await exportYolo(nested, ['cat'], 'bndbox');
    // Placed at images/train/images/a.jpg, Ultralytics swaps its last images/ for labels/.
    expect(paths(files).slice(0, 3)).toEqual(['images/train/labels/a.txt', 'images/val/x/labels/b.txt', 'labels/train/c.txt']);
    const back = importYolo(files, nested.map(({ image }) => ({ relPath: image.relPath, width: image.width, height: image.height })), 'bndbox');
    expect([...back.matched.keys()].sort()).toEqual(['c.jpg', 'images/a.jpg', 'x/images/b.jpg']);
  });

  it('YOLO: reads its own split export back to the images it was written for, names that meet included', async () => {
    // labels/train/a.txt and labels/val/a.jpg.txt: the second also reads as a.jpg's own name.
    const meeting = [onSide('a.jpg', 'train'), onSide('a.jpg.png', 'val', 'dog'), onSide('images/a.jpg', 'test')];
    const { files } = await exportYolo(meeting, ['cat', 'dog'], 'bndbox');
    expect(paths(files).slice(0, 3)).toEqual(['labels/train/a.txt', 'labels/val/a.jpg.txt', 'images/test/labels/a.txt']);
    const back = importYolo(files, meeting.map(({ image }) => ({ relPath: image.relPath, width: image.width, height: image.height })), 'bndbox');
    expect(meeting.map(({ image }) => back.matched.get(image.relPath)?.map((shape) => shape.label))).toEqual([['cat'], ['dog'], ['cat']]);
  });

  it('COCO: one file per side that has images, each with its own images and annotations, train first', async () => {
    const { files } = await exportCoco(SPLIT, ['cat', 'dog'], 'bndbox');
    expect(paths(files)).toEqual(['annotations/instances_train.json', 'annotations/instances_val.json', 'annotations/instances_test.json']);
    const train = coco(files, 'annotations/instances_train.json');
    expect(train.images.map((image) => [image.id, image.file_name])).toEqual([[1, 'a.jpg'], [2, 'c.jpg']]);
    expect(train.annotations.map((a) => [a.id, a.image_id])).toEqual([[1, 1], [2, 2]]);
    const val = coco(files, 'annotations/instances_val.json');
    expect(val.images.map((image) => image.file_name)).toEqual(['b.jpg', 'e.jpg']);
    expect(val.annotations.map((a) => [a.image_id, a.category_id])).toEqual([[1, 2], [2, 1]]);
    // Every file lists every category, so a model's class ids agree across the sides.
    expect(coco(files, 'annotations/instances_test.json').categories.map((c) => c.name)).toEqual(['cat', 'dog']);
    expect(importCoco(files, targets, 'bndbox').matched.size).toBe(5);
  });

  it('VOC: the usual Annotations and ImageSets/Main/<side>.txt with each side\'s sorted ids', async () => {
    const { files } = await exportVoc([...SPLIT].reverse(), ['cat', 'dog'], 'bndbox');
    expect(paths(files).filter((path) => path.startsWith('Annotations/')).sort()).toEqual(['Annotations/a.xml', 'Annotations/b.xml', 'Annotations/c.xml', 'Annotations/e.xml', 'Annotations/sub/d.xml']);
    expect(text(files, 'ImageSets/Main/train.txt')).toBe('a\nc\n');
    expect(text(files, 'ImageSets/Main/val.txt')).toBe('b\ne\n');
    expect(text(files, 'ImageSets/Main/test.txt')).toBe('sub/d\n');
    expect(importVoc(files, targets, 'bndbox').matched.size).toBe(5);
  });

  it('puts images without a side under unassigned, named by no training key', async () => {
    const mixed = [...SPLIT, onSide('f.jpg', undefined)];
    const yolo = (await exportYolo(mixed, ['cat'], 'bndbox')).files;
    expect(paths(yolo)).toContain('labels/unassigned/f.txt');
    expect(text(yolo, YOLO_DATA_PATH)).not.toMatch(/^unassigned:/m);
    expect(paths((await exportCoco(mixed, ['cat'], 'bndbox')).files)).toContain('annotations/instances_unassigned.json');
    expect(text((await exportVoc(mixed, ['cat'], 'bndbox')).files, 'ImageSets/Main/unassigned.txt')).toBe('f\n');
  });

  it('without any side, exports as before: no split folders, files or lists', async () => {
    const plain = SPLIT.map((entry) => onSide(entry.image.relPath, undefined));
    expect(paths((await exportYolo(plain, ['cat'], 'bndbox')).files)).toEqual(['labels/a.txt', 'labels/b.txt', 'labels/c.txt', 'labels/sub/d.txt', 'labels/e.txt', 'classes.txt', 'data.yaml']);
    expect(paths((await exportCoco(plain, ['cat'], 'bndbox')).files)).toEqual([COCO_PATH]);
    expect(paths((await exportVoc(plain, ['cat'], 'bndbox')).files).some((path) => path.startsWith('ImageSets/'))).toBe(false);
  });
});

describe('a split made after a COCO import of two subset files', () => {
  it('keeps the imported ids in each split file while they stay unique, and numbers a repeated one anew', async () => {
    const subset = (fileName: string) => ({
      info: {},
      licenses: [],
      images: [{ id: 1, file_name: fileName, width: 1000, height: 500 }],
      annotations: [{ id: 7, image_id: 1, category_id: 1, bbox: [10, 10, 50, 30], area: 1500, iscrowd: 0, segmentation: [] }],
      categories: [{ id: 1, name: 'cat', supercategory: '' }],
    });
    const input = [
      { path: 'annotations/instances_a.json', content: JSON.stringify(subset('a.jpg')) },
      { path: 'annotations/instances_b.json', content: JSON.stringify(subset('b.jpg')) },
    ];
    const imported = importCoco(input, targets, 'bndbox');
    const items = ['a.jpg', 'b.jpg'].map((relPath): ExportItem => {
      const base = item(relPath, imported.matched.get(relPath) ?? []);
      const dataset = imported.imageFields?.get(relPath);
      return { image: { ...base.image, split: 'train' }, annotation: { ...base.annotation, ...(dataset ? { dataset } : {}) } };
    });
    const { files } = await exportCoco(items, ['cat'], 'bndbox', undefined, imported.projectFields);
    const train = coco(files, 'annotations/instances_train.json');
    expect(train.images.map((image) => [image.id, image.file_name])).toEqual([[1, 'a.jpg'], [2, 'b.jpg']]);
    expect(train.annotations.map((a) => [a.id, a.image_id])).toEqual([[7, 1], [8, 2]]);
  });
});
