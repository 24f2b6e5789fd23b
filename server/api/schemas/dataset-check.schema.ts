import { z } from 'zod';
import { EXPORT_TYPES } from '@/server/core/formats';
import { RULE_IDS } from '@/server/core/validation/rules';
import { projectPathInput } from './common.schema';

/** The workspace's "Check dataset" (tRPC only): one export format's rules, or every format's. */
export const datasetCheckInput = projectPathInput.extend({
  format: z.enum([...EXPORT_TYPES, 'all']),
});

export const datasetCheckEntry = z.object({
  /** '' for a finding about the project (a class name, COCO info). */
  image_uuid: z.string(),
  rel_path: z.string(),
  shape_id: z.string().optional(),
  detail: z.string(),
});

export const datasetCheckOutput = z.object({
  rules: z.array(
    z.object({
      rule: z.enum(RULE_IDS),
      title: z.string(),
      severity: z.enum(['error', 'warning']),
      /** Every finding; entries holds at most the first 1,000 (in path order). */
      count: z.number().int(),
      /** The workspace's one-click fix, where one is safe. */
      fix: z.enum(['clip', 'drop']).optional(),
      entries: z.array(datasetCheckEntry),
    }),
  ),
});
export type DatasetCheckOutput = z.infer<typeof datasetCheckOutput>;
