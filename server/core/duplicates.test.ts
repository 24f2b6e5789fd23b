import { describe, expect, it } from 'vitest';
import { findDuplicateGroups, hammingDistance } from './duplicates';
import type { SplitCandidate } from './repositories';

/** A hash with the given bits (0 = most significant) set. */
const withBits = (...bits: number[]) => {
  let value = 0n;
  for (const bit of bits) value |= 1n << BigInt(63 - bit);
  return value.toString(16).padStart(16, '0');
};

const image = (relPath: string, contentHash: string | null, perceptualHash: string | null): SplitCandidate => ({ uuid: `u-${relPath}`, relPath, fileSize: 100, mtimeMs: 0, contentHash, perceptualHash, split: null });
const paths = (groups: ReturnType<typeof findDuplicateGroups>) => groups.map((group) => [group.kind, group.members.map((member) => member.relPath)]);

describe('hammingDistance', () => {
  it('counts the differing bits in both halves', () => {
    expect(hammingDistance(withBits(), withBits())).toBe(0);
    expect(hammingDistance(withBits(0, 31, 32, 63), withBits())).toBe(4);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
  });
});

describe('findDuplicateGroups', () => {
  it('groups exact copies by content hash and near copies by dHash distance, leaving far and unhashed images out', () => {
    const groups = findDuplicateGroups([
      image('a.png', 'c1', withBits(1, 2, 3)),
      image('b/a-copy.png', 'c1', withBits(1, 2, 3)),
      image('c.jpg', 'c2', withBits(1, 2, 3, 10, 20, 30, 40, 50, 60)), // 6 bits from a
      image('d.png', 'c3', withBits(5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16)), // far from all
      image('e.png', 'c4', withBits(40, 41, 42, 43, 44, 45, 46)),
      image('f.png', 'c5', withBits(40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54)), // 8 bits from e
      image('g.png', 'c6', null),
      image('h.png', null, null),
      image('i.png', 'c7', withBits(20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35)),
      image('j.png', 'c7', withBits(20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35)),
    ]);
    expect(paths(groups)).toEqual([
      ['near', ['a.png', 'b/a-copy.png', 'c.jpg']],
      ['exact', ['i.png', 'j.png']],
    ]);
  });

  it('joins near duplicates transitively, whichever bits differ', () => {
    // a-b 4 bits, b-c 4 bits, a-c 8 bits: one group through b.
    const groups = findDuplicateGroups([
      image('a', 'x1', withBits(1, 2, 3)),
      image('b', 'x2', withBits(1, 2, 3, 0, 9, 18, 27)),
      image('c', 'x3', withBits(1, 2, 3, 0, 9, 18, 27, 36, 45, 54, 63)),
    ]);
    expect(paths(groups)).toEqual([['near', ['a', 'b', 'c']]]);
    expect(findDuplicateGroups([image('a', 'x1', withBits(1, 2, 3)), image('c', 'x3', withBits(1, 2, 3, 0, 9, 18, 27, 36, 45, 54, 63))])).toEqual([]);
  });

  it('does not call pictures without detail near copies: a plain red and a plain blue frame differ', () => {
    // Plain pictures and smooth gradients give (nearly) all-zero or all-one dHashes.
    const groups = findDuplicateGroups([
      image('red.png', 'r', withBits()),
      image('blue.png', 'b', withBits()),
      image('fade.png', 'f', withBits(7)),
      image('sky.png', 's', 'ffffffffffffffff'),
      image('sky-2.png', 's2', 'fffffffffffffffe'),
      image('red-copy.png', 'r', withBits()),
    ]);
    // Only the byte-identical copy is a duplicate.
    expect(paths(groups)).toEqual([['exact', ['red-copy.png', 'red.png']]]);
  });

  it('finds every pair within the threshold, wherever the differing bits fall (checked against all pairs)', () => {
    let state = 12345;
    // The high half of an LCG step: its low bits repeat with short periods.
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 16;
    const hashes: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const base = hashes[next() % Math.max(1, hashes.length)];
      if (base && next() % 2 === 0) {
        let value = BigInt(`0x${base}`);
        for (let flip = next() % 9; flip > 0; flip -= 1) value ^= 1n << BigInt(next() % 64);
        hashes.push(value.toString(16).padStart(16, '0'));
      } else hashes.push(((BigInt(next()) << 48n) | (BigInt(next()) << 32n) | (BigInt(next()) << 16n) | BigInt(next())).toString(16).padStart(16, '0'));
    }
    const images = hashes.map((hash, index) => image(`img${String(index).padStart(3, '0')}`, `c${index}`, hash));
    // 6 bits is the product's threshold; 9 takes the look-up of two differing bits a band.
    for (const maxBits of [6, 9]) {
      const groupOf = new Map<string, number>();
      findDuplicateGroups(images, maxBits).forEach((group, at) => group.members.forEach((member) => groupOf.set(member.relPath, at)));
      let pairs = 0;
      for (let a = 0; a < images.length; a += 1) {
        for (let b = a + 1; b < images.length; b += 1) {
          if (hammingDistance(hashes[a]!, hashes[b]!) > maxBits) continue;
          pairs += 1;
          expect(groupOf.get(images[a]!.relPath), `${a}-${b} within ${maxBits}`).toBeDefined();
          expect(groupOf.get(images[a]!.relPath)).toBe(groupOf.get(images[b]!.relPath));
        }
      }
      expect(pairs).toBeGreaterThan(10);
    }
  });
});
