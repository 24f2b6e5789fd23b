import { toImageList, toImagePageOutput, toRenameOutput, toThumbnailOutput, toUploads } from '../mappers/image.mapper';
import { toAddStatus } from '../mappers/status.mapper';
import { imagePathInput, imageSourceOutput, thumbnailOutput } from '../schemas/annotation.schema';
import { SUCCESS, projectPathInput, successOutput } from '../schemas/common.schema';
import {
  ADD_IMAGE_STATUS,
  addImagesInput,
  addStatusOutput,
  deleteImagesInput,
  deleteImagesOutput,
  deletedImagesOutput,
  imageListInput,
  imageListUuidsOutput,
  imagePageInput,
  imagePageOutput,
  listedImagesInput,
  imagePositionOutput,
  locateImageInput,
  nextUnlabeledInput,
  renameImageInput,
  renameImageOutput,
  tileStatusOutput,
} from '../schemas/image.schema';
import { statusProcedure } from '../status';
import { adminProcedure, readProcedure, restMeta, router } from '../trpc';

export const imageRouter = router({
  thumbnail: readProcedure
    .meta(restMeta('GET', '/{annotation_type}/projects/{project_name}/uuid/{uuid}/thumbnail', 'An image\'s annotation record with a 100 px PNG thumbnail'))
    .input(imagePathInput)
    .output(thumbnailOutput)
    .query(async ({ ctx, input }) => toThumbnailOutput(await ctx.core.images.thumbnail(input.annotation_type, input.project_name, input.uuid))),

  source: readProcedure
    .meta(restMeta('GET', '/{annotation_type}/projects/{project_name}/uuid/{uuid}/imgsrc', 'The original image bytes as a data URI'))
    .input(imagePathInput)
    .output(imageSourceOutput)
    .query(async ({ ctx, input }) => {
      const source = await ctx.core.images.source(input.annotation_type, input.project_name, input.uuid);
      return { message: 1 as const, img_src: `data:${source.mimeType};base64,${source.bytes.toString('base64')}` };
    }),

  add: adminProcedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/add', 'Add images: uploaded data URLs, or (empty body) the images of a chosen folder'))
    .input(addImagesInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.imageFiles.add(input.annotation_type, input.project_name, toUploads(input));
      return SUCCESS;
    }),

  addStatus: statusProcedure({
    path: '/v2/{annotation_type}/projects/{project_name}/addstatus',
    summary: 'Status of adding images: 2 while copying, then 0 (added) or 1 (failed)',
    input: projectPathInput,
    output: addStatusOutput,
    read: async (core, input) => toAddStatus(await core.imageFiles.addStatus(input.annotation_type, input.project_name)),
    missing: () => ({ message: 0 as const, add_image_status: ADD_IMAGE_STATUS.IMAGES_ADDED }),
  }),

  rename: adminProcedure
    .meta(restMeta('PUT', '/v2/{annotation_type}/projects/{project_name}/imgsrc/rename', 'Rename an image file (the extension is kept)'))
    .input(renameImageInput)
    .output(renameImageOutput)
    .mutation(async ({ ctx, input }) =>
      toRenameOutput(await ctx.core.imageFiles.rename(input.annotation_type, input.project_name, input.uuid, input.new_fname)),
    ),

  remove: adminProcedure
    .meta(restMeta('DELETE', '/v2/{annotation_type}/projects/{project_name}/uuids', 'Move images into the deleted folder; answers the remaining uuids'))
    .input(deleteImagesInput)
    .output(deleteImagesOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.imageFiles.remove(input.annotation_type, input.project_name, input.uuid_list);
      return { message: 1 as const, uuid_list: [...(await ctx.core.imageFiles.uuids(input.annotation_type, input.project_name))] };
    }),

  // The workspace's delete: classifai's answers every uuid left, which the workspace reads
  // again page by page anyway (3.9 MB and a list rebuilt at 100,000 images, for nothing).
  delete: adminProcedure
    .input(deleteImagesInput.omit({ img_path_list: true }))
    .output(deletedImagesOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.imageFiles.remove(input.annotation_type, input.project_name, input.uuid_list);
      return { deleted: new Set(input.uuid_list).size };
    }),

  tiles: readProcedure
    .input(imagePathInput)
    .output(tileStatusOutput)
    .query(({ ctx, input }) => ctx.core.tiles.status(input.annotation_type, input.project_name, input.uuid)),

  page: readProcedure
    .input(imagePageInput)
    .output(imagePageOutput)
    .query(async ({ ctx, input }) =>
      toImagePageOutput(await ctx.core.images.page(input.annotation_type, input.project_name, toImageList(input), input.offset, input.limit)),
    ),

  locate: readProcedure
    .input(locateImageInput)
    .output(imagePositionOutput)
    .query(async ({ ctx, input }) => (await ctx.core.images.locate(input.annotation_type, input.project_name, toImageList(input), input.name)) ?? null),

  nextUnlabeled: readProcedure
    .input(nextUnlabeledInput)
    .output(imagePositionOutput)
    .query(
      async ({ ctx, input }) =>
        (await ctx.core.images.nextUnlabeled(input.annotation_type, input.project_name, toImageList(input), input.after_uuid === undefined ? input.after : { uuid: input.after_uuid })) ??
        null,
    ),

  uuidsInList: readProcedure
    .input(imageListInput)
    .output(imageListUuidsOutput)
    .query(async ({ ctx, input }) => ({ uuids: await ctx.core.images.uuidsInList(input.annotation_type, input.project_name, toImageList(input)) })),

  listed: readProcedure
    .input(listedImagesInput)
    .output(imagePageOutput)
    .query(async ({ ctx, input }) => toImagePageOutput(await ctx.core.images.listed(input.annotation_type, input.project_name, input.uuids))),
});
