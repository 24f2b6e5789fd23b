// Each rule of the "before" check finds its case, and nothing on a clean shape.
import { describe, expect, it } from 'vitest';
import type { ExportItem } from '../formats/common';
import { box, item, polygon } from '../formats/test-fixtures';
import type { AnnotationType, DatasetFields, Shape } from '../types';
import { createBeforeCheck, type BeforeCheckOptions } from './before-check';
import type { ValidationFormat } from './rules';

function findings(format: ValidationFormat, items: ExportItem[], type: AnnotationType = 'bndbox', extra: Partial<BeforeCheckOptions> = {}) {
  const check = createBeforeCheck({ formats: [format], type, classes: [{ name: 'cat', cocoId: null, yoloIndex: null }], labels: ['cat'], ...extra });
  items.forEach(check.add);
  return check.results().flatMap((result) => result.entries.map((entry) => ({ rule: entry.rule, shapeId: entry.shapeId, detail: entry.detail })));
}
const one = (shape: Shape, width = 100, height = 50) => [item('a.jpg', [shape], undefined, width, height)];
const rules = (found: ReturnType<typeof findings>) => found.map((entry) => entry.rule);

describe('before checks', () => {
  it('finds nothing on a clean box or polygon in any format', () => {
    for (const format of ['cfg', 'cfgdata', 'coco', 'voc', 'yolo', 'labelme'] as const) {
      expect(findings(format, one(box(10, 10, 20, 20))), format).toEqual([]);
      expect(findings(format, one(polygon([[10, 10], [20, 10], [15, 20]])), 'seg'), format).toEqual([]);
    }
  });

  it('polygon-few-points: 2 points, named as the pycocotools bbox trap; 1 point', () => {
    const found = findings('coco', one(polygon([[10, 10], [20, 20]], 'cat', 'p2')), 'seg');
    expect(found).toEqual([{ rule: 'polygon-few-points', shapeId: 'p2', detail: expect.stringContaining('pycocotools would read its 4 numbers as a box') }]);
    expect(rules(findings('yolo', one(polygon([[10, 10]])), 'seg'))).toEqual(['polygon-few-points']);
  });

  it('zero-area: a box of no width, a polygon on one line; left out of the export', () => {
    expect(findings('voc', one(box(10, 10, 10, 30, 'cat', 'z')))).toEqual([{ rule: 'zero-area', shapeId: 'z', detail: expect.stringContaining('left out of the export') }]);
    expect(rules(findings('coco', one(polygon([[0, 0], [5, 5], [10, 10]])), 'seg'))).toEqual(['zero-area']);
  });

  it('box-inverted: corners stored swapped', () => {
    expect(rules(findings('yolo', one(box(20, 20, 10, 10))))).toEqual(['box-inverted']);
  });

  it('polygon-self-intersecting: a bow tie, in the formats that keep outlines only', () => {
    const bowTie = polygon([[0, 0], [20, 20], [30, 0], [0, 10]]);
    expect(rules(findings('labelme', one(bowTie), 'seg'))).toEqual(['polygon-self-intersecting']);
    expect(rules(findings('voc', one(bowTie), 'seg'))).toEqual([]);
  });

  it('outside-image: past the right edge of the upright size, cut by the export', () => {
    const found = findings('coco', one(box(90, 10, 120, 20, 'cat', 'o')));
    expect(found).toEqual([{ rule: 'outside-image', shapeId: 'o', detail: 'x up to 120 on a 100 x 50 image; the export cuts it at the edge' }]);
    expect(findings('cfg', one(box(90, 10, 120, 20)))).toEqual([]);
  });

  it('yolo-out-of-range: an imported line written back verbatim with a width past 1', () => {
    const fields: DatasetFields = { yolo: { class: 0, coordinates: ['0.5', '0.5', '1.2', '0.2'], extra: 0, closed: false } };
    const kept = { ...box(0, 40, 100, 60, 'cat', 'y'), dataset: fields };
    const found = findings('yolo', one(kept, 100, 100));
    expect(found.filter((entry) => entry.rule === 'yolo-out-of-range')).toEqual([{ rule: 'yolo-out-of-range', shapeId: 'y', detail: '1.2 outside [0, 1]' }]);
  });

  it('duplicate-id: two shapes of one id on an image', () => {
    const found = findings('labelme', [item('a.jpg', [box(1, 1, 5, 5, 'cat', 's'), box(6, 6, 9, 9, 'cat', 's')])]);
    expect(found).toEqual([{ rule: 'duplicate-id', shapeId: 's', detail: 'shape id s is used twice on this image' }]);
  });

  it('coco-missing-info: an imported COCO file without info and licenses', () => {
    const projectFields: DatasetFields = { coco: { files: [{ path: 'annotations/train.json', top: {}, categories: [] }] } };
    expect(findings('coco', [], 'bndbox', { projectFields }).map((entry) => entry.detail)).toEqual(['annotations/train.json was imported without info and licenses and is written so']);
    expect(findings('coco', [], 'bndbox', { projectFields: { coco: { files: [{ path: 'x.json', top: { info: {}, licenses: [] }, categories: [] }] } } })).toEqual([]);
  });

  it('label-unspellable: ", " in the classifai label list, a line break in a YOLO class or a VOC name', () => {
    expect(rules(findings('cfg', [], 'bndbox', { labels: ['big, red'] }))).toEqual(['label-unspellable']);
    expect(rules(findings('yolo', [], 'bndbox', { classes: [{ name: 'two\nlines', cocoId: null, yoloIndex: null }] }))).toEqual(['label-unspellable']);
    expect(rules(findings('voc', one(box(1, 1, 5, 5, 'car\n'))))).toEqual(['label-unspellable']);
    expect(findings('coco', one(box(1, 1, 5, 5, 'big, red')))).toEqual([]);
  });

  it('shape-unlabelled: a shape with no label, which the export leaves out', () => {
    expect(rules(findings('coco', one(box(1, 1, 5, 5, ''))))).toEqual(['shape-unlabelled']);
  });

  it('image-size-mismatch: a file whose pixels lie sideways until EXIF orientation turns them', () => {
    const turned = (orientation: number) => [{ ...item('a.jpg', [box(1, 1, 5, 5)], undefined, 100, 50), image: { ...item('a.jpg', []).image, width: 100, height: 50, orientation } }];
    expect(rules(findings('voc', turned(6)))).toEqual(['image-size-mismatch']);
    expect(findings('voc', turned(6))[0]?.detail).toContain('decodes to 50 x 100 without EXIF');
    // Upright, or turned half way round: the same size either way.
    expect(findings('voc', turned(1))).toEqual([]);
    expect(rules(findings('voc', turned(3)))).not.toContain('image-size-mismatch');
  });

  it('image-exif-turned: a picture upside down or mirrored in the file, its size the same', () => {
    const turned = (orientation: number) => [{ ...item('a.jpg', [box(1, 1, 5, 5)], undefined, 100, 50), image: { ...item('a.jpg', []).image, width: 100, height: 50, orientation } }];
    expect(rules(findings('yolo', turned(3)))).toEqual(['image-exif-turned']);
    expect(findings('yolo', turned(3))[0]?.detail).toBe('EXIF orientation 3: without it the picture is upside down, and the shapes, placed on the upright picture, miss it');
    expect(findings('coco', turned(2))[0]?.detail).toContain('mirrored left to right');
    expect(rules(findings('coco', turned(6)))).toEqual(['image-size-mismatch']);
    expect(findings('coco', turned(1))).toEqual([]);
  });

  it('counts every finding but keeps at most the cap, sorted by image path', () => {
    const check = createBeforeCheck({ formats: ['coco'], type: 'bndbox', classes: [], labels: [] });
    for (let i = 1500; i > 0; i--) check.add(item(`img-${String(i).padStart(4, '0')}.jpg`, [box(1, 1, 1, 5)]));
    const zero = check.results().find((result) => result.id === 'zero-area');
    expect(zero?.count).toBe(1500);
    expect(zero?.entries).toHaveLength(1000);
    expect(zero?.entries[0]?.relPath).toBe('img-0501.jpg');
  });
});
