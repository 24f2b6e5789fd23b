// report.json and report.md of an export zip, made of sections: the checks (before and after
// writing), what the format cannot hold, and whatever another part adds (splits, duplicates).
// No timestamps and every list sorted: two exports of unchanged data give identical files.
import { EXPORT_REPORT_JSON, EXPORT_REPORT_MD, type ExportFile } from '../formats/common';
import type { RuleResult } from './collector';
import type { ValidationEntry } from './rules';

export interface ReportSection {
  /** The section's key in report.json. */
  key: string;
  json: unknown;
  /** Its part of report.md, a `##` heading first. */
  markdown: string[];
}

/** Entries shown per rule in report.md; report.json keeps the collector's cap. */
const MARKDOWN_ENTRIES = 20;

export function createExportReport(format: string, formatTitle: string) {
  const sections: ReportSection[] = [];
  return {
    add(section: ReportSection) {
      if (sections.some((existing) => existing.key === section.key || section.key === 'format')) throw new Error(`Report section ${section.key} twice`);
      sections.push(section);
    },
    files(): ExportFile[] {
      const json = Object.fromEntries([['format', format], ...sections.map((section) => [section.key, section.json] as const)]);
      const markdown = [`# Export report: ${formatTitle}`, '', ...sections.flatMap((section) => [...section.markdown, ''])];
      return [
        { path: EXPORT_REPORT_JSON, content: `${JSON.stringify(json, null, 2)}\n` },
        { path: EXPORT_REPORT_MD, content: `${markdown.join('\n').trimEnd()}\n` },
      ];
    },
  };
}

/** Our own report.json at the root of an export (or of the folder it was unpacked into): not annotations. */
export function isExportReport(file: ExportFile): boolean {
  if (file.path !== EXPORT_REPORT_JSON) return false;
  try {
    const data = JSON.parse(file.content) as unknown;
    return typeof data === 'object' && data !== null && 'format' in data && 'checks' in data;
  } catch {
    return false;
  }
}

export const entryJson = (entry: ValidationEntry) => ({
  image: entry.relPath,
  image_uuid: entry.imageUuid,
  ...(entry.shapeId !== undefined ? { shape_id: entry.shapeId } : {}),
  detail: entry.detail,
});

const ruleJson = (result: RuleResult) => ({
  rule: result.id,
  title: result.title,
  severity: result.severity,
  count: result.count,
  entries: result.entries.map(entryJson),
});

const entryLine = (entry: ValidationEntry) => {
  const where = entry.relPath ? `\`${entry.relPath}\`${entry.shapeId !== undefined ? ` shape \`${entry.shapeId}\`` : ''}: ` : '';
  return `- ${where}${entry.detail}`;
};

/** The rule results before writing (the project's data) and after (the files as written). */
export function checksSection(before: readonly RuleResult[], after: readonly RuleResult[]): ReportSection {
  const ids = [...new Set([...before, ...after].map((result) => result.id))];
  const find = (list: readonly RuleResult[], id: string) => list.find((result) => result.id === id);
  const rows = ids.map((id) => {
    const rule = find(before, id) ?? find(after, id);
    return `| ${rule?.title ?? id} (\`${id}\`) | ${rule?.severity ?? ''} | ${find(before, id)?.count ?? 0} | ${find(after, id)?.count ?? 0} |`;
  });
  const details = (phase: string, list: readonly RuleResult[]) =>
    list
      .filter((result) => result.count > 0)
      .flatMap((result) => {
        const shown = result.entries.slice(0, MARKDOWN_ENTRIES).map(entryLine);
        const more = result.count - shown.length;
        return ['', `### ${result.title} (${phase}: ${result.count})`, '', ...shown, ...(more > 0 ? [`- … and ${more} more (report.json lists up to ${result.entries.length})`] : [])];
      });
  const found = [...before, ...after].some((result) => result.count > 0);
  return {
    key: 'checks',
    json: { before: before.map(ruleJson), after: after.map(ruleJson) },
    markdown: [
      '## Checks',
      '',
      'Before: the project as this format writes it. After: the files in this zip, as their readers take them.',
      '',
      '| Rule | Severity | Before | After |',
      '| --- | --- | --- | --- |',
      ...rows,
      ...(found ? [...details('before', before), ...details('after', after)] : ['', 'Nothing found.']),
    ],
  };
}
