import type { RuleResult } from '@/server/core/validation/collector';
import { ruleById } from '@/server/core/validation/rules';
import type { DatasetCheckOutput } from '../schemas/dataset-check.schema';

export function toDatasetCheckOutput(results: readonly RuleResult[]): DatasetCheckOutput {
  return {
    rules: results.map((result) => {
      const { fix } = ruleById(result.id);
      return {
        rule: result.id,
        title: result.title,
        severity: result.severity,
        count: result.count,
        ...(fix ? { fix } : {}),
        entries: result.entries.map((entry) => ({
          image_uuid: entry.imageUuid,
          rel_path: entry.relPath,
          ...(entry.shapeId !== undefined ? { shape_id: entry.shapeId } : {}),
          detail: entry.detail,
        })),
      };
    }),
  };
}
