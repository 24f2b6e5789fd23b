import type { ThumbnailView } from '@/server/core/image.service';
import type { ThumbnailOutput } from '../schemas/annotation.schema';
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
