import type { ImageCounts, Repositories } from '@/server/core/repositories';
import { createAnnotationRepository } from './annotation.repository';
import type { PostgresDatabase } from './database';
import { createImageRepository } from './image.repository';
import { createJobRepository } from './job.repository';
import { createLabelRepository } from './label.repository';
import { createProjectRepository } from './project.repository';
import { createSplitRepository } from './split.repository';
import { createTeamworkRepository } from './teamwork.repository';
import { createUserRepository } from './user.repository';

interface Versions {
  images_version: number;
  annotations_version: number;
}

/**
 * Counting a project's images reads one index entry per image, and a classifai client re-reads
 * the whole uuid list (3.9 MB at 100,000 images) every 20 thumbnails: both are cached per
 * project, as the SQLite store does. SQLite drops an entry when its own process writes; here
 * another process on the same database may write, and no message reaches this one. So every
 * write that changes a project's image list bumps projects.images_version, and every shape save
 * that lands bumps annotations_version, in the same statement or transaction as the write
 * (image.repository.ts, annotation.repository.ts). A cached read first reads the versions (one
 * row by primary key, far cheaper than the count or the list) and uses the entry only when they
 * are the ones it was made under; a miss reads versions and data in one statement, so one
 * snapshot. Versions come from one sequence and never repeat, so an entry made inside a
 * transaction that rolled back (under a version nobody commits) is never used again.
 * LISTEN/NOTIFY was the other way: it loses messages while a connection is down, and a stale
 * answer then lasts; a version read cannot be missed.
 */
export function createPostgresRepositories(db: PostgresDatabase): Repositories {
  const images = createImageRepository(db);
  const annotations = createAnnotationRepository(db);
  const splits = createSplitRepository(db);
  // Writes to a project's images lock its row first (PostgresDatabase.lockProject): one lock order
  // in every transaction, so concurrent ones wait instead of deadlocking.
  const projectFirst =
    <A extends [string, ...unknown[]], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await db.lockProject(args[0]);
      return write(...args);
    };
  const counts = new Map<string, Versions & { counts: ImageCounts }>();
  const uuidLists = new Map<string, Pick<Versions, 'images_version'> & { uuids: readonly string[] }>();

  const versionsOf = async (projectId: string) =>
    (await db.query<Versions>('SELECT images_version, annotations_version FROM projects WHERE id = $1', [projectId])).rows[0];

  return {
    projects: createProjectRepository(db),
    labels: createLabelRepository(db),
    images: {
      ...images,
      insertMany: projectFirst(images.insertMany),
      setPresent: projectFirst(images.setPresent),
      updateFileFacts: projectFirst(images.updateFileFacts),
      rename: projectFirst(images.rename),
      delete: projectFirst(images.delete),
      counts: async (projectId) => {
        const cached = counts.get(projectId);
        const now = cached && (await versionsOf(projectId));
        if (cached && now && now.images_version === cached.images_version && now.annotations_version === cached.annotations_version) return { ...cached.counts };
        const [row] = (
          await db.query<Versions & ImageCounts>(
            `SELECT images_version, annotations_version,
               (SELECT count(*) FROM images WHERE project_id = $1 AND present) AS total,
               (SELECT count(*) FROM images WHERE project_id = $1 AND present AND shape_count > 0) AS labeled
             FROM projects WHERE id = $1`,
            [projectId],
          )
        ).rows;
        if (!row) {
          counts.delete(projectId);
          return { total: 0, labeled: 0 };
        }
        const { images_version, annotations_version, total, labeled } = row;
        counts.set(projectId, { images_version, annotations_version, counts: { total, labeled } });
        return { total, labeled };
      },
      listUuids: async (projectId) => {
        const cached = uuidLists.get(projectId);
        const now = cached && (await versionsOf(projectId));
        if (cached && now && now.images_version === cached.images_version) return cached.uuids;
        const [row] = (
          await db.query<{ images_version: number; uuids: string[] }>(
            `SELECT images_version, ARRAY(SELECT uuid FROM images WHERE project_id = $1 AND present ORDER BY rel_path) AS uuids
             FROM projects WHERE id = $1`,
            [projectId],
          )
        ).rows;
        if (!row) {
          uuidLists.delete(projectId);
          return [];
        }
        // Shared with every caller until the next change: frozen so none can alter it.
        const uuids = Object.freeze(row.uuids);
        uuidLists.set(projectId, { images_version: row.images_version, uuids });
        return uuids;
      },
    },
    // A read inside a transaction takes the lock too: a save reads the image's dataset fields to
    // carry them over, and under the project's lock no other process can change them before the
    // write (READ COMMITTED would let an import commit in between).
    annotations: { ...annotations, get: projectFirst(annotations.get), save: projectFirst(annotations.save) },
    jobs: createJobRepository(db),
    splits: { ...splits, setSide: projectFirst(splits.setSide) },
    users: createUserRepository(db),
    teamwork: createTeamworkRepository(db),
    inTransaction: (fn) => db.inTransaction(fn),
    lockProjects: async (projectIds) => {
      for (const projectId of [...projectIds].sort()) await db.lockProject(projectId);
    },
  };
}
