import type { ImageCounts, Repositories } from '@/server/core/repositories';
import { createAnnotationRepository } from './annotation.repository';
import type { LabelportDatabase } from './database';
import { createImageRepository } from './image.repository';
import { createJobRepository } from './job.repository';
import { createLabelRepository } from './label.repository';
import { createProjectRepository } from './project.repository';

export function createSqliteRepositories(db: LabelportDatabase): Repositories {
  const labels = createLabelRepository(db.sqlite);
  const images = createImageRepository(db.sqlite);
  const annotations = createAnnotationRepository(db.sqlite);
  const projects = createProjectRepository(db.sqlite, (id) => labels.list(id).map((label) => label.name));

  // Counting a project's images reads one index entry per image (several ms at 100,000), and
  // the workspace asks on every page. Counts are kept until a write to that project's images:
  // every such write passes through the wrapped methods below (dropped even if it rolls back).
  const counts = new Map<string, ImageCounts>();
  const touching = <A extends [string, ...unknown[]], R>(write: (...args: A) => R) => (...args: A): R => {
    counts.delete(args[0]);
    return write(...args);
  };

  return {
    projects: { ...projects, delete: touching(projects.delete) },
    labels,
    images: {
      ...images,
      counts: (projectId) => {
        let found = counts.get(projectId);
        if (!found) counts.set(projectId, (found = images.counts(projectId)));
        return { ...found };
      },
      insertMany: touching(images.insertMany),
      setPresent: touching(images.setPresent),
      delete: touching(images.delete),
    },
    annotations: { ...annotations, save: touching(annotations.save) },
    jobs: createJobRepository(db.sqlite),
    inTransaction: db.inTransaction,
  };
}
