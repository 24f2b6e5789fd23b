import { describe, expect, it } from 'vitest';
import { exportYolo, importYolo, YOLO_CLASSES_PATH, YOLO_DATA_PATH } from './yolo';
import { box, item, polygon, roughly } from './test-fixtures';

const targets = (relPaths: string[]) => relPaths.map((relPath) => ({ relPath, width: 1000, height: 500 }));
const fileOf = (files: Array<{ path: string; content: string }>, path: string) => files.find((f) => f.path === path)?.content;

describe('YOLO export', () => {
  it('writes classes.txt, data.yaml and one label file per image, empty when unlabeled', () => {
    const { files } = exportYolo([item('a.jpg', [box(0, 0, 10, 10, 'zebra')]), item('sub/a.jpg', []), item('a.png', [])], ['cat', 'dog'], 'bndbox');
    expect(files.map((f) => f.path)).toEqual(['labels/a.txt', 'labels/sub/a.txt', 'labels/a.png.txt', YOLO_CLASSES_PATH, YOLO_DATA_PATH]);
    expect(fileOf(files, 'classes.txt')).toBe('cat\ndog\nzebra\n');
    expect(fileOf(files, 'labels/sub/a.txt')).toBe('');
  });

  it('writes normalised centre and size with 6 decimals, computed from the pixel box', () => {
    const pixels = [
      [10, 20, 110, 70],
      [333.3, 1.1, 999.9, 499.9],
    ];
    const { files } = exportYolo([item('a.jpg', pixels.map(([x1 = 0, y1 = 0, x2 = 0, y2 = 0], i) => box(x1, y1, x2, y2, i === 0 ? 'dog' : 'cat')))], ['cat', 'dog'], 'bndbox');
    const content = fileOf(files, 'labels/a.txt') ?? '';
    expect(content.endsWith('\n')).toBe(true);
    const lines = content.split('\n').slice(0, -1);
    expect(lines).toHaveLength(2);
    lines.forEach((line, i) => {
      expect(line).toMatch(/^\d+( \d\.\d{6}){4}$/);
      const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = pixels[i] ?? [];
      const expected = [i === 0 ? 1 : 0, ((x1 + x2) / 2 / 1000).toFixed(6), ((y1 + y2) / 2 / 500).toFixed(6), ((x2 - x1) / 1000).toFixed(6), ((y2 - y1) / 500).toFixed(6)];
      expect(line).toBe(expected.join(' '));
    });
    expect(lines[0]).toBe('1 0.060000 0.090000 0.100000 0.100000');
  });

  it('converts canvas space and clips to the image', () => {
    const placement = { x: 100, y: 50, w: 500, h: 250 };
    const { files } = exportYolo([item('a.jpg', [box(150, 75, 350, 175), box(500, 200, 700, 400), box(-50, 0, 90, 10)], placement)], [], 'bndbox');
    // pixels (100,50)-(500,250); (800,300)-(1000,500) once cut; the last lies outside.
    expect(fileOf(files, 'labels/a.txt')).toBe('0 0.300000 0.300000 0.400000 0.400000\n0 0.900000 0.800000 0.200000 0.400000\n');
  });

  it('writes segmentation lines for seg projects', () => {
    const { files } = exportYolo([item('a.jpg', [polygon([[100, 50], [500, 50], [300, 450]])])], ['cat'], 'seg');
    expect(fileOf(files, 'labels/a.txt')).toBe('0 0.100000 0.100000 0.500000 0.100000 0.300000 0.900000\n');
  });

  it('keeps line breaks out of classes.txt', () => {
    expect(fileOf(exportYolo([], ['a\nb', 'c'], 'bndbox').files, 'classes.txt')).toBe('a b\nc\n');
  });
});

describe('YOLO import', () => {
  it('round-trips boxes and polygons within the 6-decimal rounding', () => {
    const boxes = [item('a.jpg', [box(10, 20, 110, 70, 'dog'), box(333.25, 1.5, 999.75, 499.5, 'cat')]), item('sub/a.jpg', []), item('a.png', [box(1, 2, 3, 4, 'cat')])];
    const back = importYolo(exportYolo(boxes, ['cat', 'dog'], 'bndbox').files, targets(['a.jpg', 'sub/a.jpg', 'a.png']), 'bndbox');
    expect(back.errors).toEqual([]);
    expect(back.unmatched).toEqual([]);
    for (const { image, annotation } of boxes) {
      expect(back.matched.get(image.relPath)?.map((s) => roughly(s, 2))).toEqual(annotation.shapes.map((s) => roughly(s, 2)));
    }
    const polygons = [item('a.jpg', [polygon([[1, 2], [300.5, 4], [150, 400]], 'x')])];
    const seg = importYolo(exportYolo(polygons, [], 'seg').files, targets(['a.jpg']), 'seg');
    expect(seg.matched.get('a.jpg')?.map((s) => roughly(s, 2))).toEqual(polygons[0]?.annotation.shapes.map((s) => roughly(s, 2)));
  });

  it('reads Ultralytics layouts, CRLF and blank lines', () => {
    const files = [
      { path: 'dataset/classes.txt', content: 'cat\r\ndog\r\n' },
      { path: 'dataset/labels/train/b.txt', content: '1 0.5 0.5 0.2 0.4\r\n\r\n0 0.1 0.1 0.3 0.1 0.2 0.3\r\n' },
    ];
    const result = importYolo(files, targets(['images/train/b.jpg']), 'bndbox');
    expect(result.errors).toEqual([]);
    expect(result.matched.get('images/train/b.jpg')?.map((s) => roughly(s, 3))).toEqual([
      { kind: 'box', label: 'dog', x1: 400, y1: 150, x2: 600, y2: 350 },
      { kind: 'box', label: 'cat', x1: 100, y1: 50, x2: 300, y2: 150 },
    ]);
  });

  it('reports malformed lines, unknown classes and a missing classes.txt without throwing', () => {
    const files = [
      { path: 'classes.txt', content: 'cat\n' },
      { path: 'labels/a.txt', content: '0 0.5 0.5 0.1\n3 0.5 0.5 0.1 0.1\nx 0.5 0.5 0.1 0.1\n0 a b c d\n0 1.5 1.5 0.1 0.1\n0 0.5 0.5 0.1 0.1\n' },
      { path: 'labels/nope.txt', content: '' },
    ];
    const result = importYolo(files, targets(['a.jpg']), 'bndbox');
    expect(result.matched.get('a.jpg')).toHaveLength(1);
    expect(result.unmatched).toEqual(['labels/nope.txt']);
    expect(result.errors).toEqual([
      'labels/a.txt line 1: expected 4 numbers (cx cy w h) or at least 3 x y pairs, found 3',
      'labels/a.txt line 2: class "3" is not a line of classes.txt',
      'labels/a.txt line 3: class "x" is not a line of classes.txt',
      'labels/a.txt line 4: coordinates must be numbers',
      'labels/a.txt line 5: the object has no area inside a.jpg and was skipped',
    ]);
    expect(importYolo(files.slice(1), targets(['a.jpg']), 'bndbox')).toEqual({
      matched: new Map(),
      unmatched: [],
      errors: ['classes.txt is missing: the class numbers of the label files cannot be named'],
      labels: [],
    });
  });
});
