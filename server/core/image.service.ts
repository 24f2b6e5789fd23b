// Reading images: the annotation record with its thumbnail, the original bytes, and pages of
// the image list for the workspace. The file on disk is only ever read here.
import fsp from 'node:fs/promises';
import { mimeTypeOf } from '@/server/media/image-media';
import { notFound } from './errors';
import type { ImageThumbnails } from './image-thumbnails';
import type { InteractiveActivity } from './interactive-activity';
import type { ProjectService } from './project.service';
import type { ImageCounts, ImageFilter, Repositories } from './repositories';
import { EMPTY_PLACEMENT, type AnnotationType, type ImageAnnotation, type ImageRecord, type Project } from './types';

export interface ImageView {
  project: Project;
  image: ImageRecord;
  absPath: string;
  annotation: ImageAnnotation;
}

export interface ThumbnailView extends ImageView {
  thumbnailPng: Buffer;
}

export interface ImageSource {
  mimeType: string;
  bytes: Buffer;
}

export interface ImagePage {
  items: Array<{ image: ImageRecord; shapeCount: number }>;
  counts: ImageCounts;
  filteredTotal: number;
}

export function createImageService(deps: { repos: Repositories; projects: ProjectService; thumbnails: ImageThumbnails; activity: InteractiveActivity }) {
  const { repos, projects, thumbnails, activity } = deps;
  const { current } = thumbnails;

  const find = (project: Project, uuid: string): ImageRecord => {
    const image = repos.images.find(project.id, uuid);
    if (!image) throw notFound(`Image not found in ${project.name}: ${uuid}`);
    return image;
  };

  const view = async (type: AnnotationType, name: string, uuid: string): Promise<ImageView> => {
    const project = projects.get(type, name);
    const found = await current(project, find(project, uuid));
    const annotation = repos.annotations.get(project.id, uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT };
    return { project, ...found, annotation };
  };

  return {
    view,

    thumbnail(type: AnnotationType, name: string, uuid: string): Promise<ThumbnailView> {
      return activity.during(async () => {
        const found = await view(type, name, uuid);
        return { ...found, thumbnailPng: await thumbnails.thumbnailOf(found.project, found) };
      });
    },

    /** The original bytes, not decoded or re-encoded. */
    source(type: AnnotationType, name: string, uuid: string): Promise<ImageSource> {
      return activity.during(async () => {
        const project = projects.get(type, name);
        const { image, absPath } = await current(project, find(project, uuid));
        return { mimeType: mimeTypeOf(image.format), bytes: await fsp.readFile(absPath) };
      });
    },

    /** A page of the workspace's list, in the natural order a person browses a folder in. */
    page(type: AnnotationType, name: string, filter: ImageFilter, offset: number, limit: number): ImagePage {
      const project = projects.get(type, name);
      const counts = repos.images.counts(project.id);
      const images = repos.images.naturalPage(project.id, filter, offset, limit);
      const annotations = repos.annotations.getMany(project.id, images.map((image) => image.uuid));
      const filteredTotal = filter === 'all' ? counts.total : filter === 'labeled' ? counts.labeled : counts.total - counts.labeled;
      return {
        items: images.map((image) => ({ image, shapeCount: annotations.get(image.uuid)?.shapes.length ?? 0 })),
        counts,
        filteredTotal,
      };
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
