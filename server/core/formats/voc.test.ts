import { describe, expect, it } from 'vitest';
import { exportVoc, importVoc } from './voc';
import { box, item, polygon } from './test-fixtures';
import { child, childText, parseXml } from './xml';

const targets = (relPaths: string[]) => relPaths.map((relPath) => ({ relPath, width: 1000, height: 500 }));

function objectsOf(xml: string) {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.root.children
    .filter((c) => c.name === 'object')
    .map((object) => {
      const bndbox = child(object, 'bndbox');
      return {
        name: childText(object, 'name'),
        truncated: childText(object, 'truncated'),
        box: ['xmin', 'ymin', 'xmax', 'ymax'].map((key) => Number(bndbox ? childText(bndbox, key) : NaN)),
      };
    });
}

describe('Pascal VOC export', () => {
  it('writes one XML per image, folder structure kept', async () => {
    const { files } = await exportVoc([item('a.jpg', []), item('sub/a.jpg', []), item('a.png', [])], [], 'bndbox');
    expect(files.map((f) => f.path)).toEqual(['Annotations/a.xml', 'Annotations/sub/a.xml', 'Annotations/a.png.xml']);
  });

  it('writes the VOC layout with rounded pixels, 1-based as the devkit counts them', async () => {
    const [file] = (await exportVoc([item('sub/cat.jpg', [box(10.4, 20.6, 110.5, 70, 'cat')])], ['cat'], 'bndbox')).files;
    expect(file?.content).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<annotation>',
        '  <folder>sub</folder>',
        '  <filename>cat.jpg</filename>',
        '  <path>sub/cat.jpg</path>',
        '  <source>',
        '    <database>Unknown</database>',
        '  </source>',
        '  <size>',
        '    <width>1000</width>',
        '    <height>500</height>',
        '    <depth>3</depth>',
        '  </size>',
        '  <segmented>0</segmented>',
        '  <object>',
        '    <name>cat</name>',
        '    <pose>Unspecified</pose>',
        '    <truncated>0</truncated>',
        '    <difficult>0</difficult>',
        '    <bndbox>',
        '      <xmin>11</xmin>',
        '      <ymin>22</ymin>',
        '      <xmax>111</xmax>',
        '      <ymax>70</ymax>',
        '    </bndbox>',
        '  </object>',
        '</annotation>',
        '',
      ].join('\n'),
    );
  });

  it('escapes every text', async () => {
    const [file] = (await exportVoc([item(`dir&"x"/a<b>'.jpg`, [box(1, 2, 30, 40, 'a<b&"c"')])], [], 'bndbox')).files;
    expect(file?.content).toContain('<name>a&lt;b&amp;&quot;c&quot;</name>');
    expect(file?.content).toContain('<path>dir&amp;&quot;x&quot;/a&lt;b&gt;&apos;.jpg</path>');
    expect(objectsOf(file?.content ?? '')[0]?.name).toBe('a<b&"c"');
  });

  it('converts canvas space, clips to the image and marks cut objects truncated', async () => {
    const placement = { x: 100, y: 50, w: 500, h: 250 };
    const shapes = [box(150, 75, 350, 175, 'in'), box(50, 25, 200, 100, 'cut'), box(700, 0, 800, 10, 'gone'), box(150, 75, 150.1, 90, 'sliver')];
    const [file] = (await exportVoc([item('a.jpg', shapes, placement)], [], 'bndbox')).files;
    expect(objectsOf(file?.content ?? '')).toEqual([
      { name: 'in', truncated: '0', box: [101, 51, 500, 250] },
      { name: 'cut', truncated: '1', box: [1, 1, 200, 100] },
    ]);
  });

  it('writes polygons of a seg project as their bounding boxes', async () => {
    const [file] = (await exportVoc([item('a.jpg', [polygon([[10, 20], [50, 5], [30, 60]])])], [], 'seg')).files;
    expect(objectsOf(file?.content ?? '')).toEqual([{ name: 'cat', truncated: '0', box: [11, 6, 50, 60] }]);
  });
});

describe('Pascal VOC import', () => {
  it('round-trips integer boxes', async () => {
    const items = [item('a.jpg', [box(10, 20, 110, 70, 'cat'), box(0, 0, 1000, 500, 'a<b&"c"')]), item('sub/a.jpg', []), item('a.png', [box(1, 2, 3, 4, 'dog')])];
    const back = importVoc((await exportVoc(items, [], 'bndbox')).files, targets(['a.jpg', 'sub/a.jpg', 'a.png']), 'bndbox');
    expect(back.errors).toEqual([]);
    expect(back.unmatched).toEqual([]);
    expect(back.matched.get('a.jpg')).toEqual([
      { kind: 'box', x1: 10, y1: 20, x2: 110, y2: 70, distanceToImg: null, lineWidth: null, color: null, label: 'cat', id: '1', dataset: { voc: expect.anything() } },
      { kind: 'box', x1: 0, y1: 0, x2: 1000, y2: 500, distanceToImg: null, lineWidth: null, color: null, label: 'a<b&"c"', id: '2', dataset: { voc: expect.anything() } },
    ]);
    expect(back.matched.get('sub/a.jpg')).toEqual([]);
    expect(back.matched.get('a.png')).toEqual([expect.objectContaining({ x1: 1, y1: 2, x2: 3, y2: 4, label: 'dog' })]);
  });

  it('reads LabelImg files with absolute paths, and a seg project gets 4-corner polygons', () => {
    const xml = `<annotation><folder>imgs</folder><filename>b.jpg</filename><path>C:\\Users\\bob\\imgs\\sub\\b.jpg</path>
      <object><name>dog</name><bndbox><xmin>5</xmin><ymin>6</ymin><xmax>25.5</xmax><ymax>36</ymax></bndbox></object></annotation>`;
    const result = importVoc([{ path: 'b.xml', content: xml }], targets(['b.jpg', 'sub/b.jpg']), 'seg');
    expect(result.matched.get('sub/b.jpg')?.[0]).toMatchObject({ kind: 'polygon', label: 'dog', points: [{ x: 4, y: 5 }, { x: 25.5, y: 5 }, { x: 25.5, y: 36 }, { x: 4, y: 36 }] });
  });

  it('reports malformed files and objects without throwing', () => {
    const files = [
      { path: 'Annotations/a.xml', content: '<annotation><filename>a.jpg</filename><object><bndbox/></object><object><name>x</name><bndbox><xmin>1</xmin></bndbox></object><object><name>y</name><bndbox><xmin>2000</xmin><ymin>1</ymin><xmax>2100</xmax><ymax>9</ymax></bndbox></object></annotation>' },
      { path: 'Annotations/b.xml', content: '<annotation><object>' },
      { path: 'Annotations/c.xml', content: '<html></html>' },
      { path: 'Annotations/zzz.xml', content: '<annotation><filename>zzz.jpg</filename></annotation>' },
    ];
    const result = importVoc(files, targets(['a.jpg']), 'bndbox');
    expect(result.matched.get('a.jpg')).toEqual([]);
    expect(result.unmatched).toEqual(['zzz.jpg']);
    expect(result.errors).toEqual([
      'Annotations/a.xml: object 1 has no name',
      'Annotations/a.xml: object 2 (x) has no numeric bndbox',
      'Annotations/a.xml: object 3 (y) has no area inside a.jpg and was skipped',
      'Annotations/b.xml: not readable XML (<object> is not closed)',
      'Annotations/c.xml: the root element is <html>, not <annotation>',
    ]);
  });

  it('reads the devkit convention: xmin 1 is the first pixel column, xmax the last one covered', async () => {
    const xml = '<annotation><filename>a.jpg</filename><object><name>whole</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>1000</xmax><ymax>500</ymax></bndbox></object>'
      + '<object><name>pixel</name><bndbox><xmin>5</xmin><ymin>7</ymin><xmax>5</xmax><ymax>7</ymax></bndbox></object></annotation>';
    const result = importVoc([{ path: 'a.xml', content: xml }], targets(['a.jpg']), 'bndbox');
    expect(result.errors).toEqual([]);
    expect(result.matched.get('a.jpg')).toEqual([
      expect.objectContaining({ label: 'whole', x1: 0, y1: 0, x2: 1000, y2: 500 }),
      expect.objectContaining({ label: 'pixel', x1: 4, y1: 6, x2: 5, y2: 7 }),
    ]);
    const [file] = (await exportVoc([item('a.jpg', result.matched.get('a.jpg') ?? [])], [], 'bndbox')).files;
    expect(objectsOf(file?.content ?? '').map((object) => object.box)).toEqual([[1, 1, 1000, 500], [5, 7, 5, 7]]);
  });

  it('pairs a file with the image of its own name when <filename> names another, and says so', () => {
    const xml = '<annotation><filename>b.jpg</filename><object><name>cat</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>9</xmax><ymax>9</ymax></bndbox></object></annotation>';
    const result = importVoc([{ path: 'Annotations/a.xml', content: xml }], targets(['a.jpg', 'b.jpg']), 'bndbox');
    expect([...result.matched.keys()]).toEqual(['a.jpg']);
    expect(result.errors).toEqual(['Annotations/a.xml: <filename> b.jpg names b.jpg, but the file\'s own name pairs it with a.jpg, where its objects went']);
    // No image of the file's name: <filename> still finds one, nothing to report.
    const alone = importVoc([{ path: 'Annotations/a.xml', content: xml }], targets(['b.jpg']), 'bndbox');
    expect([...alone.matched.keys()]).toEqual(['b.jpg']);
    expect(alone.errors).toEqual([]);
  });

  it('reads a file the export numbered (a.png~2.xml, three names apart only by case) as the image its <filename> names, whatever the order of the images', async () => {
    const relPaths = ['LABELS/a.png', 'labels/A.PNG', 'labels/a.png'];
    const shapes = relPaths.map((_, i) => box(10 + i, 20, 110, 70, `class${i}`));
    const { files } = await exportVoc(relPaths.map((relPath, i) => item(relPath, [shapes[i]!])), [], 'bndbox');
    expect(files.map((f) => f.path)).toContain('Annotations/labels/a.png~2.xml');
    const back = importVoc(files, targets([...relPaths].reverse()), 'bndbox');
    expect(back.errors).toEqual([]);
    expect(relPaths.map((relPath) => back.matched.get(relPath)?.map((s) => s.label))).toEqual([['class0'], ['class1'], ['class2']]);
  });

  it('says when <size> is not the image\'s own (boxes drawn on a resized copy), keeping the coordinates', () => {
    const xml = (width: number, height: number) =>
      `<annotation><filename>a.jpg</filename><size><width>${width}</width><height>${height}</height><depth>3</depth></size><object><name>cat</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>9</xmax><ymax>9</ymax></bndbox></object></annotation>`;
    const resized = importVoc([{ path: 'a.xml', content: xml(500, 250) }], targets(['a.jpg']), 'bndbox');
    expect(resized.errors).toEqual(['a.xml: the image is 500x250 in the file but 1000x500 in the project; coordinates used as they are']);
    expect(resized.matched.get('a.jpg')).toEqual([expect.objectContaining({ x1: 0, y1: 0, x2: 9, y2: 9 })]);
    // The image's own size, or none written (LabelImg's 0 when it could not read it): nothing to say.
    expect(importVoc([{ path: 'a.xml', content: xml(1000, 500) }], targets(['a.jpg']), 'bndbox').errors).toEqual([]);
    expect(importVoc([{ path: 'a.xml', content: xml(0, 0) }], targets(['a.jpg']), 'bndbox').errors).toEqual([]);
  });

  it('reports coordinates past the image edge, taking 0 as the first column without a word', () => {
    const object = (name: string, [xmin, ymin, xmax, ymax]: number[]) => `<object><name>${name}</name><bndbox><xmin>${xmin}</xmin><ymin>${ymin}</ymin><xmax>${xmax}</xmax><ymax>${ymax}</ymax></bndbox></object>`;
    const xml = `<annotation><filename>a.jpg</filename>${object('zero', [0, 0, 10, 10])}${object('tall', [1, 2, 10, 2560])}${object('left', [-5, 1, 10, 10])}</annotation>`;
    const result = importVoc([{ path: 'a.xml', content: xml }], targets(['a.jpg']), 'bndbox');
    expect(result.matched.get('a.jpg')?.map((shape) => shape.kind === 'box' && [shape.label, shape.x1, shape.y1, shape.x2, shape.y2])).toEqual([
      ['zero', 0, 0, 10, 10], ['tall', 0, 1, 10, 500], ['left', 0, 0, 10, 10],
    ]);
    expect(result.errors).toEqual([
      'a.xml: object 2 (tall) reaches outside the 1000×500 image (y up to 2560) and was cut at its edge',
      'a.xml: object 3 (left) reaches outside the 1000×500 image (x from -5) and was cut at its edge',
    ]);
  });

  it('writes each file back at its imported path while that stays inside the archive, others under Annotations/', async () => {
    const xml = (name: string) => `<annotation><filename>${name}</filename></annotation>`;
    const files = [{ path: 'train/a.xml', content: xml('a.jpg') }, { path: '../../etc/b.xml', content: xml('b.jpg') }];
    const read = importVoc(files, targets(['train/a.jpg', 'b.jpg', 'c.jpg']), 'bndbox');
    const items = ['train/a.jpg', 'b.jpg', 'c.jpg'].map((relPath) => {
      const base = item(relPath, []);
      const dataset = read.imageFields?.get(relPath);
      return { ...base, annotation: { ...base.annotation, ...(dataset ? { dataset } : {}) } };
    });
    expect((await exportVoc(items, [], 'bndbox')).files.map((f) => f.path)).toEqual(['train/a.xml', 'etc/b.xml', 'Annotations/c.xml']);
  });

  it('never writes an XML file where the archive needs a folder of that name', async () => {
    const relPaths = ['a.jpg', 'a.xml/b.jpg'];
    const { files } = await exportVoc(relPaths.map((relPath) => item(relPath, [box(10, 20, 110, 70, relPath)])), [], 'bndbox');
    expect(files.map((f) => f.path).slice(0, 2)).toEqual(['Annotations/a.xml', 'Annotations/a.xml~2/b.jpg.xml']);
    const back = importVoc(files, targets(relPaths), 'bndbox');
    expect(relPaths.map((relPath) => back.matched.get(relPath)?.map((s) => s.label))).toEqual(relPaths.map((relPath) => [relPath]));
  });

  it('moves a kept file with its image when the image was renamed since the import, so its objects come back to it', async () => {
    const xml = (name: string, label: string) => `<annotation><filename>${name}</filename><object><name>${label}</name><bndbox><xmin>11</xmin><ymin>11</ymin><xmax>30</xmax><ymax>30</ymax></bndbox></object></annotation>`;
    const files = [{ path: 'Annotations/x/same.xml', content: xml('same.jpg', 'car') }, { path: 'Annotations/y/same.xml', content: xml('same.jpg', 'dog') }];
    const read = importVoc(files, targets(['x/same.jpg', 'y/same.jpg']), 'bndbox');
    const items = [['x/same.jpg', 'x/renamed.jpg'], ['y/same.jpg', 'y/same.jpg']].map(([from = '', to = '']) => {
      const shapes = read.matched.get(from) ?? [];
      return { ...item(to, shapes), annotation: { shapes, placement: { x: 0, y: 0, w: 0, h: 0 }, dataset: read.imageFields?.get(from) } };
    });
    const exported = (await exportVoc(items, ['car', 'dog'], 'bndbox')).files;
    expect(exported.map((f) => f.path).slice(0, 2)).toEqual(['Annotations/x/renamed.xml', 'Annotations/y/same.xml']);
    const back = importVoc(exported, targets(['x/renamed.jpg', 'y/same.jpg']), 'bndbox');
    expect(back.matched.get('x/renamed.jpg')?.map((shape) => shape.label)).toEqual(['car']);
    expect(back.matched.get('y/same.jpg')?.map((shape) => shape.label)).toEqual(['dog']);
  });
});
