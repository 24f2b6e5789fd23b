// Duplicate images from their hashes: exact copies share a content hash, near copies (resized,
// re-encoded, lightly edited) have dHashes a few bits apart. Pure, so 100,000 images are
// grouped in memory from one query: a band index finds the candidate pairs instead of
// comparing every pair (5e9 at 100,000).
import type { SplitCandidate } from './repositories';

/** dHashes at most this many bits apart (of 64) are near duplicates. */
export const NEAR_DUPLICATE_BITS = 6;
/** A dHash this close to all zeros or all ones comes from a picture without detail (see findDuplicateGroups). */
const FEATURELESS_BITS = 2;

export interface DuplicateMember {
  uuid: string;
  relPath: string;
  fileSize: number;
  mtimeMs: number;
  contentHash: string;
}

export interface DuplicateGroup {
  /** exact: every member has the same bytes; near: some differ but look the same. */
  kind: 'exact' | 'near';
  /** In path byte order. */
  members: DuplicateMember[];
}

const popcount32 = (value: number) => {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** Bits in which two 16-hex-digit hashes differ. */
export function hammingDistance(a: string, b: string): number {
  return (
    popcount32((parseInt(a.slice(0, 8), 16) ^ parseInt(b.slice(0, 8), 16)) >>> 0) +
    popcount32((parseInt(a.slice(8, 16), 16) ^ parseInt(b.slice(8, 16), 16)) >>> 0)
  );
}

/** Union-find over indexes, with path halving. */
function createUnionFind(size: number) {
  const parent = Int32Array.from({ length: size }, (_, index) => index);
  const find = (index: number): number => {
    let at = index;
    while (parent[at] !== at) {
      const up = parent[at] ?? at;
      parent[at] = parent[up] ?? up;
      at = parent[at] ?? at;
    }
    return at;
  };
  return {
    find,
    union(a: number, b: number) {
      const rootA = find(a);
      const rootB = find(b);
      if (rootA !== rootB) parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
    },
  };
}

// Near pairs are found by multi-index hashing: the 64 bits are four 16-bit bands, and two
// hashes at most maxBits apart differ in at most floor(maxBits / 4) bits of some band
// (pigeonhole). Each hash looks up, in each band, its own value and every value that close:
// 17 look-ups a band at 6 bits, in buckets of about one hash at 100,000. Seven 9-bit bands
// matched exactly (the way before) left buckets of ~200, 68 million comparisons, 0.4 s.
const BANDS = 4;
const BAND_VALUES = 1 << 16;

const bandOf = (high: number, low: number, band: number) =>
  band === 0 ? high >>> 16 : band === 1 ? high & 0xffff : band === 2 ? low >>> 16 : low & 0xffff;

/** Every 16-bit mask with at most `bits` bits set. */
function masksUpTo(bits: number): number[] {
  const masks: number[] = [];
  for (let mask = 0; mask < BAND_VALUES; mask += 1) if (popcount32(mask) <= bits) masks.push(mask);
  return masks;
}

/** Calls join(a, b) for every pair of the hashes (as 32-bit halves) at most maxBits apart. */
function joinNearPairs(high: Uint32Array, low: Uint32Array, maxBits: number, join: (a: number, b: number) => void): void {
  const count = high.length;
  const masks = masksUpTo(Math.floor(maxBits / BANDS));
  // One band at a time, its hashes by value: starts[v]..starts[v + 1] index `holders`.
  const starts = new Int32Array(BAND_VALUES + 1);
  const holders = new Int32Array(count);
  for (let band = 0; band < BANDS; band += 1) {
    starts.fill(0);
    for (let at = 0; at < count; at += 1) starts[bandOf(high[at]!, low[at]!, band) + 1]! += 1;
    for (let value = 0; value < BAND_VALUES; value += 1) starts[value + 1]! += starts[value]!;
    const cursor = starts.slice(0, BAND_VALUES);
    for (let at = 0; at < count; at += 1) holders[cursor[bandOf(high[at]!, low[at]!, band)]!++] = at;
    for (let a = 0; a < count; a += 1) {
      const highA = high[a]!;
      const lowA = low[a]!;
      const value = bandOf(highA, lowA, band);
      for (const mask of masks) {
        const near = value ^ mask;
        const end = starts[near + 1]!;
        for (let slot = starts[near]!; slot < end; slot += 1) {
          const b = holders[slot]!;
          if (b > a && popcount32((highA ^ high[b]!) >>> 0) + popcount32((lowA ^ low[b]!) >>> 0) <= maxBits) join(a, b);
        }
      }
    }
  }
}

/**
 * Groups of two or more images that are the same picture: same content hash, or dHashes at
 * most maxBits apart, joined transitively. Images without hashes are left out. Groups come in
 * the path order of their first member.
 */
export function findDuplicateGroups(images: readonly SplitCandidate[], maxBits = NEAR_DUPLICATE_BITS): DuplicateGroup[] {
  const hashed = images.filter((image): image is SplitCandidate & { contentHash: string; perceptualHash: string } =>
    image.contentHash !== null && image.perceptualHash !== null,
  );
  const sets = createUnionFind(hashed.length);
  // Equal keys are joined once through their first holder, so a thousand copies of one
  // picture cost a thousand steps, not a million comparisons.
  const joinEqual = (keyOf: (index: number) => string) => {
    const first = new Map<string, number>();
    hashed.forEach((_, index) => {
      const key = keyOf(index);
      const holder = first.get(key);
      if (holder === undefined) first.set(key, index);
      else sets.union(holder, index);
    });
    return first;
  };
  joinEqual((index) => hashed[index]?.contentHash ?? '');
  // A dHash with almost no bits either way (a plain picture, a smooth gradient) says nothing of
  // what the picture shows: a red and a blue frame would read as near copies. Such images are
  // only ever grouped by their bytes.
  const featureless = (hash: string) => {
    const bits = hammingDistance(hash, '0000000000000000');
    return bits <= FEATURELESS_BITS || bits >= 64 - FEATURELESS_BITS;
  };
  const distinct = [
    ...joinEqual((index) => {
      const hash = hashed[index]?.perceptualHash ?? '';
      return featureless(hash) ? `alone:${index}` : hash;
    }),
  ].filter(([hash]) => !hash.startsWith('alone:'));
  if (maxBits > 0) {
    // Each distinct dHash as two 32-bit halves: a comparison is two XORs and two popcounts.
    const high = Uint32Array.from(distinct, ([hash]) => parseInt(hash.slice(0, 8), 16));
    const low = Uint32Array.from(distinct, ([hash]) => parseInt(hash.slice(8, 16), 16));
    joinNearPairs(high, low, maxBits, (a, b) => sets.union(distinct[a]?.[1] ?? 0, distinct[b]?.[1] ?? 0));
  }
  const byRoot = new Map<number, DuplicateMember[]>();
  hashed.forEach((image, index) => {
    const root = sets.find(index);
    const member = { uuid: image.uuid, relPath: image.relPath, fileSize: image.fileSize, mtimeMs: image.mtimeMs, contentHash: image.contentHash };
    const members = byRoot.get(root);
    if (members) members.push(member);
    else byRoot.set(root, [member]);
  });
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byRoot.values()]
    .filter((members) => members.length > 1)
    .map((members) => {
      members.sort((a, b) => order(a.relPath, b.relPath));
      const kind: DuplicateGroup['kind'] = members.every((member) => member.contentHash === members[0]?.contentHash) ? 'exact' : 'near';
      return { kind, members };
    })
    .sort((a, b) => order(a.members[0]?.relPath ?? '', b.members[0]?.relPath ?? ''));
}
