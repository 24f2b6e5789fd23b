import type { ImageCounts, Repositories } from '@/server/core/repositories';
import { createAnnotationRepository } from './annotation.repository';
import type { LabelportDatabase } from './database';
import { createImageRepository } from './image.repository';
import { createJobRepository } from './job.repository';
import { createLabelRepository } from './label.repository';
import { createProjectRepository } from './project.repository';
import { createSplitRepository } from './split.repository';

export function createSqliteRepositories(db: LabelportDatabase): Repositories {
  const labels = createLabelRepository(db.sqlite);
  const images = createImageRepository(db.sqlite);
  const annotations = createAnnotationRepository(db.sqlite);
  const projects = createProjectRepository(db.sqlite, (id) => labels.list(id).map((label) => label.name));

  // Counting a project's images reads one index entry per image (several ms at 100,000), and
  // the workspace asks on every page; a classifai client re-reads the whole uuid list (3.9 MB
  // at 100,000) every 20 thumbnails. Both are kept per project until a write to that project's
  // images: every such write passes through the wrapped methods below, which drop the entry
  // before writing (so also when the write rolls back). A shape save changes what is labeled,
  // not which images there are or their order: it drops the counts only.
  const counts = new Map<string, ImageCounts>();
  const uuidLists = new Map<string, readonly string[]>();
  const touching = <A extends [string, ...unknown[]], R>(write: (...args: A) => R, keepsImageList = false) => (...args: A): R => {
    counts.delete(args[0]);
    if (!keepsImageList) uuidLists.delete(args[0]);
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
      listUuids: (projectId) => {
        let found = uuidLists.get(projectId);
        if (!found) uuidLists.set(projectId, (found = Object.freeze(images.listUuids(projectId))));
        return found;
      },
      insertMany: touching(images.insertMany),
      setPresent: touching(images.setPresent),
      // The list is in path order: a rename can move the image in it.
      rename: touching(images.rename),
      delete: touching(images.delete),
    },
    annotations: { ...annotations, save: touching(annotations.save, true) },
    jobs: createJobRepository(db.sqlite),
    splits: createSplitRepository(db.sqlite),
    inTransaction: db.inTransaction,
  };
}
