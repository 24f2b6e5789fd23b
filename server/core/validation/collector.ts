// Findings counted in full but kept only up to a cap per rule: a 100,000-image project with a
// problem on every shape must not hold a million entries in memory or in report.json.
import { appliesTo, RULES, type RuleId, type Severity, type ValidationEntry, type ValidationFormat } from './rules';

export const ENTRIES_PER_RULE = 1000;

export interface RuleResult {
  id: RuleId;
  title: string;
  severity: Severity;
  count: number;
  /** At most ENTRIES_PER_RULE, sorted by path, shape and detail. */
  entries: ValidationEntry[];
}

export interface RuleCollector {
  add(entry: ValidationEntry): void;
  /** Every rule that applies to the formats, in the registry's order, found or not. */
  results(): RuleResult[];
}

export function createRuleCollector(formats: readonly ValidationFormat[], cap = ENTRIES_PER_RULE): RuleCollector {
  const found = new Map<RuleId, { count: number; entries: ValidationEntry[] }>();
  return {
    add(entry) {
      let slot = found.get(entry.rule);
      if (!slot) found.set(entry.rule, (slot = { count: 0, entries: [] }));
      slot.count += 1;
      if (slot.entries.length < cap) slot.entries.push(entry);
    },
    results() {
      return RULES.filter((rule) => appliesTo(rule.id, formats) || found.has(rule.id)).map((rule) => {
        const slot = found.get(rule.id);
        return { id: rule.id, title: rule.title, severity: rule.severity, count: slot?.count ?? 0, entries: [...(slot?.entries ?? [])].sort(byPlace) };
      });
    },
  };
}

// Plain code-unit order, not localeCompare: the report must read the same on every machine.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const byPlace = (a: ValidationEntry, b: ValidationEntry) =>
  compare(a.relPath, b.relPath) || compare(a.imageUuid, b.imageUuid) || compare(a.shapeId ?? '', b.shapeId ?? '') || compare(a.detail, b.detail);
