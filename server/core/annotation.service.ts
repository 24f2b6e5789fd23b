import { carryDatasetFields } from './dataset-fields';
import { fromEditorShapes, toEditorShapes } from './editor-shapes';
import { notFound } from './errors';
import { createGroupCommit } from './group-commit';
import type { InteractiveActivity } from './interactive-activity';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import { EMPTY_PLACEMENT, type AnnotationType, type ImageAnnotation, type ImageRecord, type PixelEditorShape, type Project } from './types';

export interface EditorImage {
  image: ImageRecord;
  shapes: PixelEditorShape[];
}

export function createAnnotationService(deps: { repos: Repositories; projects: ProjectService; now: () => number; activity: InteractiveActivity }) {
  const { repos, projects, now, activity } = deps;

  const findImage = async (project: Project, uuid: string): Promise<ImageRecord> => {
    const image = await repos.images.find(project.id, uuid);
    if (!image) throw notFound(`Image not found in ${project.name}: ${uuid}`);
    return image;
  };

  // Projects whose shapes changed in the group being applied: stamped once per group.
  const modified = new Set<string>();
  const writes = createGroupCommit({
    inTransaction: repos.inTransaction,
    beforeCommit: async () => {
      const projectIds = [...modified];
      modified.clear();
      for (const projectId of projectIds) await repos.projects.touchModified(projectId, now());
    },
  });

  // Resolves once committed, so an answered save survives a crash. A state made before the
  // stored one (a late request, a replay from a closed tab) changes nothing and still succeeds.
  // Read in the same transaction, so the dataset fields carried over are the ones replaced.
  const save = (project: Project, uuid: string, annotation: ImageAnnotation, editedAt: number): Promise<void> =>
    activity.during(() =>
      writes.run(async () => {
        const kept = carryDatasetFields(annotation, await repos.annotations.get(project.id, uuid));
        if (await repos.annotations.save(project.id, uuid, kept, editedAt)) modified.add(project.id);
        // Nothing written: a newer state is stored (a success), or the image is gone (not found).
        else await findImage(project, uuid);
      }),
    );

  const withImages = async (project: Project, uuids: readonly string[]) => {
    const annotations = await repos.annotations.getMany(project.id, uuids);
    const found: Array<{ image: ImageRecord; annotation: ImageAnnotation }> = [];
    for (const uuid of uuids) {
      const image = await repos.images.find(project.id, uuid);
      if (image) found.push({ image, annotation: annotations.get(uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT } });
    }
    return found;
  };

  return {
    /** Replaces the image's shapes as a classifai client sent them (its canvas space). */
    async update(type: AnnotationType, name: string, uuid: string, annotation: ImageAnnotation): Promise<void> {
      await save(await projects.get(type, name), uuid, annotation, now());
    },

    /**
     * The workspace's save: pixel shapes, stored so classifai clients show them in place too.
     * editedAt is when the editor made this state: an older state than the stored one is
     * superseded and left out, which is still a success for the caller.
     */
    async saveEditorShapes(type: AnnotationType, name: string, uuid: string, shapes: readonly PixelEditorShape[], editedAt = now()): Promise<void> {
      const project = await projects.get(type, name);
      const image = await findImage(project, uuid);
      const colors = new Map((await repos.labels.list(project.id)).map((label) => [label.name, label.color]));
      // Never later than now: a browser clock running ahead must not make its state outrank
      // every update that follows (classifai clients' included) until that time comes.
      await save(project, uuid, fromEditorShapes(shapes, image, (label) => colors.get(label) ?? null), Math.min(editedAt, now()));
    },

    /** Applies the saves waiting for their group now: before the storage closes. */
    flushSaves: writes.flush,

    /** Images with their shapes, in the order asked; unknown uuids are left out. */
    async withImages(type: AnnotationType, name: string, uuids: readonly string[]): Promise<Array<{ image: ImageRecord; annotation: ImageAnnotation }>> {
      return withImages(await projects.get(type, name), uuids);
    },

    /** The workspace's read: like withImages, with the shapes in image pixels. */
    async editorImages(type: AnnotationType, name: string, uuids: readonly string[]): Promise<EditorImage[]> {
      return (await withImages(await projects.get(type, name), uuids)).map(({ image, annotation }) => ({ image, shapes: toEditorShapes(annotation, image) }));
    },
  };
}

export type AnnotationService = ReturnType<typeof createAnnotationService>;
