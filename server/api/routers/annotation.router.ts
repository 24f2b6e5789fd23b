import { toPlacement, toShapes } from '../mappers/annotation.mapper';
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
});
