import { notFound } from './errors';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import { EMPTY_PLACEMENT, type AnnotationType, type ImageAnnotation, type ImageRecord } from './types';

export function createAnnotationService(deps: { repos: Repositories; projects: ProjectService; now: () => number }) {
  const { repos, projects, now } = deps;
  return {
    /**
     * Replaces the image's shapes; committed before it returns, so an answered save survives a
     * crash. editedAt is when the state was made (now for classifai clients): a state older
     * than the stored one is superseded and left out, which is still a success for the caller.
     */
    update(type: AnnotationType, name: string, uuid: string, annotation: ImageAnnotation, editedAt = now()): void {
      const project = projects.get(type, name);
      if (!repos.images.find(project.id, uuid)) throw notFound(`Image not found in ${name}: ${uuid}`);
      repos.inTransaction(() => {
        if (repos.annotations.save(project.id, uuid, annotation, editedAt)) repos.projects.touchModified(project.id, now());
      });
    },

    /** Images with their shapes, in the order asked; unknown uuids are left out. */
    withImages(type: AnnotationType, name: string, uuids: readonly string[]): Array<{ image: ImageRecord; annotation: ImageAnnotation }> {
      const project = projects.get(type, name);
      const annotations = repos.annotations.getMany(project.id, uuids);
      return uuids.flatMap((uuid) => {
        const image = repos.images.find(project.id, uuid);
        return image ? [{ image, annotation: annotations.get(uuid) ?? { shapes: [], placement: EMPTY_PLACEMENT } }] : [];
      });
    },

    labelColors(type: AnnotationType, name: string): Map<string, string> {
      return new Map(repos.labels.list(projects.get(type, name).id).map((label) => [label.name, label.color]));
    },
  };
}

export type AnnotationService = ReturnType<typeof createAnnotationService>;
