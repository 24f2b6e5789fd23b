import type { AnnotationImportSummary } from '@/server/core/annotation-import.service';
import type { ExportFormat, ExportType } from '@/server/core/formats';
import type { ImportSource } from '@/server/core/import-source';
import { invalidInput } from '@/server/core/errors';
import type { AnnotationImportInput } from '../schemas/transfer.schema';

/** Inline files win over a path, so a client can send both and get what it uploaded. */
export function toAnnotationImportSource(input: AnnotationImportInput): ImportSource {
  if (input.files) {
    return {
      files: input.files.map((file) =>
        file.encoding === 'base64' ? { path: file.path, bytes: Buffer.from(file.content, 'base64') } : { path: file.path, content: file.content },
      ),
    };
  }
  if (input.source_path) return { path: input.source_path };
  throw invalidInput('Give source_path (a file or folder) or files');
}

export function toAnnotationImportOutput(summary: AnnotationImportSummary) {
  return {
    message: 1 as const,
    matched_image_count: summary.matched,
    unmatched_list: summary.unmatched,
    error_list: summary.errors,
    labels_added: summary.labelsAdded,
    ...(summary.classNumbersSet ? { class_numbers_set: summary.classNumbersSet } : {}),
    ...(summary.classNumberWarnings ? { class_number_warnings: summary.classNumberWarnings } : {}),
  };
}

export function toExportFormatOutput(format: ExportFormat & { type: ExportType }) {
  return { export_type: format.type, label: format.label };
}
