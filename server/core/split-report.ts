// The split and duplicates section of an export's report (report.json and report.md). The
// export report takes it as it is; nothing here depends on the time or on uuids, so two
// exports of unchanged data give the same section byte for byte.
import { findDuplicateGroups, type DuplicateGroup } from './duplicates';
import type { Repositories, SideCount, SideCounts, SplitSettings } from './repositories';
import { SPLIT_NAMES, type SplitName } from './types';

type SideTally = Record<SplitName | 'none', number>;

export interface SplitReportJson {
  split: {
    /** null: the project was never split (then every image counts under "none"). */
    seed: number | null;
    percentages: Record<SplitName, number> | null;
    images: SideTally;
    /** Images with a shape of each label, per side; labels in byte order. */
    labels: Record<string, SideTally>;
    unlabeled: SideTally;
  };
  duplicates: {
    /** Images not hashed yet, so in no group ("find duplicates" hashes them). */
    unhashed: number;
    groups: Array<{ kind: DuplicateGroup['kind']; images: string[] }>;
    /** Images whose bytes another image of their group has too, in any kind of group: the files a dataset holds twice. */
    exact_copies: number;
    /** Groups with images on different sides: what a split must never do, after edits by hand. */
    across_sides: Array<{ images: Array<{ path: string; side: SplitName | 'none' }> }>;
  };
}

export interface SplitReportSection {
  json: SplitReportJson;
  /** Lines of report.md, headings included. */
  markdown: string[];
}

const tally = (counts: readonly SideCount[]): SideTally => {
  const result: SideTally = { train: 0, val: 0, test: 0, none: 0 };
  for (const { side, images } of counts) result[side ?? 'none'] += images;
  return result;
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Markdown table cells: a label may hold | or a line break.
const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
const row = (name: string, counts: SideTally) => `| ${cell(name)} | ${SPLIT_NAMES.map((side) => counts[side]).join(' | ')} | ${counts.none} |`;

/** sides: each image's side now, by uuid (an image absent from it has none). */
export function splitReportSection(
  settings: SplitSettings,
  counts: SideCounts,
  groups: readonly DuplicateGroup[],
  unhashed: number,
  sides: ReadonlyMap<string, SplitName | null> = new Map(),
): SplitReportSection {
  const across = groups
    .map((group) => ({ images: group.members.map((member) => ({ path: member.relPath, side: sides.get(member.uuid) ?? ('none' as const) })) }))
    .filter((group) => new Set(group.images.map((image) => image.side)).size > 1);
  const labels: Record<string, SideTally> = {};
  const perLabel = new Map<string, SideCount[]>();
  for (const entry of counts.perLabel) perLabel.set(entry.label, [...(perLabel.get(entry.label) ?? []), entry]);
  for (const label of [...perLabel.keys()].sort(byText)) labels[label] = tally(perLabel.get(label) ?? []);
  const neverSplit = settings.splitAt === null;
  const json: SplitReportJson = {
    split: {
      seed: neverSplit ? null : settings.seed,
      percentages: neverSplit ? null : { ...settings.percentages },
      images: tally(counts.perSide),
      labels,
      unlabeled: tally(counts.unlabeled),
    },
    duplicates: {
      unhashed,
      groups: groups.map((group) => ({ kind: group.kind, images: group.members.map((member) => member.relPath) })),
      exact_copies: groups.reduce((sum, group) => sum + group.members.length - new Set(group.members.map((member) => member.contentHash)).size, 0),
      across_sides: across,
    },
  };

  const markdown = ['## Split', ''];
  const sided = json.split.images.train + json.split.images.val + json.split.images.test;
  if (json.split.percentages) {
    const { train, val, test } = json.split.percentages;
    markdown.push(`Seed ${json.split.seed}: train ${train}%, val ${val}%, test ${test}%.`);
  } else if (sided > 0) markdown.push(`No split was run; ${sided} image${sided === 1 ? ' was' : 's were'} given a side by hand.`);
  else markdown.push('The project has not been split: every image is under "none".');
  if (across.length > 0) {
    markdown.push('', `**${across.length} duplicate group${across.length === 1 ? ' has' : 's have'} images on different sides** (a side changed by hand since the split, or images hashed after it): near-identical images in train and val or test inflate the evaluation.`);
    for (const group of across) markdown.push(`- ${group.images.map((image) => `\`${image.path}\` (${image.side})`).join(', ')}`);
  } else if (groups.length > 0) markdown.push('', 'Every duplicate group is on one side.');
  markdown.push('', '| Images | train | val | test | none |', '| --- | ---: | ---: | ---: | ---: |', row('all', json.split.images));
  for (const [label, tallyOfLabel] of Object.entries(labels)) markdown.push(row(`with ${label}`, tallyOfLabel));
  markdown.push(row('without shapes', json.split.unlabeled), '', '## Duplicates', '');
  // A near group may hold byte-identical files too (a copy beside a resized one): counted by
  // kind of group alone, the report had said "0 exact copies" of a folder holding three.
  const exactGroups = groups.filter((group) => group.kind === 'exact').length;
  const copies = json.duplicates.exact_copies;
  markdown.push(
    `${plural(groups.length, 'group')} of duplicate images (${exactGroups} of exact copies, ${groups.length - exactGroups} with near copies)` +
      (copies > 0 ? `; ${plural(copies, 'image')} ${copies === 1 ? 'is a copy' : 'are copies'}, byte for byte, of another.` : '.'),
  );
  if (unhashed > 0) markdown.push(`${unhashed} images are not hashed yet and are in no group: run "Find duplicates" first.`);
  if (groups.length > 0) markdown.push('');
  for (const group of json.duplicates.groups) markdown.push(`- ${group.kind}: ${group.images.map((image) => `\`${image}\``).join(', ')}`);
  return { json, markdown };
}

/** The section for a project as it is stored now: what the export job calls. */
export async function splitReportSectionOf(repos: Repositories, projectId: string): Promise<SplitReportSection> {
  // Only hashed images can be in a group, and only a group's images need their side.
  const candidates = await repos.splits.hashedCandidates(projectId);
  const sides = new Map(candidates.map((candidate) => [candidate.uuid, candidate.split]));
  return splitReportSection(
    await repos.splits.settings(projectId),
    await repos.splits.sideCounts(projectId),
    findDuplicateGroups(candidates),
    await repos.splits.countUnhashed(projectId),
    sides,
  );
}
