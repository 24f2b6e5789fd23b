// Export and import. Their status paths are literal (/exportstatus, /importstatus) and this
// router is mounted before the project router so they win over /{project_name}.
import type { ExportResult } from '@/server/core/jobs/export.job';
import type { ImportResult } from '@/server/core/jobs/import.job';
import type { JobStatus } from '@/server/core/jobs/job-runner';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import { FILE_SYSTEM_STATUS, type FileSystemMessage } from '../schemas/status.schema';
import { invalidInput } from '@/server/core/errors';
import { annotationImportInput, annotationImportOutput, EXPORT_STATUS, exportInput, exportStatusOutput, importFileInput, importStatusOutput, transferStatusInput } from '../schemas/transfer.schema';
import { procedure, restMeta, router } from '../trpc';

function toExportStatus(job: JobStatus | undefined) {
  const progress = job?.state === 'running' ? { progress: [job.done, job.total] as [number, number] } : {};
  const name: keyof typeof EXPORT_STATUS =
    !job ? 'EXPORT_NOT_INITIATED' : job.state === 'running' ? 'EXPORT_STARTING' : job.state === 'succeeded' ? 'EXPORT_SUCCESS' : 'EXPORT_FAIL';
  return {
    message: 1 as const,
    export_status: EXPORT_STATUS[name],
    export_status_message: name,
    project_config_path: job?.state === 'succeeded' ? (job.result as ExportResult).path : null,
    ...progress,
    ...(job?.state === 'failed' ? { error_message: job.message } : {}),
  };
}

function toImportStatus(job: JobStatus | undefined) {
  const result = job?.state === 'succeeded' ? (job.result as ImportResult) : null;
  const name: FileSystemMessage = !job
    ? 'DID_NOT_INITIATED'
    : job.state === 'running'
      ? job.phase === 'importing' ? 'DATABASE_UPDATING' : 'ITERATING_FOLDER'
      : result?.projectName ? 'DATABASE_UPDATED' : 'ABORTED';
  return {
    message: 1 as const,
    file_system_status: FILE_SYSTEM_STATUS[name],
    file_system_message: name,
    ...(result?.projectName ? { project_name: result.projectName } : {}),
    error_message: job && (job.state === 'failed' || result?.cancelled) ? job.message : '',
    ...(job?.state === 'running' && job.phase === 'importing' ? { progress: [job.done, job.total] as [number, number] } : {}),
  };
}

export const transferRouter = router({
  exportStatus: procedure
    .meta(restMeta('GET', '/v2/{annotation_type}/projects/exportstatus', 'Status of the last export; 2 carries the written file'))
    .input(transferStatusInput)
    .output(exportStatusOutput)
    .query(({ ctx }) => toExportStatus(ctx.core.exports.status())),

  importStatus: procedure
    .meta(restMeta('GET', '/v2/{annotation_type}/projects/importstatus', 'Status of the last import; 3 carries the project name'))
    .input(transferStatusInput)
    .output(importStatusOutput)
    .query(({ ctx }) => toImportStatus(ctx.core.imports.status())),

  export: procedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/export/{export_type}', 'Export: cfg, cfgdata (zip with images), coco, voc, yolo or labelme (zips)'))
    .input(exportInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => {
      ctx.core.exports.start(input.annotation_type, input.project_name, input.export_type);
      return SUCCESS;
    }),

  /** The workspace's import: a path typed or picked in the browser (tRPC only). */
  importFile: procedure
    .input(importFileInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => {
      ctx.core.imports.start(input.config_path);
      return SUCCESS;
    }),

  importAnnotations: procedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/import/{format}', 'Import COCO, VOC, YOLO or labelme annotations (a file or folder path, or inline files), matched by image file name; replaces the shapes of matched images and adds the labels they bring'))
    .input(annotationImportInput)
    .output(annotationImportOutput)
    .mutation(async ({ ctx, input }) => {
      const source = input.files ? { files: input.files } : input.source_path ? { path: input.source_path } : null;
      if (!source) throw invalidInput('Give source_path (a file or folder) or files');
      const summary = await ctx.core.annotationImports.importAnnotations(input.annotation_type, input.project_name, input.format, source);
      return { message: 1 as const, matched_image_count: summary.matched, unmatched_list: summary.unmatched, error_list: summary.errors };
    }),
});
