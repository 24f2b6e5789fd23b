import { notFound } from '@/server/core/errors';
import { toPlacement, toShapes } from '../mappers/annotation.mapper';
import { fromEditorShapes, toEditorShapes } from '../mappers/editor.mapper';
import { editorImageOutput, editorImagesInput, saveEditorShapesInput } from '../schemas/editor.schema';
import { z } from 'zod';
import { updateAnnotationInput } from '../schemas/annotation.schema';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import { procedure, restMeta, router } from '../trpc';

export const annotationRouter = router({
  update: procedure
    .meta(restMeta('PUT', '/{annotation_type}/projects/{project_name}/uuid/{uuid}/update', 'Save an image\'s shapes (the thumbnail record sent back)'))
    .input(updateAnnotationInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => {
      const annotation = { shapes: toShapes(input.annotation_type, input), placement: toPlacement(input) };
      ctx.core.annotations.update(input.annotation_type, input.project_name, input.uuid, annotation);
      return SUCCESS;
    }),

  /** The workspace's read: shapes in image pixels for a batch of images (tRPC only). */
  forEditor: procedure
    .input(editorImagesInput)
    .output(z.array(editorImageOutput))
    .query(({ ctx, input }) =>
      ctx.core.annotations.withImages(input.annotation_type, input.project_name, input.uuids).map(({ image, annotation }) => ({
        uuid: image.uuid,
        img_path: image.relPath,
        width: image.width,
        height: image.height,
        shapes: toEditorShapes(annotation, image),
      })),
    ),

  /** The workspace's autosave: pixel shapes, stored so classifai clients show them in place too. */
  saveFromEditor: procedure
    .input(saveEditorShapesInput)
    .output(successOutput)
    .mutation(({ ctx, input }) => {
      const [found] = ctx.core.annotations.withImages(input.annotation_type, input.project_name, [input.uuid]);
      if (!found) throw notFound(`Image not found in ${input.project_name}: ${input.uuid}`);
      const colors = ctx.core.annotations.labelColors(input.annotation_type, input.project_name);
      const annotation = fromEditorShapes(input.shapes, found.image, (label) => colors.get(label) ?? null);
      ctx.core.annotations.update(input.annotation_type, input.project_name, input.uuid, annotation, input.edited_at);
      return SUCCESS;
    }),
});
