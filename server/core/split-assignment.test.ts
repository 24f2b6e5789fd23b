import { describe, expect, it } from 'vitest';
import { assignSplit, mulberry32, type SplitImage, type SplitPercentages } from './split-assignment';
import type { SplitName } from './types';

/** A dataset with a common, a middling and a rare label, and images without shapes. */
function dataset(count: number): SplitImage[] {
  const random = mulberry32(99);
  return Array.from({ length: count }, (_, index) => {
    const labels: string[] = [];
    if (random() < 0.6) labels.push('car');
    if (random() < 0.25) labels.push('person');
    if (random() < 0.04) labels.push('bicycle');
    return { uuid: `uuid-${index}`, relPath: `img${String(index).padStart(5, '0')}.jpg`, labels };
  });
}

const P80_10_10: SplitPercentages = { train: 80, val: 10, test: 10 };
const countBy = (images: readonly SplitImage[], sides: Map<string, SplitName>, label?: string) => {
  const counts = { train: 0, val: 0, test: 0 };
  for (const image of images) if (label === undefined || image.labels.includes(label)) counts[sides.get(image.uuid)!] += 1;
  return counts;
};

describe('assignSplit', () => {
  const images = dataset(2000);

  it('gives every image a side, the same ones again for the same seed, others for another seed', () => {
    const first = assignSplit({ images, groups: [], seed: 42, percentages: P80_10_10 });
    expect(first.size).toBe(images.length);
    expect([...assignSplit({ images, groups: [], seed: 42, percentages: P80_10_10 })]).toEqual([...first]);
    // Another order of the same images (another scan) gives the same sides.
    expect(new Map(assignSplit({ images: [...images].reverse(), groups: [], seed: 42, percentages: P80_10_10 }))).toEqual(first);
    const other = assignSplit({ images, groups: [], seed: 43, percentages: P80_10_10 });
    expect(images.filter((image) => other.get(image.uuid) !== first.get(image.uuid)).length).toBeGreaterThan(100);
  });

  it('splits every label, the rare one included, and the images without shapes close to the percentages', () => {
    const sides = assignSplit({ images, groups: [], seed: 7, percentages: P80_10_10 });
    for (const label of [undefined, 'car', 'person', 'bicycle']) {
      const counts = countBy(images, sides, label);
      const total = counts.train + counts.val + counts.test;
      for (const side of ['train', 'val', 'test'] as const) {
        // Within one image of the exact share, or 2% of the label's images.
        expect(Math.abs(counts[side] - (total * P80_10_10[side]) / 100), `${label ?? 'all'} ${side}`).toBeLessThanOrEqual(Math.max(1, total * 0.02));
      }
    }
    const unlabeled = images.filter((image) => image.labels.length === 0);
    const counts = { train: 0, val: 0, test: 0 };
    for (const image of unlabeled) counts[sides.get(image.uuid)!] += 1;
    expect(Math.abs(counts.val - unlabeled.length * 0.1)).toBeLessThanOrEqual(Math.max(2, unlabeled.length * 0.03));
  });

  it('puts every member of a duplicate group on one side, and still splits close to the percentages', () => {
    const groups = Array.from({ length: 150 }, (_, index) => [`uuid-${index * 13}`, `uuid-${index * 13 + 1}`, `uuid-${index * 13 + 5}`]);
    for (const seed of [1, 2, 3, 4, 5]) {
      const sides = assignSplit({ images, groups, seed, percentages: { train: 70, val: 30, test: 0 } });
      for (const group of groups) expect(new Set(group.map((uuid) => sides.get(uuid))).size, `seed ${seed} ${group.join()}`).toBe(1);
      const counts = countBy(images, sides);
      expect(counts.test).toBe(0);
      expect(Math.abs(counts.val - 600)).toBeLessThanOrEqual(20);
    }
  });

  it('merges groups that share an image, and ignores uuids it was not given', () => {
    const small = dataset(40);
    const groups = [['uuid-1', 'uuid-2'], ['uuid-2', 'uuid-30'], ['uuid-30', 'not-an-image']];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const sides = assignSplit({ images: small, groups, seed, percentages: { train: 50, val: 50, test: 0 } });
      expect(sides.size).toBe(40);
      expect(new Set(['uuid-1', 'uuid-2', 'uuid-30'].map((uuid) => sides.get(uuid))).size).toBe(1);
    }
  });

  it('gives every image the one side at 100%, and splits tiny projects exactly', () => {
    const sides = assignSplit({ images: dataset(30), groups: [], seed: 1, percentages: { train: 0, val: 100, test: 0 } });
    expect(new Set(sides.values())).toEqual(new Set(['val']));
    const ten = dataset(10).map((image) => ({ ...image, labels: [] }));
    expect(countBy(ten, assignSplit({ images: ten, groups: [], seed: 5, percentages: { train: 80, val: 20, test: 0 } }))).toEqual({ train: 8, val: 2, test: 0 });
  });
});
