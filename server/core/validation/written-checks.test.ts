// The "after" checks read one written file or record each, as the format's readers would.
import { describe, expect, it } from 'vitest';
import { checkCocoAnnotation, checkCocoCategory, checkCocoFile, checkCocoImage, checkCocoTop, createCocoFileCheck } from './coco-checks';
import { createAfterCheck } from './after-check';
import type { ValidationEntry } from './rules';
import { checkLabelmeFile, checkVocFile, checkYoloLine, createYoloFilesCheck } from './written-checks';

const place = { imageUuid: 'u1', relPath: 'a.jpg' };
function collect(run: (add: (entry: ValidationEntry) => void) => void) {
  const entries: ValidationEntry[] = [];
  run((entry) => entries.push(entry));
  return entries.map((entry) => `${entry.rule}: ${entry.detail}`);
}

describe('YOLO label files', () => {
  it('a clean box line and polygon line pass', () => {
    expect(checkYoloLine('0 0.500000 0.500000 0.200000 0.100000')).toEqual([]);
    expect(checkYoloLine('3 0.1 0.1 0.9 0.1 0.5 0.9')).toEqual([]);
  });

  it('finds values outside [0, 1], a flat box and a polygon line of an odd count', () => {
    expect(checkYoloLine('0 0.5 0.5 1.000001 0.2').map((f) => f.rule)).toEqual(['yolo-out-of-range']);
    expect(checkYoloLine('0 0.5 0.5 0 0.2').map((f) => f.rule)).toEqual(['zero-area']);
    expect(checkYoloLine('0 0.1 0.1 0.2 0.2 0.3 0.3 0.4').map((f) => f.rule)).toEqual(['polygon-few-points']);
  });

  it('a class index not below the count of classes.txt, judged once classes.txt is written', () => {
    const found = collect((add) => {
      const check = createYoloFilesCheck(add);
      check.file('0 0.5 0.5 0.2 0.2\n2 0.5 0.5 0.2 0.2\n', place, 'labels/a.txt');
      check.finish('car\nbus\n');
    });
    expect(found).toEqual(['class-index-out-of-range: labels/a.txt line 2: class 2, but classes.txt names 2 classes']);
  });
});

describe('Pascal VOC files', () => {
  const voc = (xmin: number, ymin: number, xmax: number, ymax: number, name = 'car') =>
    `<annotation><size><width>100</width><height>50</height><depth>3</depth></size><object><name>${name}</name><bndbox><xmin>${xmin}</xmin><ymin>${ymin}</ymin><xmax>${xmax}</xmax><ymax>${ymax}</ymax></bndbox></object></annotation>`;
  it('a 1-based box inside the image passes', () => {
    expect(collect((add) => checkVocFile(voc(1, 1, 100, 50), place, 'a.xml', add))).toEqual([]);
  });
  it('finds a box past the edge (1-based: 0 is outside), an inverted box and a name with a line break', () => {
    expect(collect((add) => checkVocFile(voc(0, 1, 100, 51), place, 'a.xml', add))).toEqual(['outside-image: a.xml object 1: (0, 1)-(100, 51) on a 100 x 50 image (1-based)']);
    expect(collect((add) => checkVocFile(voc(20, 1, 10, 50), place, 'a.xml', add)).map((line) => line.split(':')[0])).toEqual(['zero-area']);
    expect(collect((add) => checkVocFile(voc(1, 1, 10, 10, 'car\n'), place, 'a.xml', add)).map((line) => line.split(':')[0])).toEqual(['label-unspellable']);
  });
});

describe('labelme files', () => {
  const file = (shapes: unknown[]) => JSON.stringify({ imageWidth: 100, imageHeight: 50, shapes });
  it('a polygon and a rectangle inside the image pass', () => {
    const shapes = [{ shape_type: 'polygon', points: [[1, 1], [20, 1], [10, 20]] }, { shape_type: 'rectangle', points: [[1, 1], [20, 20]] }];
    expect(collect((add) => checkLabelmeFile(file(shapes), place, 'a.json', add))).toEqual([]);
  });
  it('finds a 2-point polygon, a flat rectangle and a point outside', () => {
    const shapes = [{ shape_type: 'polygon', points: [[1, 1], [20, 1]] }, { shape_type: 'rectangle', points: [[1, 1], [1, 20]] }, { shape_type: 'polygon', points: [[1, 1], [120, 1], [10, 20]] }];
    expect(collect((add) => checkLabelmeFile(file(shapes), place, 'a.json', add)).map((line) => line.split(':')[0])).toEqual(['polygon-few-points', 'zero-area', 'outside-image']);
  });
});

describe('COCO records', () => {
  it('checked one record at a time, as a streaming writer hands them over', () => {
    const found = collect((add) => {
      const check = createCocoFileCheck('annotations/instances.json', add);
      checkCocoTop(check, { info: {} });
      checkCocoCategory(check, { id: 1, name: 'car' });
      checkCocoImage(check, { id: 1, file_name: 'a.jpg', width: 100, height: 50 });
      checkCocoImage(check, { id: 1, file_name: 'b.jpg', width: 100, height: 50 });
      checkCocoAnnotation(check, { id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 10, 10], segmentation: [[1, 1, 11, 1, 11, 11]] });
      checkCocoAnnotation(check, { id: 1, image_id: 1, category_id: 7, bbox: [95, 1, 10, 0], segmentation: [[1, 1, 11, 11]] });
    });
    expect(found).toEqual([
      'coco-missing-info: annotations/instances.json: no licenses',
      'duplicate-id: annotations/instances.json: image id 1 twice',
      'duplicate-id: annotations/instances.json annotation 1: id used twice',
      'coco-unknown-category: annotations/instances.json annotation 1: category_id 7 is not in categories',
      'polygon-few-points: annotations/instances.json annotation 1: segmentation 1 has 4 numbers: pycocotools reads it as a box',
      'zero-area: annotations/instances.json annotation 1: bbox of 10 x 0',
      'outside-image: annotations/instances.json annotation 1: bbox [95, 1, 10, 0] on a 100 x 50 image',
    ]);
  });

  it('a whole file judges annotations against categories written after them', () => {
    const file = { info: {}, licenses: [], images: [{ id: 1, file_name: 'a.jpg', width: 100, height: 50 }], annotations: [{ id: 1, image_id: 1, category_id: 2, bbox: [1, 1, 5, 5] }], categories: [{ id: 2, name: 'car' }] };
    expect(collect((add) => checkCocoFile('instances.json', JSON.stringify(file), add))).toEqual([]);
  });
});

describe('after check of one export', () => {
  it('checks per-image files with their image and the shared file at the end', () => {
    const check = createAfterCheck('yolo');
    const item = { image: { uuid: 'u1', projectId: 'p', relPath: 'a.jpg', format: 'jpeg' as const, width: 10, height: 10, depth: 3, fileSize: 1, mtimeMs: 0 }, annotation: { shapes: [], placement: { x: 0, y: 0, w: 0, h: 0 } } };
    check.file({ path: 'labels/a.txt', content: '1 0.5 0.5 0.2 0.2\n' }, item);
    check.file({ path: 'classes.txt', content: 'car\n' });
    const found = check.results().filter((result) => result.count > 0);
    expect(found.map((result) => [result.id, result.entries[0]?.relPath])).toEqual([['class-index-out-of-range', 'a.jpg']]);
  });
});
