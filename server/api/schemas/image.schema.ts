import { z } from 'zod';
import { SPLIT_NAMES } from '@/server/core/types';
import { failureFields, projectPathInput } from './common.schema';

export const addImagesInput = projectPathInput.extend({
  img_name_list: z.array(z.string().max(1024)).max(10_000).optional(),
  img_base64_list: z.array(z.string()).max(10_000).optional(),
});
export type AddImagesInput = z.infer<typeof addImagesInput>;

/** classifai's ImageAndFolderToProjectStatus, plus 2 while a copy still runs (clients poll until 0 or 1). */
export const ADD_IMAGE_STATUS = { IMAGES_ADDED: 0, OPERATION_FAILED: 1, ADDING_IMAGES: 2 } as const;

export const addStatusOutput = z.object({
  message: z.union([z.literal(0), z.literal(1)]),
  ...failureFields,
  add_image_status: z.number().int(),
  add_image_message: z.enum(['IMAGES_ADDED', 'OPERATION_FAILED', 'ADDING_IMAGES']).optional(),
  progress: z.tuple([z.number().int(), z.number().int()]).optional(),
  added_image_list: z.array(z.string()).optional(),
});

export const renameImageInput = projectPathInput.extend({
  uuid: z.string().max(256),
  new_fname: z.string().max(1024),
});

// The workspace words a delete and a refused rename with the rules the server applies.
export { DELETED_FOLDER_NAME, ILLEGAL_RENAME_CHARACTERS } from '@/server/core/image-file-rules';

/** classifai's RenameDataErrorCode: 0 failed, 1 name exists, 2 illegal character, 3 success. */
export const RENAME_CODES = { failed: 0, exists: 1, illegal_character: 2, success: 3 } as const;

export const renameImageOutput = z.object({
  message: z.union([z.literal(0), z.literal(1)]),
  error_code: z.number().int(),
  error_message: z.string(),
  img_path: z.string().nullable(),
});
export type RenameImageOutput = z.infer<typeof renameImageOutput>;

export const deleteImagesInput = projectPathInput.extend({
  uuid_list: z.array(z.string().max(256)).max(10_000),
  img_path_list: z.array(z.string().max(4096)).max(10_000).optional(),
});

export const deleteImagesOutput = z.object({ message: z.literal(1), uuid_list: z.array(z.string()) });

/** The workspace's delete (tRPC only): how many images went. */
export const deletedImagesOutput = z.object({ deleted: z.number().int() });

// Workspace procedures (tRPC only): pages of the image list and batched annotations.
/** The strip's list: a filter, narrowed to the images with a shape of `label` when given. */
export const imageListInput = projectPathInput.extend({
  filter: z.enum(['all', 'labeled', 'unlabeled']).default('all'),
  label: z.string().min(1).max(1024).optional(),
  /** Only images assigned to this annotator ("assigned to me"); the label is then ignored. */
  assignee: z.string().min(1).max(64).optional(),
});

export type ImageListInput = z.infer<typeof imageListInput>;

export const imagePageInput = imageListInput.extend({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});

export const imagePageOutput = z.object({
  total: z.number().int(),
  labeled: z.number().int(),
  filtered_total: z.number().int(),
  items: z.array(
    z.object({
      uuid: z.string(),
      img_path: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      shape_count: z.number().int(),
      /** Changes when the file does (its size and mtime): the workspace puts it in the image's URLs. */
      file_version: z.string(),
      /** The image's side of the split; absent: none. */
      split: z.enum(SPLIT_NAMES).optional(),
    }),
  ),
});
export type ImagePageOutput = z.infer<typeof imagePageOutput>;

/** `name`: a relative path, a file name or part of one, checked by the core. */
export const locateImageInput = imageListInput.extend({ name: z.string().max(4096) });

/**
 * `after`: a 0-based position in the list (-1 searches from the start), or `after_uuid`: an
 * image, whose place in the order counts even when it has left the list (a list kept as it was
 * when opened); given, it wins.
 */
export const nextUnlabeledInput = imageListInput.extend({ after: z.number().int().min(-1).default(-1), after_uuid: z.string().max(256).optional() });

/** The list's uuids in its order, for a list kept as it was when opened. */
export const imageListUuidsOutput = z.object({ uuids: z.array(z.string()) });

/** A page of a kept list: these images, in this order (as many as a GET's address holds). */
export const listedImagesInput = projectPathInput.extend({ uuids: z.array(z.string().max(256)).max(100) });

/** An image's 0-based position in the list, or null when none matches. */
export const imagePositionOutput = z.object({ index: z.number().int(), uuid: z.string() }).nullable();

export const annotationsBatchInput = projectPathInput.extend({ uuids: z.array(z.string().max(256)).max(500) });


/** A huge image's tile pyramid, for the editor: cut in the background on first ask. */
export const tileStatusOutput = z.object({
  state: z.enum(['cutting', 'ready', 'failed']),
  width: z.number().int(),
  height: z.number().int(),
  tileSize: z.number().int(),
  topLevel: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  message: z.string(),
});
