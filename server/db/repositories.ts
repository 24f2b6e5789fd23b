import type { TeamworkRepository } from '@/server/core/teamwork/teamwork-repository';
import type { UserRepository } from '@/server/core/users/user-repository';
import { createTeamworkRepository } from './teamwork.repository';
import { createUserRepository } from './user.repository';
import type {
  AnnotationRepository,
  ImageCounts,
  ImageRepository,
  JobRepository,
  LabelRepository,
  ProjectRepository,
  Repositories,
  SplitRepository,
} from '@/server/core/repositories';
import { createAnnotationRepository } from './annotation.repository';
import type { LabelportDatabase } from './database';
import { createImageRepository } from './image.repository';
import { createJobRepository } from './job.repository';
import { createLabelRepository } from './label.repository';
import { cachingProjectReads } from './project-cache';
import { createProjectRepository } from './project.repository';
import { createSplitRepository } from './split.repository';
import type { Synchronous } from './synchronous';

export function createSqliteRepositories(db: LabelportDatabase): Repositories {
  const storedLabels = createLabelRepository(db.sqlite);
  const { forgetListPositions, ...images } = createImageRepository(db.sqlite);
  const annotations = createAnnotationRepository(db.sqlite);
  const { projects, labels, forget: forgetProjects } = cachingProjectReads(
    createProjectRepository(db.sqlite, (id) => storedLabels.list(id).map((label) => label.name)),
    storedLabels,
  );

  // Counting a project's images reads one index entry per image (several ms at 100,000), and
  // the workspace asks on every page; a classifai client re-reads the whole uuid list (3.9 MB
  // at 100,000) every 20 thumbnails. Both are kept per project until a write to that project's
  // images: every such write passes through the wrapped methods below, which drop the entry
  // before writing. A shape save changes what is labeled, not which images there are or their
  // order: it drops the counts only. These run behind the gate, like the statements, so an
  // entry is never filled from another caller's open transaction; one filled inside a
  // transaction or savepoint that then rolls back is dropped with it (onRollback below).
  const counts = new Map<string, ImageCounts>();
  const uuidLists = new Map<string, readonly string[]>();
  const touching = <A extends [string, ...unknown[]], R>(write: (...args: A) => R, keepsImageList = false) => (...args: A): R => {
    counts.delete(args[0]);
    if (!keepsImageList) {
      uuidLists.delete(args[0]);
      forgetListPositions(args[0]);
    }
    return write(...args);
  };

  // A recorded save stamps its project through the kept projects (project-cache.ts), not beside them.
  const stampingSave: Synchronous<AnnotationRepository>['save'] = (projectId, uuid, annotation, editedAt, guard, record) => {
    const version = annotations.save(projectId, uuid, annotation, editedAt, guard, record);
    if (version !== undefined && record) projects.touchModified(projectId, record.at);
    return version;
  };

  // Before any caller waiting at the gate reads them, not after.
  db.onRollback(() => {
    counts.clear();
    uuidLists.clear();
    forgetListPositions();
    forgetProjects();
  });
  const gated = <T extends object>(repository: Synchronous<T>): T => gateMethods(db, repository);
  return {
    projects: gated<ProjectRepository>({ ...projects, delete: touching(projects.delete) }),
    labels: gated<LabelRepository>(labels),
    images: gated<ImageRepository>({
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
    }),
    annotations: gated<AnnotationRepository>({ ...annotations, save: touching(stampingSave, true) }),
    jobs: gated<JobRepository>(createJobRepository(db.sqlite)),
    splits: gated<SplitRepository>(createSplitRepository(db.sqlite)),
    users: gated<UserRepository>(createUserRepository(db.sqlite)),
    teamwork: gated<TeamworkRepository>(createTeamworkRepository(db.sqlite)),
    inTransaction: (fn) => db.inTransaction(fn),
    lockProjects: async () => undefined,
  };
}

/** Each synchronous method becomes the async one the core calls, run behind the gate. */
function gateMethods<T extends object>(db: LabelportDatabase, repository: Synchronous<T>): T {
  const gatedRepository: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(repository) as Array<[string, (...args: unknown[]) => unknown]>) {
    gatedRepository[name] = (...args: unknown[]) => db.whenFree(() => method(...args));
  }
  // Same names, same arguments, each answer wrapped in a promise: the shape T asks for.
  return gatedRepository as T;
}
