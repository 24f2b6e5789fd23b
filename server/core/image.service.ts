// Reading images: the annotation record with its thumbnail, the original bytes, and pages of
// the image list for the workspace. The file on disk is only ever read here.
import fsp from 'node:fs/promises';
import { resolveExistingInside } from '@/server/files/project-folder';
import type { ThumbnailCache } from '@/server/files/thumbnail-cache';
import { makeThumbnailPng, mimeTypeOf, probeImageFile } from '@/server/media/image-media';
import { invalidState, notFound } from './errors';
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

export function createImageService(deps: { repos: Repositories; projects: ProjectService; thumbnails: ThumbnailCache }) {
  const { repos, projects, thumbnails } = deps;

  const find = (project: Project, uuid: string): ImageRecord => {
    const image = repos.images.find(project.id, uuid);
    if (!image) throw notFound(`Image not found in ${project.name}: ${uuid}`);
    return image;
  };

  /** The image as it is on disk now: a changed file is identified again (its size may differ). */
  const current = async (project: Project, image: ImageRecord): Promise<{ image: ImageRecord; absPath: string }> => {
    const absPath = await resolveExistingInside(project.folder, image.relPath);
    if (!absPath) throw invalidState(`The file of image ${image.uuid} is missing or outside the project folder`);
    const stat = await fsp.stat(absPath);
    const mtimeMs = Math.trunc(stat.mtimeMs);
    if (stat.size === image.fileSize && mtimeMs === image.mtimeMs) return { image, absPath };
    const probe = await probeImageFile(absPath);
    if (!probe) throw invalidState(`The file of image ${image.uuid} is no longer a readable image`);
    const facts = { format: probe.format, width: probe.width, height: probe.height, depth: probe.depth, fileSize: stat.size, mtimeMs };
    repos.inTransaction(() => repos.images.updateFileFacts(project.id, image.uuid, facts));
    return { image: { ...image, ...facts }, absPath };
  };

  const view = async (type: AnnotationType, name: string, uuid: string): Promise<ImageView> => {
    const project = projects.get(type, name);
    const found = await current(project, find(project, uuid));
    const annotation = repos.annotations.get(project.id, uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT };
    return { project, ...found, annotation };
  };

  return {
    view,

    async thumbnail(type: AnnotationType, name: string, uuid: string): Promise<ThumbnailView> {
      const found = await view(type, name, uuid);
      const key = { projectId: found.project.id, uuid, fileSize: found.image.fileSize, mtimeMs: found.image.mtimeMs };
      const cached = await thumbnails.get(key);
      if (cached) return { ...found, thumbnailPng: cached };
      // The row holds the probe's facts (checked against size and mtime by view()): no second
      // header read. Orientation is not stored; sharp applies the file's EXIF itself.
      const { format, width, height, depth } = found.image;
      let png: Buffer;
      try {
        png = await makeThumbnailPng(found.absPath, { format, width, height, depth, orientation: 1 });
      } catch (error) {
        throw invalidState(`Image ${uuid} cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);
      }
      await thumbnails.put(key, png);
      return { ...found, thumbnailPng: png };
    },

    /** The original bytes, not decoded or re-encoded. */
    async source(type: AnnotationType, name: string, uuid: string): Promise<ImageSource> {
      const project = projects.get(type, name);
      const { image, absPath } = await current(project, find(project, uuid));
      return { mimeType: mimeTypeOf(image.format), bytes: await fsp.readFile(absPath) };
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
