// Export and import. Their status paths are literal (/exportstatus, /importstatus) and this
// router is mounted before the project router so they win over /{project_name}.
import { toAnnotationImportOutput, toAnnotationImportSource, toExportFormatOutput } from '../mappers/transfer.mapper';
import { toExportStatus, toImportStatus } from '../mappers/status.mapper';
import { parseBooleanText, projectPathInput, SUCCESS, successOutput } from '../schemas/common.schema';
import { EXPORT_FORMATS, EXPORT_TYPES } from '@/server/core/formats';
import { annotationImportInput, annotationImportOutput, exportFormatsOutput, exportInput, exportStatusOutput, importFileInput, importStatusOutput, transferStatusInput } from '../schemas/transfer.schema';
import { adminProcedure, readProcedure, restMeta, router } from '../trpc';

export const transferRouter = router({
  exportStatus: readProcedure
    .meta(restMeta('GET', '/v2/{annotation_type}/projects/exportstatus', 'Status of the last export; 2 carries the written file'))
    .input(transferStatusInput)
    .output(exportStatusOutput)
    .query(async ({ ctx }) => toExportStatus(await ctx.core.exports.status())),

  /** A project's Export menu: the status of the last export, if the user asking started it, of this project once written (tRPC only). */
  ownExportStatus: readProcedure
    .input(projectPathInput)
    .output(exportStatusOutput)
    .query(async ({ ctx, input }) => toExportStatus(await ctx.core.exports.ownStatus(input.annotation_type, input.project_name))),

  importStatus: readProcedure
    .meta(restMeta('GET', '/v2/{annotation_type}/projects/importstatus', 'Status of the last import; 3 carries the project name'))
    .input(transferStatusInput)
    .output(importStatusOutput)
    .query(async ({ ctx }) => toImportStatus(await ctx.core.imports.status())),

  export: adminProcedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/export/{export_type}', `Export: ${EXPORT_TYPES.join(', ')} (cfg writes the .json, the others a .zip)`))
    .input(exportInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.exports.start(input.annotation_type, input.project_name, input.export_type, { cocoIdBase: input.coco_id_base, yoloIndexBase: input.yolo_index_base });
      return SUCCESS;
    }),

  /** The workspace's Export menu: one entry per registered format. */
  exportFormats: readProcedure.output(exportFormatsOutput).query(() => EXPORT_FORMATS.map(toExportFormatOutput)),

  /** The workspace's import: a path typed or picked in the browser (tRPC only). */
  importFile: adminProcedure
    .input(importFileInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.imports.start(input.config_path);
      return SUCCESS;
    }),

  importAnnotations: adminProcedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/import/{format}', 'Import COCO, VOC, YOLO or labelme annotations (a file, folder or zip path, or inline files, a zip as base64), matched by image file name; replaces the shapes of matched images and adds the labels they bring; preview "true" writes nothing and answers what it would do'))
    .input(annotationImportInput)
    .output(annotationImportOutput)
    .mutation(async ({ ctx, input }) =>
      toAnnotationImportOutput(
        await ctx.core.annotationImports.importAnnotations(input.annotation_type, input.project_name, input.format, toAnnotationImportSource(input), {
          preview: input.preview !== undefined && parseBooleanText(input.preview),
        }),
      ),
    ),
});
