import type { AddImagesResult } from '@/server/core/jobs/add-images.job';
import type { JobStatus } from '@/server/core/jobs/job-runner';
import { toThumbnailOutput } from '../mappers/image.mapper';
import { imagePathInput, imageSourceOutput, thumbnailOutput } from '../schemas/annotation.schema';
import { SUCCESS, projectPathInput, successOutput } from '../schemas/common.schema';
import {
  ADD_IMAGE_STATUS,
  addImagesInput,
  addStatusOutput,
  deleteImagesInput,
  deleteImagesOutput,
  imagePageInput,
  imagePageOutput,
  RENAME_CODES,
  renameImageInput,
  renameImageOutput,
} from '../schemas/image.schema';
import { invalidInput } from '@/server/core/errors';
import { statusProcedure } from '../status';
import { procedure, restMeta, router } from '../trpc';

function toAddStatus(job: JobStatus | undefined) {
  if (job?.state === 'running') {
    return { message: 1 as const, add_image_status: ADD_IMAGE_STATUS.ADDING_IMAGES, add_image_message: 'ADDING_IMAGES' as const, progress: [job.done, job.total] as [number, number] };
  }
  if (job?.state === 'failed') {
    return { message: 1 as const, add_image_status: ADD_IMAGE_STATUS.OPERATION_FAILED, add_image_message: 'OPERATION_FAILED' as const, error_message: job.message };
  }
  const result = job?.result as AddImagesResult | null | undefined;
  return {
    message: 1 as const,
    add_image_status: ADD_IMAGE_STATUS.IMAGES_ADDED,
    add_image_message: 'IMAGES_ADDED' as const,
    added_image_list: result?.added ?? [],
  };
}

export const imageRouter = router({
  thumbnail: procedure
    .meta(restMeta('GET', '/{annotation_type}/projects/{project_name}/uuid/{uuid}/thumbnail', 'An image\'s annotation record with a 100 px PNG thumbnail'))
    .input(imagePathInput)
    .output(thumbnailOutput)
    .query(async ({ ctx, input }) => toThumbnailOutput(await ctx.core.images.thumbnail(input.annotation_type, input.project_name, input.uuid))),

  source: procedure
    .meta(restMeta('GET', '/{annotation_type}/projects/{project_name}/uuid/{uuid}/imgsrc', 'The original image bytes as a data URI'))
    .input(imagePathInput)
    .output(imageSourceOutput)
    .query(async ({ ctx, input }) => {
      const source = await ctx.core.images.source(input.annotation_type, input.project_name, input.uuid);
      return { message: 1 as const, img_src: `data:${source.mimeType};base64,${source.bytes.toString('base64')}` };
    }),

  add: procedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/add', 'Add images: uploaded data URLs, or (empty body) the images of a chosen folder'))
    .input(addImagesInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const names = input.img_name_list ?? [];
      const dataUrls = input.img_base64_list ?? [];
      if (names.length !== dataUrls.length) throw invalidInput('img_name_list and img_base64_list must have the same length');
      if (names.length === 0) ctx.core.imageFiles.addFromChosenFolder(input.annotation_type, input.project_name);
      else {
        const uploads = names.map((name, index) => ({ name, dataUrl: dataUrls[index] ?? '' }));
        await ctx.core.imageFiles.addUploads(input.annotation_type, input.project_name, uploads);
      }
      return SUCCESS;
    }),

  addStatus: statusProcedure({
    path: '/v2/{annotation_type}/projects/{project_name}/addstatus',
    summary: 'Status of adding images: 2 while copying, then 0 (added) or 1 (failed)',
    input: projectPathInput,
    output: addStatusOutput,
    read: (core, input) => toAddStatus(core.imageFiles.addStatus(input.annotation_type, input.project_name)),
    missing: () => ({ message: 0 as const, add_image_status: ADD_IMAGE_STATUS.IMAGES_ADDED }),
  }),

  rename: procedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/imgsrc/rename', 'Rename an image file (the extension is kept)'))
    .input(renameImageInput)
    .output(renameImageOutput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await ctx.core.imageFiles.rename(input.annotation_type, input.project_name, input.uuid, input.new_fname);
      if (outcome.ok) return { message: 1 as const, error_code: RENAME_CODES.success, error_message: 'RENAME_SUCCESS', img_path: outcome.absPath };
      return { message: 0 as const, error_code: RENAME_CODES[outcome.reason], error_message: outcome.message, img_path: null };
    }),

  remove: procedure
    .meta(restMeta('DELETE', '/v2/{annotation_type}/projects/{project_name}/uuids', 'Move images into the deleted folder; answers the remaining uuids'))
    .input(deleteImagesInput)
    .output(deleteImagesOutput)
    .mutation(async ({ ctx, input }) => ({
      message: 1 as const,
      uuid_list: await ctx.core.imageFiles.remove(input.annotation_type, input.project_name, input.uuid_list),
    })),

  page: procedure
    .input(imagePageInput)
    .output(imagePageOutput)
    .query(({ ctx, input }) => {
      const page = ctx.core.images.page(input.annotation_type, input.project_name, input.filter, input.offset, input.limit);
      return {
        total: page.counts.total,
        labeled: page.counts.labeled,
        filtered_total: page.filteredTotal,
        items: page.items.map(({ image, shapeCount }) => ({
          uuid: image.uuid,
          img_path: image.relPath,
          width: image.width,
          height: image.height,
          shape_count: shapeCount,
        })),
      };
    }),
});
