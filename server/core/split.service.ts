// The project's train/val/test split and its duplicate images: settings, the seeded split,
// per-image edits, and "find duplicates" (a job) with its groups.
import { findDuplicateGroups, type DuplicateGroup } from './duplicates';
import { imageNotFound, invalidInput } from './errors';
import type { JobRunner } from './jobs/job-runner';
import { duplicatesJobKey, type JobKinds, type JobStatusOf } from './jobs/job-kinds';
import type { ProjectService } from './project.service';
import type { Repositories, SideCounts, SplitSettings } from './repositories';
import { assignSplit, type SplitPercentages } from './split-assignment';
import { splitReportSectionOf, type SplitReportSection } from './split-report';
import { SPLIT_NAMES, type AnnotationType, type SplitName } from './types';

export interface SplitOverview {
  settings: SplitSettings;
  counts: SideCounts;
  /** Present images not hashed yet: a split cannot keep their duplicates together. */
  unhashed: number;
}

export interface DuplicateOverview {
  groups: DuplicateGroup[];
  /** Present images not hashed yet: "find duplicates" hashes them. */
  unhashed: number;
}

/** Seeds are 32-bit: the PRNG's state. */
const MAX_SEED = 2 ** 32 - 1;

function checkedSettings(seed: number, percentages: SplitPercentages): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw invalidInput(`The seed must be a whole number from 0 to ${MAX_SEED}`);
  const values = SPLIT_NAMES.map((side) => percentages[side]);
  if (values.some((value) => !Number.isInteger(value) || value < 0 || value > 100)) throw invalidInput('Each percentage must be a whole number from 0 to 100');
  const sum = values.reduce((total, value) => total + value, 0);
  if (sum !== 100) throw invalidInput(`The percentages must add up to 100 (they add up to ${sum})`);
}

export function createSplitService(deps: { repos: Repositories; projects: ProjectService; jobs: JobRunner<JobKinds>; now: () => number }) {
  const { repos, projects, jobs, now } = deps;

  const overview = async (projectId: string): Promise<SplitOverview> => ({
    settings: await repos.splits.settings(projectId),
    counts: await repos.splits.sideCounts(projectId),
    unhashed: await repos.splits.countUnhashed(projectId),
  });

  const duplicateGroups = async (projectId: string) => findDuplicateGroups(await repos.splits.hashedCandidates(projectId));

  return {
    async overview(type: AnnotationType, name: string): Promise<SplitOverview> {
      return overview((await projects.get(type, name)).id);
    },

    /**
     * Gives every present image a side, replacing the per-image edits: the same seed,
     * percentages and images give the same sides again. Duplicate groups share a side.
     */
    async run(type: AnnotationType, name: string, seed: number, percentages: SplitPercentages): Promise<SplitOverview> {
      const project = await projects.get(type, name);
      checkedSettings(seed, percentages);
      const candidates = await repos.splits.candidates(project.id);
      const labels = new Map<string, string[]>();
      for (const { uuid, label } of await repos.splits.imageLabels(project.id)) {
        const list = labels.get(uuid);
        if (list) list.push(label);
        else labels.set(uuid, [label]);
      }
      const groups = findDuplicateGroups(candidates).map((group) => group.members.map((member) => member.uuid));
      const images = candidates.map(({ uuid, relPath }) => ({ uuid, relPath, labels: labels.get(uuid) ?? [] }));
      const sides = assignSplit({ images, groups, seed, percentages });
      // Each row written rewrites its shapes too: only the images that change side are written
      // (at 100,000 images a first split writes ~1 s; the same split again writes nothing).
      const current = new Map(candidates.map((candidate) => [candidate.uuid, candidate.split]));
      const bySide = new Map<SplitName, string[]>(SPLIT_NAMES.map((side) => [side, []]));
      for (const [uuid, side] of sides) if (current.get(uuid) !== side) bySide.get(side)?.push(uuid);
      await repos.inTransaction(async () => {
        for (const [side, uuids] of bySide) await repos.splits.setSide(project.id, uuids, side);
        await repos.splits.saveSettings(project.id, { seed, percentages, splitAt: now() });
      });
      return overview(project.id);
    },

    /** Puts images on a side (null: none) until the next split; every uuid must be the project's. */
    async setSide(type: AnnotationType, name: string, uuids: readonly string[], side: SplitName | null): Promise<void> {
      const project = await projects.get(type, name);
      for (const uuid of uuids) {
        if (!(await repos.images.find(project.id, uuid))) throw imageNotFound(project.name, uuid);
      }
      await repos.inTransaction(() => repos.splits.setSide(project.id, uuids, side));
    },

    /** Starts hashing the images not hashed yet (a running one is returned). */
    async findDuplicates(type: AnnotationType, name: string): Promise<JobStatusOf<'duplicates'>> {
      const project = await projects.get(type, name);
      return jobs.start('duplicates', duplicatesJobKey(project.id), { projectId: project.id });
    },

    async duplicatesStatus(type: AnnotationType, name: string): Promise<JobStatusOf<'duplicates'> | undefined> {
      return jobs.status('duplicates', duplicatesJobKey((await projects.get(type, name)).id));
    },

    /** The split and duplicates section of an export report, as the project is now. */
    async reportSection(type: AnnotationType, name: string): Promise<SplitReportSection> {
      return splitReportSectionOf(repos, (await projects.get(type, name)).id);
    },

    async duplicates(type: AnnotationType, name: string): Promise<DuplicateOverview> {
      const project = await projects.get(type, name);
      return { groups: await duplicateGroups(project.id), unhashed: await repos.splits.countUnhashed(project.id) };
    },
  };
}

export type SplitService = ReturnType<typeof createSplitService>;
