// Pascal VOC and YOLO datasets written by other tools (test/fixtures/datasets), imported into
// a project over stand-in images, exported again in the same format through the export job,
// and compared with the source files: element trees for VOC, label lines and class lists for
// YOLO. What is deliberately not kept is said where it is asserted (and in docs/datasets.md).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingFormat } from '@/server/core/formats';
import { parseXml, toXmlNode, type XmlNode } from '@/server/core/formats/xml';
import { readYamlNames } from '@/server/core/formats/yaml-names';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import type { AnnotationType, PixelEditorShape } from '@/server/core/types';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { readZip } from '@/server/files/zip-reader';

const DATASETS = path.join(__dirname, 'fixtures', 'datasets');

/** relPath → [width, height] of the stand-in image, as the annotation file states it. */
type ImageSizes = Record<string, readonly [number, number]>;

let t: TestCore;

beforeAll(async () => {
  t = await createTestCore();
});

afterAll(() => t.close());

/** A project (named after the fixture unless told) over blank images, the fixture folder imported into it. */
async function importFixture(fixture: string, format: TrainingFormat, type: AnnotationType, images: ImageSizes, project = fixture) {
  const folder = await makeTempDir(`labelport-rt-${project}-`);
  for (const [relPath, [width, height]] of Object.entries(images)) {
    await writeImage(path.join(folder, relPath), { format: relPath.endsWith('.png') ? 'png' : 'jpeg', width, height });
  }
  await t.core.projects.create({ source: 'folder', name: project, type, folder, labelFilePath: '' });
  await t.scanSettled(type, project);
  return t.core.annotationImports.importAnnotations(type, project, format, { path: path.join(DATASETS, fixture) });
}

/** The dataset's files by path, as the zip next to the images holds them (its report.json and report.md aside). */
async function exportFiles(fixture: string, type: AnnotationType, format: 'voc' | 'yolo'): Promise<Map<string, string>> {
  await t.core.exports.start(type, fixture, format);
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  const zipPath = (await t.core.exports.status())?.result?.path ?? '';
  const entries = readZip(fs.readFileSync(zipPath)).filter((entry) => entry.name !== 'report.json' && entry.name !== 'report.md');
  return new Map(entries.map((entry) => [entry.name, entry.data.toString('utf8')]));
}

const source = (fixture: string, relPath: string) => fs.readFileSync(path.join(DATASETS, fixture, relPath), 'utf8');

function xmlTree(text: string | undefined): XmlNode {
  const parsed = parseXml(text ?? '');
  if (!parsed.ok) throw new Error(parsed.error);
  return toXmlNode(parsed.root);
}

async function editorShapes(type: AnnotationType, fixture: string, relPath: string): Promise<{ uuid: string; shapes: PixelEditorShape[] }> {
  const { uuids } = await t.core.projects.loadingStatus(type, fixture);
  const entry = (await t.core.annotations.editorImages(type, fixture, uuids)).find((image) => image.image.relPath === relPath);
  return { uuid: entry?.image.uuid ?? '', shapes: entry?.shapes ?? [] };
}

describe('Pascal VOC: import, export, the same file', () => {
  // fixture, image sizes, and source XML → the image it annotates.
  const cases: Array<[string, ImageSizes, Record<string, string>]> = [
    ['voc-datumaro-voc2007', { '2007_000001.jpg': [20, 10] }, { 'Annotations/2007_000001.xml': '2007_000001.jpg' }],
    ['voc-roboflow-datumaro', { 'train/train_001.jpg': [10, 5], 'train/train_002.jpg': [10, 5], 'val/val_001.jpg': [10, 5] }, {
      'train/train_001.xml': 'train/train_001.jpg', 'train/train_002.xml': 'train/train_002.jpg', 'val/val_001.xml': 'val/val_001.jpg',
    }],
    ['voc-labelme2datasets-defects', { '20180928115506.jpg': [2560, 1920], '20180928115522.jpg': [2560, 1920], '20180928115538.jpg': [2560, 1920] }, {
      'Annotations/20180928115506.xml': '20180928115506.jpg', 'Annotations/20180928115522.xml': '20180928115522.jpg', 'Annotations/20180928115538.xml': '20180928115538.jpg',
    }],
    ['voc-roboflow-chess', Object.fromEntries(['0AF', '1be', '55b', 'a97', 'c78', 'f9a'].map((stem) => [`${stem}.jpg`, [765, 512] as const])), {
      '0af.xml': '0AF.jpg', '1be.xml': '1be.jpg', '55b.xml': '55b.jpg', 'a97.xml': 'a97.jpg', 'c78.xml': 'c78.jpg', 'f9a.xml': 'f9a.jpg',
    }],
    ['voc-mmdetection-widerface', { 'WIDER_train/images/0--Parade/0_Parade_marchingband_1_5.jpg': [1024, 683] }, {
      'WIDER_train/Annotations/0_Parade_marchingband_1_5.xml': 'WIDER_train/images/0--Parade/0_Parade_marchingband_1_5.jpg',
    }],
    ['voc-labelformat-weird-names', { 'a-weird Filename.asdf.jpg': [640, 416], 'aNother-weird__ filename.with.many.characters.jpg': [640, 428] }, {
      'a-weird Filename.asdf.xml': 'a-weird Filename.asdf.jpg', 'aNother-weird__ filename.with.many.characters.xml': 'aNother-weird__ filename.with.many.characters.jpg',
    }],
  ];

  it.each(cases)('%s: every file at its path, every element, name, box and order as the file had it', async (fixture, images, pairs) => {
    const summary = await importFixture(fixture, 'voc', 'bndbox', images);
    expect(summary.matched).toBe(Object.keys(pairs).length);
    const files = await exportFiles(fixture, 'bndbox', 'voc');
    // And the class list: the source's where it had one (labelme2datasets', background first), as it was.
    const classList = fs.existsSync(path.join(DATASETS, fixture, 'class_names.txt')) ? source(fixture, 'class_names.txt') : null;
    expect([...files.keys()].sort()).toEqual([...Object.keys(pairs), 'class_names.txt'].sort());
    if (classList !== null) expect(files.get('class_names.txt')).toBe(classList);
    for (const xml of Object.keys(pairs)) {
      // At the path the file had: beside the images for Roboflow, under Annotations/ elsewhere.
      const exported = files.get(xml);
      // Coordinates too: a box not moved is written as the file wrote it (540.0, a 0, 2560 past the edge).
      expect(xmlTree(exported), xml).toEqual(xmlTree(source(fixture, xml)));
    }
  });

  it('MMDetection VOC2012: the objects stay on the image of the file\'s own name, and <filename> follows them', async () => {
    const fixture = 'voc-mmdetection-voc2012';
    await importFixture(fixture, 'voc', 'bndbox', { '000001.jpg': [335, 500], '000002.jpg': [335, 500] });
    const files = await exportFiles(fixture, 'bndbox', 'voc');
    const want = xmlTree(source(fixture, 'Annotations/000001.xml'));
    const filename = want.children?.find((node) => node.name === 'filename');
    if (filename) filename.text = '000001.jpg';
    expect(xmlTree(files.get('Annotations/000001.xml'))).toEqual(want);
  });

  it('labelme2Datasets: each box past the 1920-pixel height is reported (and written back as it was, above)', async () => {
    const size = [2560, 1920] as const;
    const images = { '20180928115506.jpg': size, '20180928115522.jpg': size, '20180928115538.jpg': size };
    const summary = await importFixture('voc-labelme2datasets-defects', 'voc', 'bndbox', images, 'voc-defects-reported');
    expect(summary.errors).toHaveLength(6);
    expect(summary.errors[0]).toBe('Annotations/20180928115506.xml: object 1 (BuDaoDian) reaches outside the 2560×1920 image (y up to 2560) and was cut at its edge');
  });

  it('an edited object gets a new 1-based box and keeps pose, truncated, part and actions; a new one the default elements', async () => {
    const fixture = 'voc2007-edited';
    await importFixture('voc-datumaro-voc2007', 'voc', 'bndbox', { '2007_000001.jpg': [20, 10] }, fixture);
    const { uuid, shapes } = await editorShapes('bndbox', fixture, '2007_000001.jpg');
    const [cat, person] = shapes;
    if (cat?.kind !== 'box' || !person) throw new Error('the fixture has a cat box and a person');
    await t.core.annotations.saveEditorShapes('bndbox', fixture, uuid, [
      { ...cat, x: cat.x + 5 }, person, { id: 'new', kind: 'box', x: 10, y: 0, w: 5, h: 5, label: 'dog' },
    ]);
    const exported = xmlTree((await exportFiles(fixture, 'bndbox', 'voc')).get('Annotations/2007_000001.xml'));
    const original = xmlTree(source('voc-datumaro-voc2007', 'Annotations/2007_000001.xml'));
    const objects = exported.children?.filter((node) => node.name === 'object') ?? [];
    const originals = original.children?.filter((node) => node.name === 'object') ?? [];
    const box = (values: number[]) => ({ name: 'bndbox', children: ['xmin', 'ymin', 'xmax', 'ymax'].map((name, i) => ({ name, text: String(values[i]) })) });
    // Moved 5 px right: pixel edges [5, 1, 7, 4] are written 6 2 8 4, as the devkit counts.
    expect(objects[0]).toEqual({ ...originals[0], children: originals[0]?.children?.map((node) => (node.name === 'bndbox' ? box([6, 2, 8, 4]) : node)) });
    expect(objects[1]).toEqual(originals[1]);
    expect(objects[2]).toEqual({ name: 'object', children: [{ name: 'name', text: 'dog' }, { name: 'pose', text: 'Unspecified' }, { name: 'truncated', text: '0' }, { name: 'difficult', text: '0' }, box([11, 1, 15, 5])] });
    expect(exported.children?.filter((node) => node.name !== 'object')).toEqual(original.children?.filter((node) => node.name !== 'object'));
  });
});

/** Each non-empty line's tokens: the class index and the coordinates as written. */
const labelLines = (text: string | undefined) => (text ?? '').split(/\r?\n|\r/).filter((line) => line.trim() !== '').map((line) => line.trim().split(/\s+/));

/** The class names of an export by index, from classes.txt and from data.yaml, which must agree. */
function exportedClasses(files: Map<string, string>): Map<number, string> {
  const lines = new Map((files.get('classes.txt') ?? '').split('\n').slice(0, -1).map((name, index) => [index, name] as const));
  const yaml = readYamlNames(files.get('data.yaml') ?? '');
  expect(yaml.ok && yaml.names).toEqual(lines);
  return new Map([...lines].filter(([, name]) => !/^__unused_\d+__$/.test(name)));
}

describe('YOLO: import, export, the same labels and classes', () => {
  const sharks = (split: string, stem: string) => [`${split}/images/${stem}.jpg`, [640, 640] as const] as const;
  const sharkImages = Object.fromEntries(
    fs.readdirSync(path.join(DATASETS, 'yolo-roboflow-sharks-seg'), { recursive: true, encoding: 'utf8' })
      .filter((relPath) => relPath.endsWith('.txt') && relPath.includes(`labels${path.sep}`))
      .map((relPath) => sharks(relPath.split(path.sep)[0] ?? '', path.basename(relPath, '.txt'))),
  );
  // fixture, project kind, image sizes, the class list's source with its names by index.
  const cases: Array<[string, AnnotationType, ImageSizes, Record<number, string>]> = [
    ['yolo-labelstudio-converter', 'bndbox', {
      'images/img_1.jpg': [640, 329], 'images/img_2.png': [640, 427], 'images/img_3.png': [1280, 720], 'images/img_4.png': [640, 494],
      'images/img_5.jpg': [640, 425], 'images/img_6.jpeg': [1280, 720], 'images/img_7.jpeg': [640, 427],
    }, { 0: 'closed_door', 1: 'opened_door', 2: 'bus', 3: 'number' }],
    ['yolo-darknet-datumaro', 'bndbox', { 'obj_train_data/1.jpg': [15, 10] }, Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, `label_${i}`]))],
    ['yolo-roboflow-datumaro', 'bndbox', { 'train/images/train_001.jpg': [10, 5], 'train/images/train_002.jpg': [10, 5], 'val/images/val_001.jpg': [10, 5] }, { 0: 'label_0', 1: 'label_1' }],
    ['yolo-roboflow-sharks-seg', 'seg', sharkImages, { 0: 'fish', 1: 'primary', 2: 'shark' }],
    ['yolo-labelformat-seg', 'seg', { 'images/000000036086.jpg': [482, 640], 'images/000000109005.jpg': [640, 428] }, { 0: 'kite', 1: 'person', 2: 'elephant', 3: 'sports ball' }],
  ];

  it.each(cases)('%s: every label file at its path, each line as written, the classes at their indexes', async (fixture, type, images, classes) => {
    const summary = await importFixture(fixture, 'yolo', type, images);
    expect(summary).toMatchObject({ unmatched: [], errors: [] });
    const files = await exportFiles(fixture, type, 'yolo');
    const labelFiles = fs.readdirSync(path.join(DATASETS, fixture), { recursive: true, encoding: 'utf8' })
      .map((relPath) => relPath.split(path.sep).join('/'))
      .filter((relPath) => relPath.endsWith('.txt') && !/(^|\/)(README[^/]*|classes|train)\.txt$/.test(relPath));
    expect(labelFiles.length).toBeGreaterThan(0);
    for (const relPath of labelFiles) {
      // Closed rings, box lines in segmentation files and every decimal come back as written.
      expect(labelLines(files.get(relPath)), relPath).toEqual(labelLines(source(fixture, relPath)));
    }
    expect(exportedClasses(files)).toEqual(new Map(Object.entries(classes).map(([index, name]) => [Number(index), name])));
  });

  it('Darknet layout: obj.names, obj.data and train.txt come back beside the label files', async () => {
    const fixture = 'yolo-darknet-datumaro';
    await importFixture(fixture, 'yolo', 'bndbox', { 'obj_train_data/1.jpg': [15, 10] }, 'darknet-files');
    const files = await exportFiles('darknet-files', 'bndbox', 'yolo');
    expect(files.get('obj.names')).toBe(source(fixture, 'obj.names'));
    const settings = (text: string | undefined) => new Map((text ?? '').split('\n').filter((line) => line.includes('=')).map((line) => line.split('=').map((part) => part.trim()) as [string, string]));
    expect(settings(files.get('obj.data'))).toEqual(settings(source(fixture, 'obj.data')));
    expect(labelLines(files.get('train.txt'))).toEqual(labelLines(source(fixture, 'train.txt')));
  });

  it('a moved ring is written from its new vertices, still closed; the other lines stay as written', async () => {
    const fixture = 'sharks-edited';
    await importFixture('yolo-roboflow-sharks-seg', 'yolo', 'seg', sharkImages, fixture);
    const relPath = 'train/images/sharks_mp4-13_jpg.rf.4ba3d8914eb8b4026151b3c1a8039fd7.jpg';
    const { uuid, shapes } = await editorShapes('seg', fixture, relPath);
    const [ring, ...rest] = shapes;
    if (ring?.kind !== 'polygon') throw new Error('the first object is a polygon');
    await t.core.annotations.saveEditorShapes('seg', fixture, uuid, [{ ...ring, points: ring.points.map((p) => ({ x: p.x + 1, y: p.y })) }, ...rest]);
    const labelPath = 'train/labels/sharks_mp4-13_jpg.rf.4ba3d8914eb8b4026151b3c1a8039fd7.txt';
    const [moved = [], ...others] = labelLines((await exportFiles(fixture, 'seg', 'yolo')).get(labelPath));
    const [original = [], ...originalOthers] = labelLines(source('yolo-roboflow-sharks-seg', labelPath));
    expect(others).toEqual(originalOthers);
    expect(moved).toHaveLength(original.length);
    expect(moved[0]).toBe(original[0]);
    // One pixel right, within half a pixel of the file's vertices; the last still repeats the first.
    moved.slice(1).forEach((token, i) => {
      const shift = i % 2 === 0 ? 1 : 0;
      expect(Math.abs(Number(token) * 640 - (Number(original[i + 1]) * 640 + shift)), `coordinate ${i}`).toBeLessThanOrEqual(0.5);
    });
    expect(moved.slice(-2)).toEqual(moved.slice(1, 3));
  });
});
