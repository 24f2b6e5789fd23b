import type { Repositories } from '@/server/core/repositories';
import { createAnnotationRepository } from './annotation.repository';
import type { LabelportDatabase } from './database';
import { createImageRepository } from './image.repository';
import { createJobRepository } from './job.repository';
import { createLabelRepository } from './label.repository';
import { createProjectRepository } from './project.repository';

export function createSqliteRepositories(db: LabelportDatabase): Repositories {
  const labels = createLabelRepository(db.sqlite);
  return {
    projects: createProjectRepository(db.sqlite, (id) => labels.list(id).map((label) => label.name)),
    labels,
    images: createImageRepository(db.sqlite),
    annotations: createAnnotationRepository(db.sqlite),
    jobs: createJobRepository(db.sqlite),
    inTransaction: db.inTransaction,
  };
}
