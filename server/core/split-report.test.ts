import { describe, expect, it } from 'vitest';
import type { DuplicateGroup } from './duplicates';
import type { SideCounts, SplitSettings } from './repositories';
import { splitReportSection } from './split-report';

const settings: SplitSettings = { seed: 42, percentages: { train: 70, val: 20, test: 10 }, splitAt: 1_700_000_000_000 };
const counts: SideCounts = {
  perSide: [
    { side: 'train', images: 7 },
    { side: 'val', images: 2 },
    { side: 'test', images: 1 },
    { side: null, images: 1 },
  ],
  perLabel: [
    { label: 'person', side: 'train', images: 3 },
    { label: 'car', side: 'val', images: 1 },
    { label: 'car', side: 'train', images: 4 },
    { label: 'a|b', side: null, images: 1 },
  ],
  unlabeled: [{ side: 'test', images: 1 }],
};
const groups: DuplicateGroup[] = [
  { kind: 'exact', members: [{ uuid: 'u1', relPath: 'a.png', fileSize: 100, mtimeMs: 0, contentHash: 'c' }, { uuid: 'u2', relPath: 'b/a.png', fileSize: 100, mtimeMs: 0, contentHash: 'c' }] },
  { kind: 'near', members: [{ uuid: 'u3', relPath: 'c.jpg', fileSize: 100, mtimeMs: 0, contentHash: 'd' }, { uuid: 'u4', relPath: 'c-small.jpg', fileSize: 100, mtimeMs: 0, contentHash: 'e' }] },
];

describe('splitReportSection', () => {
  it('names the duplicate groups a side changed by hand has put on two sides', () => {
    const sides = new Map([['u1', 'train' as const], ['u2', 'train' as const], ['u3', 'train' as const], ['u4', 'val' as const]]);
    const { json, markdown } = splitReportSection(settings, counts, groups, 0, sides);
    expect(json.duplicates.across_sides).toEqual([{ images: [{ path: 'c.jpg', side: 'train' }, { path: 'c-small.jpg', side: 'val' }] }]);
    expect(markdown.join('\n')).toContain('**1 duplicate group has images on different sides**');
    expect(markdown).toContain('- `c.jpg` (train), `c-small.jpg` (val)');
    const together = splitReportSection(settings, counts, groups, 0, new Map([...sides, ['u4', 'train' as const]]));
    expect(together.json.duplicates.across_sides).toEqual([]);
    expect(together.markdown).toContain('Every duplicate group is on one side.');
  });


  it('counts images per side, per label and without shapes, and lists the groups by path', () => {
    const { json } = splitReportSection(settings, counts, groups, 3);
    expect(json).toEqual({
      split: {
        seed: 42,
        percentages: { train: 70, val: 20, test: 10 },
        images: { train: 7, val: 2, test: 1, none: 1 },
        labels: {
          'a|b': { train: 0, val: 0, test: 0, none: 1 },
          car: { train: 4, val: 1, test: 0, none: 0 },
          person: { train: 3, val: 0, test: 0, none: 0 },
        },
        unlabeled: { train: 0, val: 0, test: 1, none: 0 },
      },
      duplicates: { unhashed: 3, groups: [{ kind: 'exact', images: ['a.png', 'b/a.png'] }, { kind: 'near', images: ['c.jpg', 'c-small.jpg'] }], exact_copies: 1, across_sides: [] },
    });
    // Labels in byte order whatever order the counts came in: the same data, the same bytes.
    expect(Object.keys(json.split.labels)).toEqual(['a|b', 'car', 'person']);
    expect(JSON.stringify(splitReportSection(settings, { ...counts, perLabel: [...counts.perLabel].reverse() }, groups, 3).json)).toBe(JSON.stringify(json));
  });

  it('writes markdown a person reads: the seed, a table with escaped labels, the groups, what is not hashed', () => {
    const { markdown } = splitReportSection(settings, counts, groups, 3);
    const text = markdown.join('\n');
    expect(text).toContain('Seed 42: train 70%, val 20%, test 10%.');
    expect(markdown).toContain('| all | 7 | 2 | 1 | 1 |');
    expect(markdown).toContain('| with car | 4 | 1 | 0 | 0 |');
    expect(markdown).toContain('| with a\\|b | 0 | 0 | 0 | 1 |');
    expect(markdown).toContain('| without shapes | 0 | 0 | 1 | 0 |');
    expect(text).toContain('2 groups of duplicate images (1 of exact copies, 1 with near copies); 1 image is a copy, byte for byte, of another.');
    expect(text).toContain('3 images are not hashed yet');
    expect(markdown).toContain('- near: `c.jpg`, `c-small.jpg`');
    expect(text).not.toContain('1700000000000');
  });

  it('counts the byte-identical copies inside a near group too, and says one group in the singular', () => {
    const near: DuplicateGroup = {
      kind: 'near',
      members: [
        { uuid: 'u1', relPath: 'photo.jpg', fileSize: 100, mtimeMs: 0, contentHash: 'same' },
        { uuid: 'u2', relPath: 'sub/copy.jpg', fileSize: 100, mtimeMs: 0, contentHash: 'same' },
        { uuid: 'u3', relPath: 'sub/exact.jpg', fileSize: 100, mtimeMs: 0, contentHash: 'same' },
        { uuid: 'u4', relPath: 'small.jpg', fileSize: 100, mtimeMs: 0, contentHash: 'other' },
      ],
    };
    const { json, markdown } = splitReportSection(settings, counts, [near], 0);
    expect(json.duplicates.exact_copies).toBe(2);
    expect(markdown).toContain('1 group of duplicate images (0 of exact copies, 1 with near copies); 2 images are copies, byte for byte, of another.');
    expect(splitReportSection(settings, counts, [], 0).markdown).toContain('0 groups of duplicate images (0 of exact copies, 0 with near copies).');
  });

  it('says so when the project was never split', () => {
    const { json, markdown } = splitReportSection({ ...settings, splitAt: null }, { perSide: [{ side: null, images: 4 }], perLabel: [], unlabeled: [{ side: null, images: 4 }] }, [], 0);
    expect(json.split).toMatchObject({ seed: null, percentages: null, images: { train: 0, val: 0, test: 0, none: 4 } });
    expect(markdown.join('\n')).toContain('has not been split');
    expect(markdown.join('\n')).not.toContain('not hashed');
  });
});
