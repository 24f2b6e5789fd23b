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

/**
 * The 64 bits cut into `bands` runs of near-equal width (a number per run, tagged with its
 * band): two hashes at most bands - 1 bits apart agree on one run at least (pigeonhole).
 */
function bandKeys(hash: bigint, bands: number): number[] {
  const keys: number[] = [];
  let start = 0;
  for (let band = 0; band < bands; band += 1) {
    const width = Math.floor(64 / bands) + (band < 64 % bands ? 1 : 0);
    const value = Number((hash >> BigInt(64 - start - width)) & ((1n << BigInt(width)) - 1n));
    keys.push(band * 2 ** 32 + value);
    start += width;
  }
  return keys;
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
    const high = new Uint32Array(distinct.length);
    const low = new Uint32Array(distinct.length);
    const buckets = new Map<number, number[]>();
    distinct.forEach(([hash], at) => {
      const value = BigInt(`0x${hash}`);
      high[at] = Number(value >> 32n);
      low[at] = Number(value & 0xffffffffn);
      for (const key of bandKeys(value, maxBits + 1)) {
        const bucket = buckets.get(key);
        if (bucket) bucket.push(at);
        else buckets.set(key, [at]);
      }
    });
    for (const bucket of buckets.values()) {
      for (let i = 0; i < bucket.length; i += 1) {
        const a = bucket[i] ?? 0;
        for (let j = i + 1; j < bucket.length; j += 1) {
          const b = bucket[j] ?? 0;
          const bits = popcount32(((high[a] ?? 0) ^ (high[b] ?? 0)) >>> 0) + popcount32(((low[a] ?? 0) ^ (low[b] ?? 0)) >>> 0);
          if (bits <= maxBits) sets.union(distinct[a]?.[1] ?? 0, distinct[b]?.[1] ?? 0);
        }
      }
    }
  }
  const byRoot = new Map<number, DuplicateMember[]>();
  hashed.forEach((image, index) => {
    const root = sets.find(index);
    const member = { uuid: image.uuid, relPath: image.relPath, contentHash: image.contentHash };
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
