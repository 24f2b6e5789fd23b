import type { JobStatusOf } from '@/server/core/jobs/job-kinds';
import type { DuplicateOverview, SplitOverview } from '@/server/core/split.service';
import type { DuplicateGroupsOutput, DuplicatesStatusOutput, SplitOverviewOutput } from '../schemas/split.schema';

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

export function toDuplicateGroups(overview: DuplicateOverview): DuplicateGroupsOutput {
  return {
    unhashed: overview.unhashed,
    groups: overview.groups.map((group) => ({
      kind: group.kind,
      members: group.members.map((member) => ({ uuid: member.uuid, img_path: member.relPath })),
    })),
  };
}
