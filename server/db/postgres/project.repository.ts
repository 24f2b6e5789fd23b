import type { ProjectRepository } from '@/server/core/repositories';
import type { AnnotationType, DatasetFields, Project } from '@/server/core/types';
import type { PostgresDatabase } from './database';

interface ProjectRow {
  id: string;
  name: string;
  type: AnnotationType;
  folder: string;
  is_new: boolean;
  is_starred: boolean;
  version_uuid: string;
  created_at: number;
  last_modified_at: number;
  labels: string[];
}

// The label names come with the row (panel order), so a list of projects is one statement.
const SELECT = `SELECT id, name, type, folder, is_new, is_starred, version_uuid, created_at, last_modified_at,
  ARRAY(SELECT l.name FROM labels AS l WHERE l.project_id = p.id ORDER BY l.position) AS labels
  FROM projects AS p`;

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  type: row.type,
  folder: row.folder,
  isNew: row.is_new,
  isStarred: row.is_starred,
  versionUuid: row.version_uuid,
  createdAt: row.created_at,
  lastModifiedAt: row.last_modified_at,
  labels: row.labels,
});

export function createProjectRepository(db: PostgresDatabase): ProjectRepository {
  const one = async (where: string, values: string[]) => {
    const row = (await db.query<ProjectRow>(`${SELECT} WHERE ${where}`, values)).rows[0];
    return row ? toProject(row) : undefined;
  };
  const update = async (text: string, values: Array<string | number | boolean | null>) => {
    await db.query(text, values);
  };
  return {
    insert: (p) =>
      update(
        `INSERT INTO projects (id, name, type, folder, is_new, is_starred, version_uuid, created_at, last_modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [p.id, p.name, p.type, p.folder, p.isNew, p.isStarred, p.versionUuid, p.createdAt, p.lastModifiedAt],
      ),
    findByName: (type, name) => one('p.type = $1 AND p.name = $2', [type, name]),
    findById: (id) => one('p.id = $1', [id]),
    // name is COLLATE "C": byte order, as SQLite's BINARY.
    listByType: async (type) => (await db.query<ProjectRow>(`${SELECT} WHERE p.type = $1 ORDER BY p.name`, [type])).rows.map(toProject),
    listAll: async () => (await db.query<ProjectRow>(`${SELECT} ORDER BY p.type, p.name`)).rows.map(toProject),
    setStarred: (id, starred) => update('UPDATE projects SET is_starred = $1 WHERE id = $2', [starred, id]),
    rename: (id, name) => update('UPDATE projects SET name = $1 WHERE id = $2', [name, id]),
    markOpened: (id) => update('UPDATE projects SET is_new = FALSE WHERE id = $1', [id]),
    touchModified: (id, at) => update('UPDATE projects SET last_modified_at = $1 WHERE id = $2', [at, id]),
    delete: (id) => deleteProject(db, id),
    datasetFields: async (id) => {
      const stored = (await db.query<{ dataset: string | null }>('SELECT dataset FROM projects WHERE id = $1', [id])).rows[0]?.dataset;
      return stored ? (JSON.parse(stored) as DatasetFields) : {};
    },
    setDatasetFields: (id, fields) => update('UPDATE projects SET dataset = $1 WHERE id = $2', [JSON.stringify(fields), id]),
    sessionState: async (id) => {
      const row = (await db.query<{ is_loaded: boolean; is_open: boolean }>('SELECT is_loaded, is_open FROM projects WHERE id = $1', [id])).rows[0];
      return { loaded: row?.is_loaded ?? false, open: row?.is_open ?? false };
    },
    setSessionState: (id, state) =>
      update('UPDATE projects SET is_loaded = coalesce($2, is_loaded), is_open = coalesce($3, is_open) WHERE id = $1', [id, state.loaded ?? null, state.open ?? null]),
    resetSessionStates: () => update('UPDATE projects SET is_loaded = FALSE, is_open = FALSE WHERE is_loaded OR is_open', []),
  };
}

const DEADLOCK = '40P01';

/**
 * Writers in a transaction lock the project's row before its images (PostgresDatabase.lockProject),
 * and so does the delete: it locks the row, then removes the images, then the row, so a save or a
 * thumbnail batch running meanwhile is waited for, not deadlocked with. A single statement
 * outside a transaction still locks an image before bumping the project: if one meets the
 * delete midway, PostgreSQL aborts one of the two, and the delete tries again.
 */
async function deleteProject(db: PostgresDatabase, id: string, attempts = 3): Promise<void> {
  try {
    await db.inTransaction(async () => {
      await db.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [id]);
      await db.query('DELETE FROM images WHERE project_id = $1', [id]);
      await db.query('DELETE FROM projects WHERE id = $1', [id]);
    });
  } catch (error) {
    if ((error as { code?: string }).code !== DEADLOCK || attempts <= 1) throw error;
    await deleteProject(db, id, attempts - 1);
  }
}
