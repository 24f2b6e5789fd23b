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

/**
 * members_per_group: only each group's first members (the dialog's first view; a folder of
 * video frames can put tens of thousands of images in one group). Every member when absent.
 */
export const duplicateGroupsInput = projectPathInput.extend({ members_per_group: z.number().int().min(1).optional() });

const duplicateGroupOutputShape = z.object({
  kind: z.enum(['exact', 'near']),
  /** Its images, members_per_group or not. */
  size: z.number().int(),
  /** In path order: the first is the group's key for duplicateGroup. */
  /** file_version names the file's version in its thumbnail's URL, as the image list's does. */
  members: z.array(z.object({ uuid: z.string(), img_path: z.string(), file_version: z.string() })),
});

export const duplicateGroupsOutput = z.object({
  /** Present images not hashed yet: they are in no group until "find duplicates" runs. */
  unhashed: z.number().int(),
  groups: z.array(duplicateGroupOutputShape),
});
export type DuplicateGroupsOutput = z.infer<typeof duplicateGroupsOutput>;
export type DuplicateGroupOutput = z.infer<typeof duplicateGroupOutputShape>;

/** One group, every member: the one whose first member (in path order) is first_uuid. */
export const duplicateGroupInput = projectPathInput.extend({ first_uuid: z.string().min(1).max(256) });
/** null: no group starts with that image now (hashes changed since the groups were read). */
export const duplicateGroupOutput = duplicateGroupOutputShape.nullable();
