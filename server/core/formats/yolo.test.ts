import { describe, expect, it } from 'vitest';
import { exportYolo, importYolo, YOLO_CLASSES_PATH, YOLO_DATA_PATH } from './yolo';
import type { Shape } from '@/server/core/types';
import type { ExportFile, ImportResult } from './common';
import { box, item, polygon, PIXELS, roughly } from './test-fixtures';

const targets = (relPaths: string[]) => relPaths.map((relPath) => ({ relPath, width: 1000, height: 500 }));
const fileOf = (files: Array<{ path: string; content: string }>, path: string) => files.find((f) => f.path === path)?.content;
/** The images of a fresh project after the import, as the next export reads them: shapes and the fields the import kept. */
const imported = (read: ImportResult, relPaths: string[]) =>
  relPaths.map((relPath) => {
    const shapes: Shape[] = read.matched.get(relPath) ?? [];
    return { ...item(relPath, shapes), annotation: { shapes, placement: PIXELS, dataset: read.imageFields?.get(relPath) } };
  });

describe('YOLO export', () => {
  it('writes classes.txt, data.yaml and one label file per image, empty when unlabeled', async () => {
    const { files } = await exportYolo([item('a.jpg', [box(0, 0, 10, 10, 'zebra')]), item('sub/a.jpg', []), item('a.png', [])], ['cat', 'dog'], 'bndbox');
    expect(files.map((f) => f.path)).toEqual(['labels/a.txt', 'labels/sub/a.txt', 'labels/a.png.txt', YOLO_CLASSES_PATH, YOLO_DATA_PATH]);
    expect(fileOf(files, 'classes.txt')).toBe('cat\ndog\nzebra\n');
    expect(fileOf(files, 'labels/sub/a.txt')).toBe('');
  });

  it('writes normalised centre and size with 6 decimals, computed from the pixel box', async () => {
    const pixels = [
      [10, 20, 110, 70],
      [333.3, 1.1, 999.9, 499.9],
    ];
    const { files } = await exportYolo([item('a.jpg', pixels.map(([x1 = 0, y1 = 0, x2 = 0, y2 = 0], i) => box(x1, y1, x2, y2, i === 0 ? 'dog' : 'cat')))], ['cat', 'dog'], 'bndbox');
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

  it('converts canvas space and clips to the image', async () => {
    const placement = { x: 100, y: 50, w: 500, h: 250 };
    const { files } = await exportYolo([item('a.jpg', [box(150, 75, 350, 175), box(500, 200, 700, 400), box(-50, 0, 90, 10)], placement)], [], 'bndbox');
    // pixels (100,50)-(500,250); (800,300)-(1000,500) once cut; the last lies outside.
    expect(fileOf(files, 'labels/a.txt')).toBe('0 0.300000 0.300000 0.400000 0.400000\n0 0.900000 0.800000 0.200000 0.400000\n');
  });

  it('writes segmentation lines for seg projects', async () => {
    const { files } = await exportYolo([item('a.jpg', [polygon([[100, 50], [500, 50], [300, 450]])])], ['cat'], 'seg');
    expect(fileOf(files, 'labels/a.txt')).toBe('0 0.100000 0.100000 0.500000 0.100000 0.300000 0.900000\n');
  });

  it('keeps line breaks out of classes.txt', async () => {
    expect(fileOf((await exportYolo([], ['a\nb', 'c'], 'bndbox')).files, 'classes.txt')).toBe('a b\nc\n');
  });
});

describe('YOLO import', () => {
  it('round-trips boxes and polygons within the 6-decimal rounding', async () => {
    const boxes = [item('a.jpg', [box(10, 20, 110, 70, 'dog'), box(333.25, 1.5, 999.75, 499.5, 'cat')]), item('sub/a.jpg', []), item('a.png', [box(1, 2, 3, 4, 'cat')])];
    const back = importYolo((await exportYolo(boxes, ['cat', 'dog'], 'bndbox')).files, targets(['a.jpg', 'sub/a.jpg', 'a.png']), 'bndbox');
    expect(back.errors).toEqual([]);
    expect(back.unmatched).toEqual([]);
    for (const { image, annotation } of boxes) {
      expect(back.matched.get(image.relPath)?.map((s) => roughly(s, 2))).toEqual(annotation.shapes.map((s) => roughly(s, 2)));
    }
    const polygons = [item('a.jpg', [polygon([[1, 2], [300.5, 4], [150, 400]], 'x')])];
    const seg = importYolo((await exportYolo(polygons, [], 'seg')).files, targets(['a.jpg']), 'seg');
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
      'labels/a.txt line 2: class "3" is not named in classes.txt',
      'labels/a.txt line 3: class "x" is not named in classes.txt',
      'labels/a.txt line 4: coordinates must be numbers',
      'labels/a.txt line 5: the object has no area inside a.jpg and was skipped',
    ]);
    expect(importYolo(files.slice(1), targets(['a.jpg']), 'bndbox')).toEqual({
      matched: new Map(),
      unmatched: [],
      errors: ['classes.txt is missing: the class numbers of the label files cannot be named (looked for classes.txt, obj.names, data.yaml)'],
      labels: [],
    });
  });

  it('reads the Darknet layout: obj.names via obj.data, labels beside the images, image lists not read as labels', () => {
    const files = [
      { path: 'obj.data', content: 'classes = 3\ntrain = data/train.txt\nnames = data/obj.names\nbackup = backup/\n' },
      { path: 'obj.names', content: 'cat\ndog\nbird\n' },
      { path: 'other.names', content: 'x\n' },
      { path: 'train.txt', content: 'data/obj_train_data/a.jpg\n' },
      { path: 'obj_train_data/a.txt', content: '2 0.5 0.5 0.2 0.2\n' },
    ];
    const result = importYolo(files, targets(['obj_train_data/a.jpg']), 'bndbox');
    expect(result).toMatchObject({ unmatched: [], errors: [], labels: ['cat', 'dog', 'bird'] });
    expect(result.matched.get('obj_train_data/a.jpg')?.map((s) => roughly(s))).toEqual([{ kind: 'box', label: 'bird', x1: 400, y1: 200, x2: 600, y2: 300 }]);
  });

  it.each([
    ['a flow list', "train: ../train/images\nnc: 2\nnames: ['a', 'b # not a comment'] # two\n", ['a', 'b # not a comment']],
    ['a block list at column 0', 'names:\n- a\n- "b: c"\nnc: 2\nroboflow:\n  version: 3\n', ['a', 'b: c']],
    ['a block mapping', 'path: .\n# Classes\nnames:\n  0: a  # first\n  1: it\'s b\n', ['a', "it's b"]],
    ['a flow mapping', 'names: {0: a, 1: "b"}\n', ['a', 'b']],
  ])('reads class names from data.yaml written as %s', (_, yaml, names) => {
    const files = [{ path: 'data.yaml', content: yaml }, { path: 'train/labels/x.txt', content: '1 0.5 0.5 0.2 0.2\n' }];
    const result = importYolo(files, targets(['train/images/x.jpg']), 'bndbox');
    expect(result.errors).toEqual([]);
    expect(result.labels).toEqual(names);
    expect(result.matched.get('train/images/x.jpg')?.[0]?.label).toBe(names[1]);
  });

  it('keeps a mapping\'s indexes, and reports a data.yaml whose names cannot be read', () => {
    const gaps = importYolo([{ path: 'dataset.yaml', content: 'names:\n  0: a\n  3: d\n' }], [], 'bndbox');
    expect([...(gaps.classNumbers ?? [])]).toEqual([['a', { yoloIndex: 0 }], ['d', { yoloIndex: 3 }]]);
    const broken = importYolo([{ path: 'data.yaml', content: 'names:\n  - [a, b]\n' }], [], 'bndbox');
    expect(broken.errors).toEqual([expect.stringContaining('data.yaml: name 0 is not a plain or quoted string')]);
  });

  it('skips READMEs and other text without label lines, but reports a broken file under labels/', () => {
    const files = [
      { path: 'classes.txt', content: 'cat\n' },
      { path: 'README.dataset.txt', content: '# sharks\n0 wait, this line starts with a number\n' },
      { path: 'notes.txt', content: 'taken on a Tuesday\n' },
      { path: 'labels/a.txt', content: 'not yolo at all\n' },
    ];
    const result = importYolo(files, targets(['a.jpg']), 'bndbox');
    expect(result.unmatched).toEqual([]);
    expect(result.errors).toEqual(['labels/a.txt line 1: class "not" is not named in classes.txt']);
  });

  it('keeps the first vertex of a closed ring, and reports coordinates past the image edge', () => {
    const files = [{ path: 'classes.txt', content: 'cat\n' }, { path: 'labels/a.txt', content: '0 0.1 0.1 0.5 0.1 0.3 0.9 0.1 0.1\n0 0.5 0.5 0.2 1.4\n' }];
    const result = importYolo(files, targets(['a.jpg']), 'seg');
    expect(result.matched.get('a.jpg')?.map((s) => roughly(s))).toEqual([
      { kind: 'polygon', label: 'cat', points: [[100, 50], [500, 50], [300, 450]] },
      { kind: 'polygon', label: 'cat', points: [[400, 500], [400, 0], [600, 0], [600, 500]] },
    ]);
    expect(result.errors).toEqual(['labels/a.txt line 2: the object reaches outside the 1000×500 image (y from -100 to 600) and was cut at its edge']);
  });
});

describe('YOLO lines kept through an export', () => {
  const files = [{ path: 'classes.txt', content: 'cat\ndog\n' }, { path: 'labels/a.txt', content: '1 0.5 0.5 0.2 0.2 0.87\n0 0.1 0.1 0.123456789 0.1 0.3 0.9\n' }];

  it('writes an unchanged line as read: its extra column and every decimal', async () => {
    const read = importYolo(files, targets(['a.jpg']), 'bndbox');
    const exported = (await exportYolo([item('a.jpg', read.matched.get('a.jpg') ?? [])], ['cat', 'dog'], 'bndbox')).files;
    expect(fileOf(exported, 'labels/a.txt')).toBe('1 0.5 0.5 0.2 0.2 0.87\n0 0.1 0.1 0.123456789 0.1 0.3 0.9\n');
  });

  it('computes a moved box again and keeps its extra column', async () => {
    const [moved, other] = importYolo(files, targets(['a.jpg']), 'bndbox').matched.get('a.jpg') ?? [];
    if (moved?.kind !== 'box' || !other) throw new Error('two boxes expected');
    const exported = (await exportYolo([item('a.jpg', [{ ...moved, x1: moved.x1 + 100, x2: moved.x2 + 100 }, other])], ['cat', 'dog'], 'bndbox')).files;
    expect(fileOf(exported, 'labels/a.txt')?.split('\n')[0]).toBe('1 0.600000 0.500000 0.200000 0.200000 0.87');
  });
});

describe('YOLO export layout', () => {
  it('writes a label file back at its imported path only while that stays inside the archive', async () => {
    const files = [{ path: 'classes.txt', content: 'cat\n' }, { path: '../../etc/a.txt', content: '0 0.5 0.5 0.2 0.2\n' }, { path: 'C:/data/b.txt', content: '0 0.5 0.5 0.2 0.2\n' }];
    const read = importYolo(files, targets(['a.jpg', 'b.jpg']), 'bndbox');
    const items = ['a.jpg', 'b.jpg'].map((relPath) => ({ ...item(relPath, read.matched.get(relPath) ?? []), annotation: { shapes: read.matched.get(relPath) ?? [], placement: { x: 0, y: 0, w: 0, h: 0 }, dataset: read.imageFields?.get(relPath) } }));
    expect((await exportYolo(items, ['cat'], 'bndbox')).files.map((f) => f.path).slice(0, 2)).toEqual(['etc/a.txt', 'data/b.txt']);
  });

  it('moves a kept label file with its image when the image was renamed since the import', async () => {
    const files = [{ path: 'classes.txt', content: 'cat\n' }, { path: 'set/labels/a.txt', content: '0 0.5 0.5 0.2 0.2\n' }];
    const read = importYolo(files, targets(['set/images/a.jpg']), 'bndbox');
    const shapes = read.matched.get('set/images/a.jpg') ?? [];
    const renamed = { ...item('set/images/b.jpg', shapes), annotation: { shapes, placement: { x: 0, y: 0, w: 0, h: 0 }, dataset: read.imageFields?.get('set/images/a.jpg') } };
    const exported = (await exportYolo([renamed], ['cat'], 'bndbox')).files;
    expect(exported[0]?.path).toBe('set/labels/b.txt');
    expect(importYolo(exported, targets(['set/images/b.jpg']), 'bndbox').matched.get('set/images/b.jpg')).toHaveLength(1);
  });

  it('writes labels beside images/ folders as Ultralytics looks for them, elsewhere under labels/', async () => {
    const { files } = await exportYolo([item('images/a.jpg', []), item('train/images/b.jpg', []), item('c.jpg', []), item('a.jpg', [])], [], 'bndbox');
    expect(files.map((f) => f.path).slice(0, 4)).toEqual(['labels/a.txt', 'train/labels/b.txt', 'labels/c.txt', 'labels/a.jpg.txt']);
    const back = importYolo(files, targets(['images/a.jpg', 'train/images/b.jpg', 'c.jpg', 'a.jpg']), 'bndbox');
    expect([...back.matched.keys()]).toEqual(['images/a.jpg', 'train/images/b.jpg', 'c.jpg', 'a.jpg']);
  });

  it.each([
    ['a.jpg', 'images/a.jpg'],
    ['images/a.jpg', 'a.jpg'],
    ['a.jpg', 'images/a.png'],
    ['x/a.jpg', 'images/x/a.jpg'],
    ['a.jpg', 'labels/a.png'],
    ['labels/a.png', 'a.jpg'],
    ['x/a.jpg', 'x/labels/a.png'],
  ])('gives %s and %s, whose label paths meet, each its own labels back, however often and in whatever order', async (first, second) => {
    const cat = box(10, 20, 110, 70, 'cat');
    const dog = box(200, 100, 400, 300, 'dog');
    let files: ExportFile[] = (await exportYolo([item(first, [cat]), item(second, [dog])], ['cat', 'dog'], 'bndbox')).files;
    for (let round = 1; round <= 2; round++) {
      for (const order of [[first, second], [second, first]]) {
        const back = importYolo(files, targets(order), 'bndbox');
        expect(back).toMatchObject({ errors: [], unmatched: [] });
        expect(back.matched.get(first)?.map((s) => roughly(s))).toEqual([roughly(cat)]);
        expect(back.matched.get(second)?.map((s) => roughly(s))).toEqual([roughly(dog)]);
      }
      // The next round exports the fresh project the import made: each image with the label file it came from.
      const read = importYolo(files, targets([first, second]), 'bndbox');
      files = (await exportYolo(imported(read, [first, second]), ['cat', 'dog'], 'bndbox')).files;
    }
  });
  it('never writes a label file where the archive needs a folder of that name, nor under one of its own files', async () => {
    const relPaths = ['a.jpg', 'a.txt/b.jpg', 'classes.txt/images/c.jpg', 'report.json/images/d.jpg'];
    const { files } = await exportYolo(relPaths.map((relPath) => item(relPath, [box(10, 20, 110, 70, relPath)])), [], 'bndbox');
    expect(files.map((f) => f.path).slice(0, 4)).toEqual(['labels/a.txt', 'labels/a.txt~2/b.jpg.txt', 'labels/classes.txt/images/c.txt', 'labels/report.json/images/d.txt']);
    const back = importYolo(files, targets(relPaths), 'bndbox');
    expect(relPaths.map((relPath) => back.matched.get(relPath)?.map((s) => s.label))).toEqual(relPaths.map((relPath) => [relPath]));
  });

  it.each([
    // labels/a.txt and labels/a.jpg.txt: the second is also the name a.jpg gets when labels/a.txt is taken.
    [['a.jpg', 'a.jpg.png']],
    // labels/labels/a.txt, which reads as images/a, naming a.jpg.
    [['a.jpg', 'images/labels/a.jpg']],
    // Apart only by case: the second is labels/labels/a.png~2.txt.
    [['labels/A.PNG', 'labels/a.png']],
    [['A.PNG', 'images/a.jpg', 'labels/a.png']],
    // labels/labels/a.jpg~2.txt for labels/a.jpg, kept by the import and written again by the next export.
    [['images/labels/a.jpg.png', 'labels/a.jpg']],
  ])('reads its own export of %j back in the project\'s order, each image with its own labels, round after round', async (relPaths) => {
    const shapes = relPaths.map((relPath, i) => box(10 + i, 20, 110, 70, `class${i}`));
    let files: ExportFile[] = (await exportYolo(relPaths.map((relPath, i) => item(relPath, [shapes[i]!])), [], 'bndbox')).files;
    for (let round = 1; round <= 2; round++) {
      // Unzipped into a folder of its own and zipped again: the names count from classes.txt.
      const wrapped = importYolo(files.map((file) => ({ ...file, path: `export/${file.path}` })), targets(relPaths), 'bndbox');
      for (const read of [importYolo(files, targets(relPaths), 'bndbox'), wrapped]) {
        expect(read).toMatchObject({ errors: [], unmatched: [] });
        expect(relPaths.map((relPath) => read.matched.get(relPath)?.map((s) => roughly(s)))).toEqual(shapes.map((shape) => [roughly(shape)]));
      }
      const read = importYolo(files, targets(relPaths), 'bndbox');
      files = (await exportYolo(imported(read, relPaths), [], 'bndbox')).files;
    }
  });

  it.each([
    ['an image added', ['a.jpg', 'a.jpg.png', 'b.jpg'], { 'a.jpg': ['class0'], 'a.jpg.png': ['class1'] }, 0],
    ['an image added that takes a name first', ['a.gif', 'a.jpg', 'a.jpg.png'], {}, 2],
    ['an image added, images/ beside', ['a.jpg', 'b.jpg', 'images/a.jpg'], { 'a.jpg': ['class0'], 'images/a.jpg': ['class1'] }, 0],
    ['a.jpg.png deleted', ['a.jpg'], {}, 2],
    ['a.jpg.png renamed', ['a.jpg', 'r.jpg.png'], {}, 2],
  ] as const)('puts no box of its own export on another image after %s: each lands on its image, or the file is reported', async (_, relPaths, expected, errors) => {
    const exportedPaths = relPaths.some((relPath) => relPath === 'images/a.jpg') ? ['a.jpg', 'images/a.jpg'] : ['a.jpg', 'a.jpg.png'];
    const { files } = await exportYolo(exportedPaths.map((relPath, i) => item(relPath, [box(10 + i, 20, 110, 70, `class${i}`)])), [], 'bndbox');
    const read = importYolo(files, targets([...relPaths]), 'bndbox');
    expect(Object.fromEntries([...read.matched].map(([relPath, shapes]) => [relPath, shapes.map((s) => s.label)]))).toEqual(expected);
    expect(read.errors).toHaveLength(errors);
  });
});

describe('YOLO Darknet layout through round trips', () => {
  const darknet = [
    { path: 'obj.names', content: 'cat\ndog\n' },
    { path: 'obj.data', content: 'classes = 2\ntrain = data/train.txt\nnames = data/obj.names\nbackup = backup/\n' },
    { path: 'train.txt', content: 'data/obj_train_data/a.jpg\n' },
    { path: 'obj_train_data/a.txt', content: '1 0.5 0.5 0.2 0.2\n' },
  ];

  it('comes back as Darknet from its own export, with the settings of its .data file, round after round', async () => {
    let files: ExportFile[] = darknet;
    for (let round = 1; round <= 3; round++) {
      const read = importYolo(files, targets(['obj_train_data/a.jpg']), 'bndbox');
      expect(read).toMatchObject({ errors: [], unmatched: [], labels: ['cat', 'dog'] });
      expect(read.matched.get('obj_train_data/a.jpg')?.map((s) => s.label)).toEqual(['dog']);
      expect(read.projectFields).toEqual({ yolo: { darknet: { data: expect.stringContaining('backup = backup/') as unknown, names: expect.any(String) as unknown } } });
      files = (await exportYolo(imported(read, ['obj_train_data/a.jpg']), ['cat', 'dog'], 'bndbox', undefined, read.projectFields)).files;
      expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(['obj_train_data/a.txt', 'obj.names', 'obj.data', 'train.txt']));
      expect(fileOf(files, 'obj.data')).toBe('classes = 2\ntrain = data/train.txt\nnames = data/obj.names\nbackup = backup/\n');
    }
  });

  it('leaves a classes.txt dataset without a .data file plain: no Darknet files in its export', async () => {
    const read = importYolo([{ path: 'classes.txt', content: 'cat\n' }, { path: 'labels/a.txt', content: '0 0.5 0.5 0.2 0.2\n' }], targets(['a.jpg']), 'bndbox');
    expect(read.projectFields).toBeUndefined();
    const files = (await exportYolo(imported(read, ['a.jpg']), ['cat'], 'bndbox', undefined, read.projectFields)).files;
    expect(files.map((f) => f.path)).toEqual(['labels/a.txt', YOLO_CLASSES_PATH, YOLO_DATA_PATH]);
  });
});
