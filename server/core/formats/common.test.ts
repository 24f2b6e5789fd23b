import { describe, expect, it } from 'vitest';
import { archivePath, createImageMatcher, exportStems, normalisePath, prepareExport, round, stripExtension } from './common';
import { box, item, polygon } from './test-fixtures';

describe('export file stems', () => {
  it('keeps sub-folders so equal names in different folders do not collide', () => {
    expect(exportStems(['a.jpg', 'x/a.jpg', 'y/z/a.jpg'])).toEqual(['a', 'x/a', 'y/z/a']);
  });

  it('keeps the extension of a later image that would share a stem, ignoring case', () => {
    expect(exportStems(['a.jpg', 'a.png', 'A.webp', 'b'])).toEqual(['a', 'a.png', 'A.webp', 'b']);
    expect(exportStems(['a.png.jpg', 'a.png', 'x.png'])).toEqual(['a.png', 'a', 'x']);
    expect(exportStems(['a.jpg', 'a.png.jpg', 'a.png'])).toEqual(['a', 'a.png', 'a.png~2']);
  });

  it('strips only a real extension', () => {
    expect(stripExtension('dir.v2/file')).toBe('dir.v2/file');
    expect(stripExtension('.hidden')).toBe('.hidden');
    expect(stripExtension('a/b.c.jpg')).toBe('a/b.c');
  });
});

describe('paths and numbers', () => {
  it('normalises separators, dots and parent segments', () => {
    expect(normalisePath('C:\\data\\.\\imgs\\..\\a.jpg')).toBe('C:/data/a.jpg');
    expect(normalisePath('../x//y/')).toBe('../x/y');
  });

  it('rounds without binary noise or negative zero', () => {
    expect(round(0.1 + 0.2)).toBe(0.3);
    expect(round(-0.001)).toBe(0);
    expect(Object.is(round(-0.001), -0)).toBe(false);
  });
});

describe('image matching', () => {
  const images = ['a.jpg', 'sub/a.jpg', 'sub/b.png', 'sub/b.jpg', 'deep/er/c.jpg', 'x/d.jpg'].map((relPath) => ({ relPath, width: 10, height: 10 }));
  const matcher = createImageMatcher(images);
  const match = (names: string[], stems: string[] = []) => matcher.match(names, stems)?.relPath ?? null;

  it('prefers the relative path, also at the end of an absolute one', () => {
    expect(match(['sub/a.jpg'])).toBe('sub/a.jpg');
    expect(match(['a.jpg'])).toBe('a.jpg');
    expect(match(['/home/bob/project/sub/a.jpg'])).toBe('sub/a.jpg');
    expect(match(['C:\\Users\\bob\\project\\deep\\er\\c.jpg'])).toBe('deep/er/c.jpg');
  });

  it('falls back to a base name only when one image has it', () => {
    expect(match(['elsewhere/c.jpg'])).toBe('deep/er/c.jpg');
    expect(match(['d.jpg'])).toBe('x/d.jpg');
    expect(match(['b.png'])).toBe('sub/b.png');
    expect(match(['nothing.jpg'])).toBeNull();
  });

  it('matches annotation-file stems as exportStems names them', () => {
    expect(match([], ['labels/deep/er/c'])).toBe('deep/er/c.jpg');
    expect(match([], ['labels/x/d'])).toBe('x/d.jpg');
    expect(match([], ['labels/sub/b'])).toBe('sub/b.png');
    expect(match([], ['labels/sub/b.jpg'])).toBe('sub/b.jpg');
    expect(match([], ['d'])).toBe('x/d.jpg');
  });
});

describe('prepareExport', () => {
  it('keeps shapes of the project kind with a label, clipped, and numbers labels list first', () => {
    const items = [
      item('a.jpg', [box(-10, 0, 50, 50, 'zebra'), box(0, 0, 5, 5, null), box(0, 0, 5, 5, ''), polygon([[0, 0], [5, 0], [0, 5]]), box(2000, 0, 2100, 10, 'gone')]),
      item('b.jpg', [box(1, 1, 5, 5, 'cat'), box(1, 1, 5, 5, 'ant')]),
    ];
    const prepared = prepareExport(items, ['cat', 'dog', ''], 'bndbox');
    expect(prepared.labels).toEqual(['cat', 'dog', 'zebra', 'ant']);
    expect(prepared.images[0]?.objects).toEqual([{ label: 'zebra', truncated: true, shape: expect.objectContaining({ x1: 0, y1: 0, x2: 50, y2: 50 }) }]);
    expect(prepared.images[1]?.objects.map((o) => [o.label, o.truncated])).toEqual([['cat', false], ['ant', false]]);
    expect(prepareExport(items, [], 'seg').images[0]?.objects.map((o) => o.shape.kind)).toEqual(['polygon']);
  });
});

describe('archivePath', () => {
  it('keeps a kept path inside the archive whatever it says', () => {
    expect(archivePath('annotations/instances_val.json')).toBe('annotations/instances_val.json');
    expect(archivePath('../../etc/./x.json')).toBe('etc/x.json');
    expect(archivePath('C:\\data\\..\\..\\x.json')).toBe('x.json');
    expect(archivePath('/abs/x.json')).toBe('abs/x.json');
    expect(archivePath('..')).toBe('');
  });
});
