// The workspace's split and duplicates procedures (tRPC only, not classifai's).
import { z } from 'zod';
import { SPLIT_NAMES } from '@/server/core/types';
import { projectPathInput } from './common.schema';

export const splitSide = z.enum(SPLIT_NAMES);

const percentage = z.number().int().min(0).max(100);
export const splitPercentages = z.object({ train: percentage, val: percentage, test: percentage });

export const runSplitInput = projectPathInput.extend({
  seed: z.number().int().min(0).max(2 ** 32 - 1),
  percentages: splitPercentages,
});

/** side null: take the images off every side. */
export const setSplitSideInput = projectPathInput.extend({
  uuids: z.array(z.string().max(256)).min(1).max(10_000),
  side: splitSide.nullable(),
});

const sideCount = z.object({ side: splitSide.nullable(), images: z.number().int() });

export const splitOverviewOutput = z.object({
  seed: z.number().int(),
  percentages: splitPercentages,
  /** When the last split ran (ms since the epoch); null: never. */
  split_at: z.number().int().nullable(),
  per_side: z.array(sideCount),
  per_label: z.array(sideCount.extend({ label: z.string() })),
  /** The images without shapes, per side. */
  unlabeled: z.array(sideCount),
  /** Present images not hashed yet: their duplicates cannot be kept on one side until they are. */
  unhashed: z.number().int(),
});
export type SplitOverviewOutput = z.infer<typeof splitOverviewOutput>;

/** "find duplicates" as the progress bar reads it; "none" before its first run. */
export const duplicatesStatusOutput = z.object({
  state: z.enum(['none', 'running', 'done', 'stopped', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  /** Images that could not be decoded, in the last run. */
  failed: z.number().int(),
  message: z.string(),
});
export type DuplicatesStatusOutput = z.infer<typeof duplicatesStatusOutput>;

export const duplicateGroupsOutput = z.object({
  /** Present images not hashed yet: they are in no group until "find duplicates" runs. */
  unhashed: z.number().int(),
  groups: z.array(
    z.object({
      kind: z.enum(['exact', 'near']),
      members: z.array(z.object({ uuid: z.string(), img_path: z.string() })),
    }),
  ),
});
export type DuplicateGroupsOutput = z.infer<typeof duplicateGroupsOutput>;
