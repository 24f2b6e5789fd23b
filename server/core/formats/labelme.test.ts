import { describe, expect, it } from 'vitest';
import { exportLabelme, importLabelme, type LabelmeFile } from './labelme';
import { box, item, polygon, roughly } from './test-fixtures';

const targets = (relPaths: string[]) => relPaths.map((relPath) => ({ relPath, width: 1000, height: 500 }));
// The export's files but its class list (labels.txt, class-list.test.ts).
const jsonFiles = <F extends { path: string }>(files: F[]) => files.filter((f) => f.path.endsWith('.json'));

describe('LabelMe export', () => {
  it('writes one JSON per image beside it, with the LabelMe keys', async () => {
    const { files } = await exportLabelme([item('sub/a.jpg', [box(10, 20, 110, 70, 'cat')]), item('a.jpg', [])], [], 'bndbox');
    expect(files.map((f) => f.path)).toEqual(['sub/a.json', 'a.json', 'labels.txt']);
    const file = JSON.parse(files[0]?.content ?? '') as LabelmeFile;
    expect(Object.keys(file)).toEqual(['version', 'flags', 'shapes', 'imagePath', 'imageData', 'imageHeight', 'imageWidth']);
    expect(file).toEqual({
      version: '5.2.1',
      flags: {},
      shapes: [{ label: 'cat', points: [[10, 20], [110, 70]], group_id: null, description: '', shape_type: 'rectangle', flags: {} }],
      imagePath: 'a.jpg',
      imageData: null,
      imageHeight: 500,
      imageWidth: 1000,
    });
  });

  it('never takes report.json, the name of the export\'s own report: an image report.png goes beside it', async () => {
    const { files } = await exportLabelme([item('report.png', [box(10, 20, 110, 70, 'cat')]), item('sub/report.png', [])], [], 'bndbox');
    expect(jsonFiles(files).map((f) => f.path)).toEqual(['report~2.json', 'sub/report.json']);
    // And it reads back onto its image.
    expect([...importLabelme(files, targets(['report.png', 'sub/report.png']), 'bndbox').matched.keys()].sort()).toEqual(['report.png', 'sub/report.png']);
  });

  it('writes polygons in pixels, converted from canvas space and clipped', async () => {
    const placement = { x: 100, y: 50, w: 500, h: 250 };
    const { files } = await exportLabelme([item('a.jpg', [polygon([[100, 50], [700, 50], [100, 150]])], placement)], [], 'seg');
    const file = JSON.parse(files[0]?.content ?? '') as LabelmeFile;
    // Pixels (0,0) (1200,0) (0,200): cut at x = 1000.
    expect(file.shapes[0]).toMatchObject({ shape_type: 'polygon', points: [[0, 0], [1000, 0], [1000, 33.33], [0, 200]] });
  });
});

describe('LabelMe import', () => {
  it('round-trips rectangles and polygons', async () => {
    const boxes = [item('sub/a.jpg', [box(10.25, 20, 110, 70.5, 'cat'), box(0, 0, 1000, 500, 'dog')]), item('a.jpg', [])];
    const back = importLabelme((await exportLabelme(boxes, [], 'bndbox')).files, targets(['a.jpg', 'sub/a.jpg']), 'bndbox');
    expect(back.errors).toEqual([]);
    expect(back.matched.get('sub/a.jpg')?.map((s) => roughly(s, 2))).toEqual(boxes[0]?.annotation.shapes.map((s) => roughly(s, 2)));
    expect(back.matched.get('a.jpg')).toEqual([]);
    const polygons = [item('a.jpg', [polygon([[1, 2], [300.5, 4], [150, 400]], 'x')])];
    const seg = importLabelme((await exportLabelme(polygons, [], 'seg')).files, targets(['a.jpg']), 'seg');
    expect(seg.matched.get('a.jpg')?.map((s) => roughly(s, 2))).toEqual(polygons[0]?.annotation.shapes.map((s) => roughly(s, 2)));
  });

  it('resolves imagePath relative to the JSON file, Windows separators included', () => {
    const json = JSON.stringify({ shapes: [{ label: 'cat', points: [[30, 40], [10, 20]], shape_type: 'rectangle' }], imagePath: '..\\images\\b.jpg', imageWidth: 1000, imageHeight: 500 });
    const result = importLabelme([{ path: 'ann/b.json', content: json }], targets(['images/b.jpg', 'other/b.jpg']), 'bndbox');
    expect(result.errors).toEqual([]);
    expect(result.matched.get('images/b.jpg')?.[0]).toMatchObject({ kind: 'box', x1: 10, y1: 20, x2: 30, y2: 40, label: 'cat' });
  });

  it('reports broken shapes and files without throwing, and names the shapes kept but not drawn', () => {
    const json = JSON.stringify({
      imagePath: 'a.jpg',
      imageWidth: 640,
      imageHeight: 480,
      shapes: [
        { label: 'ok', points: [[1, 2], [3, 2], [2, 5]], shape_type: 'polygon' },
        { label: 'c', points: [[1, 2], [3, 4]], shape_type: 'circle' },
        { label: '', points: [[1, 2], [3, 4]], shape_type: 'rectangle' },
        { label: 'r', points: [[1, 2]], shape_type: 'rectangle' },
        { label: 'p', points: [[1, 'x'], [3, 4], [5, 6]], shape_type: 'polygon' },
        { label: 'out', points: [[-9, -9], [-1, -1]], shape_type: 'rectangle' },
      ],
    });
    const files = [
      { path: 'a.json', content: json },
      { path: 'b.json', content: 'nope' },
      { path: 'c.json', content: '{"imagePath":"c.jpg","shapes":[]}' },
      { path: 'd.json', content: '[]' },
    ];
    const result = importLabelme(files, targets(['a.jpg']), 'seg');
    expect(result.matched.get('a.jpg')).toEqual([expect.objectContaining({ kind: 'polygon', label: 'ok' })]);
    expect(result.unmatched).toEqual(['c.jpg']);
    expect(result.errors).toEqual([
      'a.json: the image is 640x480 in the file but 1000x500 in the project; coordinates used as they are',
      'a.json: shape 3: has no label',
      'a.json: shape 4: (r) a rectangle needs 2 points',
      'a.json: shape 5: (p) points must be [x, y] pairs of numbers',
      'a.json: shape 6 (out) has no area inside a.jpg and was skipped',
      'a.json: not drawn, kept for the labelme export: 1 circle (the workspace draws rectangles and polygons)',
      'b.json: not valid JSON',
      'd.json: not a LabelMe file (no shapes list)',
    ]);
  });
});

describe('LabelMe fields kept from an import', () => {
  const file = (imagePath: string) => JSON.stringify({ version: '4.5.6', flags: { a: true }, shapes: [{ label: 'cat', points: [[1, 2], [30, 40]], shape_type: 'rectangle', group_id: 3 }], imagePath, imageData: 'aGVsbG8=' });

  async function reexport(files: Array<{ path: string; content: string }>, relPaths: string[]) {
    const imported = importLabelme(files, targets(relPaths), 'bndbox');
    const items = relPaths.map((relPath) => {
      const dataset = imported.imageFields?.get(relPath);
      return { ...item(relPath, []), annotation: { shapes: imported.matched.get(relPath) ?? [], placement: { x: 0, y: 0, w: 0, h: 0 }, ...(dataset ? { dataset } : {}) } };
    });
    return (await exportLabelme(items, [], 'bndbox')).files;
  }

  it('writes the file back where it was, never outside the archive, with its fields and without imageData', async () => {
    const [written] = await reexport([{ path: '../../ann/x.json', content: file('../img/a.jpg') }], ['img/a.jpg']);
    expect(written?.path).toBe('ann/x.json');
    expect(JSON.parse(written?.content ?? '')).toEqual({
      version: '4.5.6', flags: { a: true }, imagePath: '../img/a.jpg', imageData: null, imageHeight: 500, imageWidth: 1000,
      shapes: [{ label: 'cat', points: [[1, 2], [30, 40]], shape_type: 'rectangle', group_id: 3 }],
    });
  });

  it('an image renamed since the import takes its file and imagePath with it', async () => {
    const imported = importLabelme([{ path: 'ann/a.json', content: file('../img/a.jpg') }, { path: 'ann/x.json', content: file('../img/c.jpg') }], targets(['img/a.jpg', 'img/c.jpg']), 'bndbox');
    const renamed = (from: string, to: string) => ({
      ...item(to, []),
      annotation: { shapes: imported.matched.get(from) ?? [], placement: { x: 0, y: 0, w: 0, h: 0 }, dataset: imported.imageFields?.get(from) },
    });
    const { files } = await exportLabelme([renamed('img/a.jpg', 'img/b.jpg'), renamed('img/c.jpg', 'img/d.jpg')], [], 'bndbox');
    // A file named after its image follows it; one named otherwise stays where it was.
    expect(jsonFiles(files).map((f) => [f.path, (JSON.parse(f.content) as LabelmeFile).imagePath])).toEqual([['ann/b.json', '../img/b.jpg'], ['ann/x.json', '../img/d.jpg']]);
    expect([...importLabelme(files, targets(['img/b.jpg', 'img/d.jpg']), 'bndbox').matched.keys()]).toEqual(['img/b.jpg', 'img/d.jpg']);
  });

  it('an image whose file another image already took goes beside itself, and a new image never overwrites one', async () => {
    const files = [{ path: 'a.json', content: file('a.jpg') }, { path: 'x/a.json', content: file('b.jpg') }];
    const imported = await reexport(files, ['a.jpg', 'b.jpg', 'x/a.jpg']);
    expect(jsonFiles(imported).map((f) => f.path)).toEqual(['a.json', 'x/a.json', 'x/a~2.json']);
    expect(jsonFiles(imported).map((f) => (JSON.parse(f.content) as LabelmeFile).imagePath)).toEqual(['a.jpg', 'b.jpg', 'a.jpg']);
  });
});
