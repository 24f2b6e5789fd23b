import { z } from 'zod';
import { toAnnotationHistoryOutput, toEditorImageOutput, toEditorSaveOutput, toPlacement, toShapes } from '../mappers/annotation.mapper';
import { imagePathInput, updateAnnotationInput } from '../schemas/annotation.schema';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import { annotationChangeOutput, editorImageOutput, editorImagesInput, editorSaveOutput, saveEditorShapesInput } from '../schemas/editor.schema';
import { annotateProcedure, readProcedure, restMeta, router } from '../trpc';

export const annotationRouter = router({
  update: annotateProcedure
    .meta(restMeta('PUT', '/{annotation_type}/projects/{project_name}/uuid/{uuid}/update', 'Save an image\'s shapes (the thumbnail record sent back)'))
    .input(updateAnnotationInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const annotation = { shapes: toShapes(input.annotation_type, input), placement: toPlacement(input) };
      await ctx.core.annotations.update(input.annotation_type, input.project_name, input.uuid, annotation);
      return SUCCESS;
    }),

  /** The workspace's read: shapes in image pixels for a batch of images (tRPC only). */
  forEditor: readProcedure
    .input(editorImagesInput)
    .output(z.array(editorImageOutput))
    .query(async ({ ctx, input }) => (await ctx.core.annotations.editorImages(input.annotation_type, input.project_name, input.uuids)).map(toEditorImageOutput)),

  /** The workspace's autosave: pixel shapes, stored so classifai clients show them in place too. */
  saveFromEditor: annotateProcedure
    .input(saveEditorShapesInput)
    .output(editorSaveOutput)
    .mutation(async ({ ctx, input }) =>
      toEditorSaveOutput(
        await ctx.core.annotations.saveEditorShapes(input.annotation_type, input.project_name, input.uuid, input.shapes, {
          editedAt: input.edited_at,
          baseVersion: input.base_version,
          clientId: input.client_id,
        }),
      ),
    ),

  /** Who changed an image's shapes, when and through what (the workspace's image info). */
  history: readProcedure
    .input(imagePathInput)
    .output(z.array(annotationChangeOutput))
    .query(async ({ ctx, input }) => toAnnotationHistoryOutput(await ctx.core.annotations.history(input.annotation_type, input.project_name, input.uuid))),
});
