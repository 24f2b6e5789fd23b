// What the export job runs: the before checks on each item it reads, the after checks on
// each file it writes, and the report files built from both and from the other sections.
import { exportFormat, type ExportType } from '../formats/export-registry';
import type { ExportFile } from '../formats/common';
import { createAfterCheck } from './after-check';
import { createBeforeCheck, type BeforeCheckOptions } from './before-check';
import { checksSection, createExportReport, type ReportSection } from './export-report';

export function createExportChecks(exportType: ExportType, options: Omit<BeforeCheckOptions, 'formats'>) {
  const before = createBeforeCheck({ ...options, formats: [exportType] });
  const after = createAfterCheck(exportType);
  return {
    before: before.add,
    written: after.file,
    /** Observers of the records the writer streams at finish(). */
    observers: { coco: after.cocoFile },
    /** report.json and report.md: the checks, then the sections given (in their order). */
    reportFiles(...sections: ReadonlyArray<ReportSection | null>): ExportFile[] {
      const report = createExportReport(exportType, exportFormat(exportType).label.replace(/ \(\.\w+\)$/, ''));
      report.add(checksSection(before.results(), after.results()));
      for (const section of sections) if (section) report.add(section);
      return report.files();
    },
  };
}
