// Reading images: the annotation record with its thumbnail, the original bytes, and pages of
// the image list for the workspace. The file on disk is only ever read here.
import fsp from 'node:fs/promises';
import { mimeTypeOf } from '@/server/media/image-media';
import { imageNotFound, invalidInput } from './errors';
import type { ImageThumbnails } from './image-thumbnails';
import type { InteractiveActivity } from './interactive-activity';
import type { ProjectService } from './project.service';
import type { ImageCounts, ImageList, ImagePosition, ListedImage, Repositories } from './repositories';
import { type AnnotationType, type ImageAnnotation, type ImageRecord, type Project } from './types';

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
  items: ListedImage[];
  counts: ImageCounts;
  filteredTotal: number;
}

/** Typed into "Go to…": a name or part of one inside the project folder, never a way out of it. */
function checkedImageName(text: string): string {
  const wanted = text.trim().replaceAll('\\', '/');
  if (wanted === '') throw invalidInput('Type an image number or a file name to go to');
  if (/[\u0000-\u001f]/.test(wanted) || wanted.startsWith('/') || /^[a-z]:/i.test(wanted) || wanted.split('/').includes('..')) {
    throw invalidInput(`Not an image name inside the project: ${wanted.slice(0, 200)}`);
  }
  return wanted;
}

export function createImageService(deps: { repos: Repositories; projects: ProjectService; thumbnails: ImageThumbnails; activity: InteractiveActivity }) {
  const { repos, projects, thumbnails, activity } = deps;
  const { current } = thumbnails;

  const find = async (project: Project, uuid: string): Promise<ImageRecord> => {
    const image = await repos.images.find(project.id, uuid);
    if (!image) throw imageNotFound(project.name, uuid);
    return image;
  };

  const filteredTotal = async (projectId: string, list: ImageList, counts: ImageCounts): Promise<number> => {
    // The counts are cached per project; only a label's or an annotator's list needs its own count.
    if (list.label !== undefined || list.assignee !== undefined) return repos.images.listCount(projectId, list);
    if (list.filter === 'all') return counts.total;
    return list.filter === 'labeled' ? counts.labeled : counts.total - counts.labeled;
  };

  const view = async (type: AnnotationType, name: string, uuid: string): Promise<ImageView> => {
    const project = await projects.get(type, name);
    const found = await repos.images.findWithAnnotation(project.id, uuid);
    if (!found) throw imageNotFound(project.name, uuid);
    return { project, ...(await current(project, found.image)), annotation: found.annotation };
  };

  return {
    view,

    thumbnail(type: AnnotationType, name: string, uuid: string): Promise<ThumbnailView> {
      return activity.during(async () => {
        const found = await view(type, name, uuid);
        return { ...found, thumbnailPng: await thumbnails.thumbnailOf(found.project, found, { forRequest: true }) };
      });
    },

    /**
     * The thumbnail of the project's first image, made while the workspace page's script still
     * loads (half a second here): what a first open shows first. A huge image's preview comes
     * with it, its thumbnail being cut from that. Not the whole pre-generation: started this
     * early it slowed the page's own loading (first picture of a 1,000-photo project 760-875 ms
     * -> 890-990 ms).
     */
    async warmFirstThumbnail(type: AnnotationType, name: string): Promise<void> {
      const project = await projects.get(type, name);
      const [first] = await repos.images.naturalPage(project.id, 'all', 0, 1);
      if (first) await thumbnails.thumbnailOf(project, await current(project, first));
    },

    /** The original bytes, not decoded or re-encoded. */
    source(type: AnnotationType, name: string, uuid: string): Promise<ImageSource> {
      return activity.during(async () => {
        const project = await projects.get(type, name);
        const { image, absPath } = await current(project, await find(project, uuid));
        return { mimeType: mimeTypeOf(image.format), bytes: await fsp.readFile(absPath) };
      });
    },

    /** A page of the workspace's list, in the natural order a person browses a folder in. */
    async page(type: AnnotationType, name: string, list: ImageList, offset: number, limit: number): Promise<ImagePage> {
      const project = await projects.get(type, name);
      const counts = await repos.images.counts(project.id);
      // Shape counts come with the rows: the page reads no shapes.
      const items = await repos.images.listPage(project.id, list, offset, limit);
      // The strip pages while the person scrolls or switches: the thumbnail pre-generation
      // steps aside for it as for image bytes (it took a fifth of the CPU during paging).
      activity.served();
      const total = await filteredTotal(project.id, list, counts);
      return {
        items,
        counts,
        filteredTotal: total,
      };
    },

    /**
     * Where the list holds the image a person typed: its exact relative path, else its file
     * name in any case, else the first path containing the text in any case.
     */
    async locate(type: AnnotationType, name: string, list: ImageList, text: string): Promise<ImagePosition | undefined> {
      const project = await projects.get(type, name);
      const wanted = checkedImageName(text);
      return (
        (await repos.images.locate(project.id, list, wanted, 'path')) ??
        (await repos.images.locate(project.id, list, wanted, 'file_name')) ??
        (await repos.images.locate(project.id, list, wanted, 'contains'))
      );
    },

    /**
     * The list as it is now, as uuids in its order: the workspace keeps a filtered list as it was
     * when opened (labelling an image in "To do" must not shift the rest), and reads its pages
     * with listed().
     */
    async uuidsInList(type: AnnotationType, name: string, list: ImageList): Promise<string[]> {
      const project = await projects.get(type, name);
      return repos.images.uuidsInList(project.id, list);
    },

    /** These images as a page of the list shows them, in the order given; those gone are left out. */
    async listed(type: AnnotationType, name: string, uuids: readonly string[]): Promise<ImagePage> {
      const project = await projects.get(type, name);
      const counts = await repos.images.counts(project.id);
      const items = await repos.images.listedByUuids(project.id, uuids);
      activity.served();
      return { items, counts, filteredTotal: items.length };
    },

    /**
     * The next image without shapes after `after` (a position in the list, or an image, as a
     * list kept from before holds it), wrapping to the start of the list.
     */
    async nextUnlabeled(type: AnnotationType, name: string, list: ImageList, after: number | { uuid: string }): Promise<ImagePosition | undefined> {
      const project = await projects.get(type, name);
      return (await repos.images.nextUnlabeled(project.id, list, after)) ?? repos.images.nextUnlabeled(project.id, list, -1);
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
