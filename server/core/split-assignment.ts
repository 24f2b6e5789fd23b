// A seeded, stratified train/val/test split. Pure and deterministic: the same images, labels,
// groups, seed and percentages always give the same sides (a seeded PRNG, inputs in path
// order, no Math.random). Stratified by label frequency in the manner of iterative
// stratification (Sechidis et al. 2011): the images of the rarest label are placed first, each
// on the side that still wants most of that label, so every label's images split close to the
// percentages, rare ones included. Duplicate groups are placed as one unit, so near-identical
// images never end up on two sides (which would leak the training set into validation).
import { SPLIT_NAMES, type SplitName } from './types';

export type SplitPercentages = Record<SplitName, number>;

export interface SplitImage {
  uuid: string;
  /** Orders the images: the same folder splits alike whatever uuids its project gave. */
  relPath: string;
  /** The image's distinct labels; none: it is split as its own stratum. */
  labels: readonly string[];
}

export interface SplitInput {
  images: readonly SplitImage[];
  /** uuids that must share a side (duplicate groups); uuids not among the images are ignored. */
  groups: ReadonlyArray<readonly string[]>;
  seed: number;
  percentages: SplitPercentages;
}

/** mulberry32: a small, well-mixed 32-bit generator; [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Unit {
  uuids: string[];
  firstPath: string;
  /** Images of the unit per label. */
  labels: Map<string, number>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function buildUnits(images: readonly SplitImage[], groups: SplitInput['groups']): Unit[] {
  const byUuid = new Map(images.map((image) => [image.uuid, image]));
  const unitOf = new Map<string, Unit>();
  const units: Unit[] = [];
  const join = (uuids: readonly string[]) => {
    const members = uuids.map((uuid) => byUuid.get(uuid)).filter((image) => image !== undefined);
    // A uuid in two groups merges them: the unit already made takes the rest.
    const existing = members.map((image) => unitOf.get(image.uuid)).find((unit) => unit !== undefined);
    const unit = existing ?? { uuids: [], firstPath: '', labels: new Map<string, number>() };
    if (!existing) units.push(unit);
    for (const image of members) {
      const previous = unitOf.get(image.uuid);
      if (previous === unit) continue;
      if (previous) {
        for (const uuid of previous.uuids) unitOf.set(uuid, unit);
        unit.uuids.push(...previous.uuids);
        previous.uuids = [];
      } else {
        unitOf.set(image.uuid, unit);
        unit.uuids.push(image.uuid);
      }
    }
  };
  for (const group of groups) join(group);
  for (const image of images) if (!unitOf.has(image.uuid)) join([image.uuid]);
  const kept = units.filter((unit) => unit.uuids.length > 0);
  for (const unit of kept) {
    const members = unit.uuids.map((uuid) => byUuid.get(uuid)).filter((image) => image !== undefined);
    unit.firstPath = members.map((image) => image.relPath).sort(byText)[0] ?? '';
    for (const image of members) for (const label of new Set(image.labels)) unit.labels.set(label, (unit.labels.get(label) ?? 0) + 1);
  }
  return kept.sort((a, b) => byText(a.firstPath, b.firstPath));
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

/** Every image's side. Percentages are whole numbers summing to 100 (checked by the caller). */
export function assignSplit(input: SplitInput): Map<string, SplitName> {
  const random = mulberry32(input.seed);
  const sides = SPLIT_NAMES.filter((side) => input.percentages[side] > 0);
  const share = (side: SplitName) => input.percentages[side] / 100;
  const units = buildUnits(input.images, input.groups);

  const frequency = new Map<string, number>();
  for (const unit of units) for (const [label, count] of unit.labels) frequency.set(label, (frequency.get(label) ?? 0) + count);
  // What each side still wants, in images: per label, and in all.
  const wanted = new Map(sides.map((side) => [side, new Map([...frequency].map(([label, count]) => [label, count * share(side)]))]));
  const wantedTotal = new Map(sides.map((side) => [side, input.images.length * share(side)]));

  // Each unit is placed with its rarest label; labels are visited rarest first.
  const rarer = (a: string, b: string) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0) || byText(a, b);
  const byLabel = new Map<string, Unit[]>();
  const unlabeled: Unit[] = [];
  for (const unit of units) {
    const rarest = [...unit.labels.keys()].sort(rarer)[0];
    if (rarest === undefined) unlabeled.push(unit);
    else {
      const bucket = byLabel.get(rarest);
      if (bucket) bucket.push(unit);
      else byLabel.set(rarest, [unit]);
    }
  }

  const assigned = new Map<string, SplitName>();
  const place = (unit: Unit, label: string | undefined) => {
    const score = (side: SplitName) => [label === undefined ? 0 : (wanted.get(side)?.get(label) ?? 0), wantedTotal.get(side) ?? 0] as const;
    let best: SplitName[] = [];
    let bestScore: readonly [number, number] = [-Infinity, -Infinity];
    for (const side of sides) {
      const [byLabelWanted, total] = score(side);
      const order = byLabelWanted - bestScore[0] || total - bestScore[1];
      if (Math.abs(order) < 1e-9) best.push(side);
      else if (order > 0) {
        best = [side];
        bestScore = [byLabelWanted, total];
      }
    }
    const side = best.length === 1 ? best[0] : best[Math.floor(random() * best.length)];
    if (!side) return;
    for (const [unitLabel, count] of unit.labels) wanted.get(side)?.set(unitLabel, (wanted.get(side)?.get(unitLabel) ?? 0) - count);
    wantedTotal.set(side, (wantedTotal.get(side) ?? 0) - unit.uuids.length);
    for (const uuid of unit.uuids) assigned.set(uuid, side);
  };

  for (const label of [...byLabel.keys()].sort(rarer)) for (const unit of shuffle(byLabel.get(label) ?? [], random)) place(unit, label);
  for (const unit of shuffle(unlabeled, random)) place(unit, undefined);
  return assigned;
}
