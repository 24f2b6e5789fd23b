import { notFound } from './errors';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import type { AnnotationType, ImageAnnotation } from './types';

export function createAnnotationService(deps: { repos: Repositories; projects: ProjectService; now: () => number }) {
  const { repos, projects, now } = deps;
  return {
    /** Replaces the image's shapes; committed before it returns, so an answered save survives a crash. */
    update(type: AnnotationType, name: string, uuid: string, annotation: ImageAnnotation): void {
      const project = projects.get(type, name);
      if (!repos.images.find(project.id, uuid)) throw notFound(`Image not found in ${name}: ${uuid}`);
      repos.inTransaction(() => {
        repos.annotations.save(project.id, uuid, annotation);
        repos.projects.touchModified(project.id, now());
      });
    },

    getMany(type: AnnotationType, name: string, uuids: readonly string[]): Map<string, ImageAnnotation> {
      return repos.annotations.getMany(projects.get(type, name).id, uuids);
    },
  };
}

export type AnnotationService = ReturnType<typeof createAnnotationService>;
