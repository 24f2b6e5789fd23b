import type { UploadedImage, RenameOutcome } from '@/server/core/image-files.service';
import type { ImagePage, ThumbnailView } from '@/server/core/image.service';
import { invalidInput } from '@/server/core/errors';
import type { ImageList } from '@/server/core/repositories';
import type { ThumbnailOutput } from '../schemas/annotation.schema';
import { RENAME_CODES, type AddImagesInput, type ImageListInput, type ImagePageOutput, type RenameImageOutput } from '../schemas/image.schema';
import { toShapeField } from './annotation.mapper';

/** classifai's thumbnail record: img_path absolute (the client builds rename/delete paths from it). */
export function toThumbnailOutput(view: ThumbnailView): ThumbnailOutput {
  const { project, image, annotation } = view;
  return {
    message: 1,
    uuid: image.uuid,
    project_name: project.name,
    img_path: view.absPath,
    ...toShapeField(project.type, annotation.shapes),
    img_depth: image.depth,
    img_x: annotation.placement.x,
    img_y: annotation.placement.y,
    img_w: annotation.placement.w,
    img_h: annotation.placement.h,
    file_size: image.fileSize,
    img_ori_w: image.width,
    img_ori_h: image.height,
    img_thumbnail: `data:image/png;base64,${view.thumbnailPng.toString('base64')}`,
  };
}

/** classifai sends names and data URLs as two parallel lists; both absent means "pick a folder". */
export function toUploads(input: AddImagesInput): UploadedImage[] {
  const names = input.img_name_list ?? [];
  const dataUrls = input.img_base64_list ?? [];
  if (names.length !== dataUrls.length) throw invalidInput('img_name_list and img_base64_list must have the same length');
  return names.map((name, index) => ({ name, dataUrl: dataUrls[index] ?? '' }));
}

/** A refused rename is an answer with message 0 and classifai's code, not an error. */
export function toRenameOutput(outcome: RenameOutcome): RenameImageOutput {
  if (outcome.ok) return { message: 1, error_code: RENAME_CODES.success, error_message: 'RENAME_SUCCESS', img_path: outcome.absPath };
  return { message: 0, error_code: RENAME_CODES[outcome.reason], error_message: outcome.message, img_path: null };
}

/** Names the file as it is now in its pictures' URLs: it changes when the file does. */
export const fileVersionOf = (file: { fileSize: number; mtimeMs: number }) => `${file.fileSize}-${file.mtimeMs}`;

export function toImagePageOutput(page: ImagePage): ImagePageOutput {
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
      file_version: fileVersionOf(image),
      ...(image.split ? { split: image.split } : {}),
    })),
  };
}

/** The strip's list as the workspace names it; an absent label means every label. */
export function toImageList(input: ImageListInput): ImageList {
  return {
    filter: input.filter,
    ...(input.label === undefined ? {} : { label: input.label }),
    ...(input.assignee === undefined ? {} : { assignee: input.assignee }),
  };
}
