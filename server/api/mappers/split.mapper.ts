import type { JobStatusOf } from '@/server/core/jobs/job-kinds';
import type { DuplicateOverview, SplitOverview } from '@/server/core/split.service';
import type { DuplicateGroup } from '@/server/core/duplicates';
import { fileVersionOf } from './image.mapper';
import type { DuplicateGroupOutput, DuplicateGroupsOutput, DuplicatesStatusOutput, SplitOverviewOutput } from '../schemas/split.schema';

export function toSplitOverview({ settings, counts, unhashed }: SplitOverview): SplitOverviewOutput {
  return {
    seed: settings.seed,
    percentages: settings.percentages,
    split_at: settings.splitAt,
    per_side: counts.perSide,
    per_label: counts.perLabel,
    unlabeled: counts.unlabeled,
    unhashed,
  };
}

export function toDuplicatesStatus(status: JobStatusOf<'duplicates'> | undefined): DuplicatesStatusOutput {
  if (!status) return { state: 'none', done: 0, total: 0, failed: 0, message: '' };
  const { done, total, message } = status;
  const failed = status.result?.failed ?? 0;
  switch (status.state) {
    case 'running':
      return { state: 'running', done, total, failed, message };
    case 'succeeded':
      return { state: status.result?.stopped ? 'stopped' : 'done', done, total, failed, message };
    case 'failed':
      return { state: 'failed', done, total, failed, message };
  }
}

/** Each group with its first `membersPerGroup` members (all when undefined). */
export function toDuplicateGroups(overview: DuplicateOverview, membersPerGroup?: number): DuplicateGroupsOutput {
  return { unhashed: overview.unhashed, groups: overview.groups.map((group) => toDuplicateGroup(group, membersPerGroup)) };
}

export function toDuplicateGroup(group: DuplicateGroup, membersPerGroup?: number): DuplicateGroupOutput {
  return {
    kind: group.kind,
    size: group.members.length,
    members: group.members.slice(0, membersPerGroup).map((member) => ({ uuid: member.uuid, img_path: member.relPath, file_version: fileVersionOf(member) })),
  };
}
