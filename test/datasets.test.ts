// Datasets written by other tools (test/fixtures/datasets, each folder with its SOURCE.md),
// imported into a project over stand-in images of the sizes the files state: which images
// match, which shapes arrive with which labels, and where their boxes lie. These pin what is
// right today; what today's importers get wrong is listed in KNOWN-GAPS.md beside the fixtures.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportFile, TrainingFormat } from '@/server/core/formats';
import type { AnnotationType, PixelEditorShape } from '@/server/core/types';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { cocoImageSizes, DATASETS, type ImageSizes } from './dataset-roundtrip-support';


type Bounds = [xMin: number, yMin: number, xMax: number, yMax: number];

// Each format's convention, so an expected box reads like the line of the file it comes from.
const coco = ([x, y, w, h]: [number, number, number, number]): Bounds => [x, y, x + w, y + h];
const yolo = ([cx, cy, w, h]: [number, number, number, number], width: number, height: number): Bounds => [
  (cx - w / 2) * width, (cy - h / 2) * height, (cx + w / 2) * width, (cy + h / 2) * height,
];
// The devkit's 1-based pixel indices: the box's left and top edges lie one pixel before xmin
// and ymin (0, written by tools that count from 0, is the image's edge all the same).
const voc = (xmin: number, ymin: number, xmax: number, ymax: number): Bounds => [Math.max(0, xmin - 1), Math.max(0, ymin - 1), xmax, ymax];

interface Imported {
  labels: string[];
  /** relPath → its shapes, in the order the file lists them. */
  shapes: Map<string, PixelEditorShape[]>;
}

let t: TestCore;

beforeAll(async () => {
  t = await createTestCore();
});

afterAll(() => t.close());

/** A project named after the fixture over blank images at the given paths and sizes. */
async function projectOver(fixture: string, type: AnnotationType, images: ImageSizes) {
  const folder = await makeTempDir(`labelport-${fixture}-`);
  for (const [relPath, [width, height]] of Object.entries(images)) {
    await writeImage(path.join(folder, relPath), { format: relPath.endsWith('.png') ? 'png' : 'jpeg', width, height });
  }
  await t.core.projects.create({ source: 'folder', name: fixture, type, folder, labelFilePath: '' });
  await t.scanSettled(type, fixture);
}

async function projectState(fixture: string, type: AnnotationType): Promise<Imported> {
  const status = await t.core.projects.loadingStatus(type, fixture);
  const images = await t.core.annotations.editorImages(type, fixture, status.uuids);
  return { labels: status.labels, shapes: new Map(images.map((entry) => [entry.image.relPath, entry.shapes])) };
}

/** Imports the fixture folder as a user would point the import at it, or the files given. */
async function importFixture(fixture: string, format: TrainingFormat, type: AnnotationType, images: ImageSizes, files?: ImportFile[]) {
  await projectOver(fixture, type, images);
  const source = files ? { files } : { path: path.join(DATASETS, fixture) };
  // The labels it added are checked on the project's label list instead.
  const { labelsAdded: _labelsAdded, ...summary } = await t.core.annotationImports.importAnnotations(type, fixture, format, source);
  return { summary, ...await projectState(fixture, type) };
}

/** Every file of a fixture, paths relative to its folder, as an inline import sends them. */
const fixtureFiles = (fixture: string): ImportFile[] =>
  fs.readdirSync(path.join(DATASETS, fixture), { recursive: true, encoding: 'utf8' })
    .filter((relPath) => fs.statSync(path.join(DATASETS, fixture, relPath)).isFile())
    .map((relPath) => ({ path: relPath.split(path.sep).join('/'), content: fs.readFileSync(path.join(DATASETS, fixture, relPath), 'utf8') }));


const boundsOf = (shape: PixelEditorShape): Bounds => {
  if (shape.kind === 'box') return [shape.x, shape.y, shape.x + shape.w, shape.y + shape.h];
  const xs = shape.points.map((p) => p.x);
  const ys = shape.points.map((p) => p.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

/** Label and bounds of every shape of an image, each coordinate within half a pixel. */
function expectShapes(imported: Imported, relPath: string, expected: Array<[label: string, bounds: Bounds]>) {
  const shapes = imported.shapes.get(relPath) ?? [];
  expect(shapes.map((shape) => shape.label), relPath).toEqual(expected.map(([label]) => label));
  shapes.forEach((shape, i) => {
    const want = expected[i]?.[1] ?? [];
    boundsOf(shape).forEach((value, k) => {
      expect(Math.abs(value - (want[k] ?? NaN)), `${relPath} ${shape.label} coordinate ${k}: ${value} vs ${want[k]}`).toBeLessThanOrEqual(0.5);
    });
  });
}

const shapeCount = (imported: Imported) => [...imported.shapes.values()].reduce((sum, shapes) => sum + shapes.length, 0);

describe('COCO', () => {
  it('Datumaro instances: both subsets import, categories keep their order, the polygon keeps its vertices', async () => {
    const imported = await importFixture('coco-datumaro-instances', 'coco', 'seg', { 'a.jpg': [10, 5], 'b.jpg': [5, 10] });
    expect(imported.summary).toEqual({ matched: 2, unmatched: [], errors: [] });
    // c (id 4) is used by no annotation yet declared: it still becomes a label.
    expect(imported.labels).toEqual(['a', 'b', 'c']);
    expect(shapeCount(imported)).toBe(3);
    // The crowd region (RLE) arrives as its bbox today.
    expectShapes(imported, 'b.jpg', [['a', coco([0, 0, 1, 2])], ['b', coco([0, 0, 1, 9])]]);
    expectShapes(imported, 'a.jpg', [['b', coco([2, 2, 3, 1])]]);
    const polygon = imported.shapes.get('b.jpg')?.[0];
    expect(polygon?.kind === 'polygon' && polygon.points).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 2 }, { x: 0, y: 2 }]);
  });

  it('Roboflow: one file per split folder, each matched to the images beside it', async () => {
    const imported = await importFixture('coco-roboflow-datumaro', 'coco', 'bndbox', {
      'train/train_001.jpg': [10, 5], 'train/train_002.jpg': [10, 5], 'val/val_001.jpg': [10, 5],
    });
    expect(imported.summary).toEqual({ matched: 3, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['label_0', 'label_1']);
    expectShapes(imported, 'train/train_001.jpg', [['label_0', coco([2, 1, 3, 1])]]);
    expectShapes(imported, 'train/train_002.jpg', [['label_1', coco([0, 0, 2, 4])]]);
    expectShapes(imported, 'val/val_001.jpg', [['label_0', coco([0, 0, 1, 2])], ['label_1', coco([0, 0, 9, 1])]]);
  });

  it('MMDetection sample: 0-based image ids, an image without objects matched and left empty', async () => {
    const imported = await importFixture('coco-mmdetection-sample', 'coco', 'bndbox', { 'fake1.jpg': [800, 800], 'fake2.jpg': [800, 800], 'fake3.jpg': [800, 800] });
    expect(imported.summary).toEqual({ matched: 3, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['bus', 'car']);
    expectShapes(imported, 'fake1.jpg', [['bus', coco([0, 0, 20, 20])], ['car', coco([0, 0, 20, 20])]]);
    expectShapes(imported, 'fake2.jpg', [['bus', coco([0, 0, 20, 20])]]);
    expectShapes(imported, 'fake3.jpg', []);
  });

  it('labelme2Datasets: two subsets with repeated annotation ids each land on their own image', async () => {
    const size = [2560, 1920] as const;
    const imported = await importFixture('coco-labelme2datasets-defects', 'coco', 'seg', {
      '20180928115506.jpg': size, '20180928115522.jpg': size, '20180928115538.jpg': size,
    });
    expect(imported.summary.matched).toBe(3);
    expect(imported.summary.unmatched).toEqual([]);
    expect(imported.labels.slice(0, 4)).toEqual(['_background_', 'BuDaoDian', 'CaHua', 'JiaoWeiLouDi']);
    expect(imported.labels).toHaveLength(11);
    expect(shapeCount(imported)).toBe(6);
    // The converter swapped the axes, so its polygons reach y 2560 in a 1920-high image: the
    // part inside the image is kept.
    expectShapes(imported, '20180928115522.jpg', [['JiaoWeiLouDi', [1090, 2, 1307, 1920]], ['BuDaoDian', [1322, 0, 1652, 1920]]]);
  });

  it('Roboflow sharks: three split files, polygons and box-only objects, the unused category 0 kept as a label', async () => {
    const imported = await importFixture('coco-roboflow-sharks', 'coco', 'seg', cocoImageSizes('coco-roboflow-sharks'));
    expect(imported.summary).toEqual({ matched: 10, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['sharks', 'fish', 'primary', 'shark']);
    expect(shapeCount(imported)).toBe(60);
    // Roboflow's bbox and polygon disagree by up to 0.42 px, so the polygons' bounds match it too.
    const valid = 'valid/sharks_mp4-18_jpg.rf.1eaee0cfdb30d666e7257fb222b8af02.jpg';
    expectShapes(imported, valid, [
      ['shark', coco([172, 236, 8.235, 17.331])], ['primary', coco([63, 26, 183.535, 121.879])], ['shark', coco([51, 125, 73.5, 39])],
      ['shark', coco([220, 126, 35.5, 49])], ['shark', coco([3, 160, 48.675, 39.883])],
    ]);
    // Roboflow closes each ring by repeating its first vertex (70, 321 and 105 points); the
    // repeat is dropped, the box-only objects become 4-point polygons.
    expect(imported.shapes.get(valid)?.map((shape) => (shape.kind === 'polygon' ? shape.points.length : 0))).toEqual([69, 320, 4, 4, 104]);
  });

  it('COCO 2017 via labelformat: category ids from 0, polygons in seg, the crowd region arrives as its bbox', async () => {
    const imported = await importFixture('coco-labelformat-coco2017', 'coco', 'seg', {
      '000000109005.jpg': [640, 428], '000000036086.jpg': [482, 640], '000000374545.jpg': [549, 640],
    });
    expect(imported.summary).toEqual({ matched: 3, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['kite', 'person', 'elephant', 'sports ball']);
    expectShapes(imported, '000000109005.jpg', [['elephant', coco([263.79, 159.96, 121.75, 90.74])]]);
    expectShapes(imported, '000000036086.jpg', [['sports ball', coco([110.18, 481.63, 54.34, 52.67])], ['person', coco([218.61, 81.98, 204.22, 458.78])]]);
    expectShapes(imported, '000000374545.jpg', [['person', coco([12, 524, 381, 33])]]);
    expect(imported.shapes.get('000000036086.jpg')?.map((shape) => (shape.kind === 'polygon' ? shape.points.length : 0))).toEqual([20, 34]);
  });
});

describe('Pascal VOC', () => {
  it('Datumaro VOC2007: both objects with their labels, the part and actions not taken as objects', async () => {
    const imported = await importFixture('voc-datumaro-voc2007', 'voc', 'bndbox', { '2007_000001.jpg': [20, 10] });
    expect(imported.summary).toEqual({ matched: 1, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['cat', 'person']);
    expectShapes(imported, '2007_000001.jpg', [['cat', voc(1, 2, 3, 4)], ['person', voc(4, 5, 6, 7)]]);
  });

  it('Roboflow: XML beside the images in split folders, bndbox children in any order', async () => {
    const imported = await importFixture('voc-roboflow-datumaro', 'voc', 'bndbox', {
      'train/train_001.jpg': [10, 5], 'train/train_002.jpg': [10, 5], 'val/val_001.jpg': [10, 5],
    });
    expect(imported.summary).toEqual({ matched: 3, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['label_0', 'label_1']);
    expectShapes(imported, 'train/train_001.jpg', [['label_0', voc(2, 1, 5, 2)]]);
    expectShapes(imported, 'val/val_001.jpg', [['label_0', voc(0, 0, 1, 2)], ['label_1', voc(0, 0, 9, 1)]]);
  });

  it('MMDetection VOC2012: the box goes to the image of the file\'s own name, as the devkit pairs them, and <filename> is reported', async () => {
    const imported = await importFixture('voc-mmdetection-voc2012', 'voc', 'bndbox', { '000001.jpg': [335, 500], '000002.jpg': [335, 500] });
    expect(imported.summary).toEqual({ matched: 1, unmatched: [], errors: [expect.stringMatching(/^Annotations\/000001\.xml: <filename> 000002\.jpg names 000002\.jpg, but .* 000001\.jpg/)] });
    expectShapes(imported, '000001.jpg', [['train', voc(139, 200, 207, 301)]]);
    expectShapes(imported, '000002.jpg', []);
  });

  it('labelme2Datasets: every file matched, boxes past the bottom edge cut at it, labels in class_names.txt order', async () => {
    const size = [2560, 1920] as const;
    const imported = await importFixture('voc-labelme2datasets-defects', 'voc', 'bndbox', {
      '20180928115506.jpg': size, '20180928115522.jpg': size, '20180928115538.jpg': size,
    });
    expect(imported.summary).toMatchObject({ matched: 3, unmatched: [] });
    // The tool's class_names.txt gives the labels its order; its _background_ is no label.
    expect(imported.labels).toEqual(['BuDaoDian', 'CaHua', 'JiaoWeiLouDi', 'JuPi', 'LouDi', 'PengLiu', 'QiPao', 'QiKeng', 'ZaSe', 'ZangDian']);
    expect(shapeCount(imported)).toBe(6);
    expectShapes(imported, '20180928115506.jpg', [['BuDaoDian', voc(1178, 2, 1446, 1920)], ['JiaoWeiLouDi', voc(1017, 0, 1172, 1920)]]);
  });

  it('Roboflow chess: extension-less and differently cased <filename>s still find their images', async () => {
    const images = Object.fromEntries(['0AF', '1be', '55b', '5c1', 'a97', 'bc5', 'c78', 'ce5', 'd9a', 'e40', 'ec5', 'f9a'].map((stem) => [`${stem}.jpg`, [765, 512] as const]));
    const imported = await importFixture('voc-roboflow-chess', 'voc', 'bndbox', images);
    expect(imported.summary).toEqual({ matched: 11, unmatched: [], errors: [] });
    expect(imported.labels).toHaveLength(12);
    expect(shapeCount(imported)).toBe(180);
    expectShapes(imported, 'c78.jpg', [['black-knight', voc(443, 93, 483, 159)]]);
    expect(imported.shapes.get('0AF.jpg')?.[0]).toMatchObject({ label: 'black-king', x: 554, y: 100, w: 623 - 554, h: 210 - 100 });
    expectShapes(imported, '5c1.jpg', []);
  });

  it('MMDetection WIDER FACE: a relative ./ <path> finds the image two folders away from the XML', async () => {
    const image = 'WIDER_train/images/0--Parade/0_Parade_marchingband_1_5.jpg';
    const imported = await importFixture('voc-mmdetection-widerface', 'voc', 'bndbox', { [image]: [1024, 683] });
    expect(imported.summary).toEqual({ matched: 1, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['face']);
    const faces = imported.shapes.get(image) ?? [];
    expect(faces).toHaveLength(10);
    expect(faces[0]).toMatchObject({ label: 'face', x: 494, y: 176, w: 532 - 494, h: 228 - 176 });
  });

  it('labelformat: file and class names with spaces and dots, one-line XML, float coordinates', async () => {
    const imported = await importFixture('voc-labelformat-weird-names', 'voc', 'bndbox', {
      'a-weird Filename.asdf.jpg': [640, 416], 'aNother-weird__ filename.with.many.characters.jpg': [640, 428],
    });
    expect(imported.summary).toEqual({ matched: 2, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['dog', 'person', 'bench', 'bicycle with space', 'snowboard']);
    expectShapes(imported, 'a-weird Filename.asdf.jpg', [
      ['dog', voc(540, 295, 563, 313)], ['person', voc(513, 271, 534, 304)], ['person', voc(586, 268, 604, 291)], ['person', voc(548, 250, 553, 258)],
      ['bench', voc(377, 261, 411, 285)], ['bench', voc(448, 282, 488, 305)], ['bicycle with space', voc(75, 198, 81, 213)], ['person', voc(604, 271, 613, 282)],
    ]);
    expect(imported.shapes.get('aNother-weird__ filename.with.many.characters.jpg')).toHaveLength(8);
  });
});

describe('YOLO', () => {
  it('Label Studio converter: classes.txt order kept, boxes of mixed image sizes within half a pixel', async () => {
    const imported = await importFixture('yolo-labelstudio-converter', 'yolo', 'bndbox', {
      'images/img_1.jpg': [640, 329], 'images/img_2.png': [640, 427], 'images/img_3.png': [1280, 720], 'images/img_4.png': [640, 494],
      'images/img_5.jpg': [640, 425], 'images/img_6.jpeg': [1280, 720], 'images/img_7.jpeg': [640, 427],
    });
    expect(imported.summary).toEqual({ matched: 7, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['closed_door', 'opened_door', 'bus', 'number']);
    expect(shapeCount(imported)).toBe(25);
    expectShapes(imported, 'images/img_1.jpg', [
      ['bus', yolo([0.49765625, 0.46200607902735563, 0.9640625, 0.8693009118541033], 640, 329)],
      ['number', yolo([0.2890625, 0.1656534954407295, 0.071875, 0.13677811550151975], 640, 329)],
      ['closed_door', yolo([0.43125, 0.5319148936170213, 0.121875, 0.7051671732522796], 640, 329)],
      ['closed_door', yolo([0.790625, 0.5030395136778115, 0.090625, 0.5866261398176292], 640, 329)],
    ]);
  });

  it('Darknet layout (CVAT "YOLO 1.1"): names from obj.names, labels beside the images, train.txt not a label file', async () => {
    const imported = await importFixture('yolo-darknet-datumaro', 'yolo', 'bndbox', { 'obj_train_data/1.jpg': [15, 10] });
    expect(imported.summary).toEqual({ matched: 1, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(Array.from({ length: 10 }, (_, i) => `label_${i}`));
    expectShapes(imported, 'obj_train_data/1.jpg', [
      ['label_2', yolo([0.133333, 0.3, 0.266667, 0.2], 15, 10)], ['label_4', yolo([0.266667, 0.45, 0.133333, 0.3], 15, 10)],
    ]);
  });

  it('Roboflow via Datumaro: class names from the YAML list of data.yaml, labels/ beside images/', async () => {
    const imported = await importFixture('yolo-roboflow-datumaro', 'yolo', 'bndbox', {
      'train/images/train_001.jpg': [10, 5], 'train/images/train_002.jpg': [10, 5], 'val/images/val_001.jpg': [10, 5],
    });
    expect(imported.summary).toEqual({ matched: 3, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['label_0', 'label_1']);
    expect(shapeCount(imported)).toBe(4);
  });

  // Segmentation exports name their classes only in data.yaml (Roboflow) or dataset.yaml
  // (labelformat, as a {0: kite} mapping).
  async function importSegWithClasses(fixture: string, images: ImageSizes) {
    return importFixture(fixture, 'yolo', 'seg', images);
  }

  it('Roboflow sharks (seg): polygon and box lines mixed in one file all arrive as polygons', async () => {
    const labelFiles = fixtureFiles('yolo-roboflow-sharks-seg').filter((file) => file.path.includes('/labels/'));
    const images = Object.fromEntries(labelFiles.map((file) => [file.path.replace('/labels/', '/images/').replace(/\.txt$/, '.jpg'), [640, 640] as const]));
    const imported = await importSegWithClasses('yolo-roboflow-sharks-seg', images);
    // The export's README.dataset.txt is no label file.
    expect(imported.summary).toEqual({ matched: 10, unmatched: [], errors: [] });
    expect(imported.labels).toEqual(['fish', 'primary', 'shark']);
    expect(shapeCount(imported)).toBe(60);
    expectShapes(imported, 'train/images/sharks_mp4-11_jpg.rf.aaf303e6eba91380d782d7c5fff1dc92.jpg', [
      ['primary', yolo([0.37890625, 0.3765625, 0.7578125, 0.55078125], 640, 640)],
      ['shark', yolo([0.22734375, 0.6375, 0.259375, 0.2359375], 640, 640)],
      ['shark', yolo([0.8375, 0.8640625, 0.23046875, 0.228125], 640, 640)],
      ['shark', yolo([0.88671875, 0.61015625, 0.2265625, 0.18125], 640, 640)],
      ['shark', yolo([0.24609375, 0.575, 0.296875, 0.15], 640, 640)],
    ]);
    const stem = 'train/images/sharks_mp4-13_jpg.rf.4ba3d8914eb8b4026151b3c1a8039fd7';
    const line = fixtureFiles('yolo-roboflow-sharks-seg').find((file) => file.path === `${stem.replace('/images/', '/labels/')}.txt`)?.content.split('\n')[0] ?? '';
    const numbers = line.split(' ').slice(1).map(Number);
    const filePoints = numbers.flatMap((value, i) => (i % 2 === 0 ? [{ x: value * 640, y: (numbers[i + 1] ?? NaN) * 640 }] : []));
    expect(filePoints).toHaveLength(347);
    // The last of the file's 347 points repeats the first (a closed ring); the ring arrives
    // without that repeat, starting at the file's first point.
    const polygon = imported.shapes.get(`${stem}.jpg`)?.[0];
    expect(polygon?.label).toBe('primary');
    expect(polygon?.kind === 'polygon' && polygon.points).toEqual(filePoints.slice(0, -1).map(({ x, y }) => ({ x: expect.closeTo(x, 3), y: expect.closeTo(y, 3) })));
  });

  it('labelformat (seg): the same objects as its COCO export, within half a pixel of their COCO boxes', async () => {
    const imported = await importSegWithClasses('yolo-labelformat-seg', { 'images/000000036086.jpg': [482, 640], 'images/000000109005.jpg': [640, 428] });
    expect(imported.labels).toEqual(['kite', 'person', 'elephant', 'sports ball']);
    expect(imported.summary).toEqual({ matched: 2, unmatched: [], errors: [] });
    expectShapes(imported, 'images/000000109005.jpg', [['elephant', coco([263.79, 159.96, 121.75, 90.74])]]);
    expectShapes(imported, 'images/000000036086.jpg', [['sports ball', coco([110.18, 481.63, 54.34, 52.67])], ['person', coco([218.61, 81.98, 204.22, 458.78])]]);
    expect(imported.shapes.get('images/000000109005.jpg')?.map((shape) => (shape.kind === 'polygon' ? shape.points.length : 0))).toEqual([54]);
  });
});

describe('LabelMe', () => {
  // The other shape types are kept for the labelme export (datasets-roundtrip-coco-labelme.test.ts).
  it('labelme-rs Mandrill: polygons and the rectangle arrive, the shapes not drawn are named in one line', async () => {
    const imported = await importFixture('labelme-labelmers-mandrill', 'labelme', 'seg', { 'Mandrill.jpg': [256, 256] });
    expect(imported.summary.matched).toBe(1);
    expect(imported.summary.errors).toEqual([
      'Mandrill.json: not drawn, kept for the labelme export: 6 linestrip, 2 circle, 1 line, 3 point (the workspace draws rectangles and polygons)',
    ]);
    expect(imported.labels).toEqual(['Eye', 'Nose']);
    expectShapes(imported, 'Mandrill.jpg', [
      ['Eye', [70.47146401985111, 24.660049627791565, 110.91811414392059, 42.52605459057071]],
      ['Eye', [145.6575682382134, 19.94540942928039, 184.6153846153846, 41.03722084367246]],
      ['Nose', [82.38213399503722, 169.57320099255583, 160.04962779156327, 223.66749379652606]],
    ]);
    expect(imported.shapes.get('Mandrill.jpg')?.map((shape) => (shape.kind === 'polygon' ? shape.points.length : 0))).toEqual([6, 6, 4]);
  });

  it('labelme-rs points: a Windows image path matches, point shapes are reported and nothing is drawn', async () => {
    const imported = await importFixture('labelme-labelmers-points', 'labelme', 'bndbox', { 'img1.jpg': [512, 512], 'parent/stem.jpg': [512, 512] });
    expect(imported.summary).toMatchObject({ matched: 2, unmatched: [] });
    expect(imported.summary.errors).toEqual([
      'backslash.json: not drawn, kept for the labelme export: 1 point (the workspace draws rectangles and polygons)',
      'test.json: not drawn, kept for the labelme export: 4 point (the workspace draws rectangles and polygons)',
    ]);
    expect(imported.labels).toEqual([]);
    expect(shapeCount(imported)).toBe(0);
  });
});
