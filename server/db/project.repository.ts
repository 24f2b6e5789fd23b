import type { ProjectRepository } from '@/server/core/repositories';
import type { AnnotationType, DatasetFields, Project } from '@/server/core/types';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';

interface ProjectRow {
  id: string;
  name: string;
  type: AnnotationType;
  folder: string;
  is_new: number;
  is_starred: number;
  version_uuid: string;
  created_at: number;
  last_modified_at: number;
}

export function createProjectRepository(
  sqlite: SqliteDatabase,
  labelsOf: (projectId: string) => string[],
): Synchronous<ProjectRepository> {
  const insert = sqlite.prepare(
    `INSERT INTO projects (id, name, type, folder, is_new, is_starred, version_uuid, created_at, last_modified_at)
     VALUES (@id, @name, @type, @folder, @is_new, @is_starred, @version_uuid, @created_at, @last_modified_at)`,
  );
  const byName = sqlite.prepare<[AnnotationType, string], ProjectRow>('SELECT * FROM projects WHERE type = ? AND name = ?');
  const byId = sqlite.prepare<[string], ProjectRow>('SELECT * FROM projects WHERE id = ?');
  const byType = sqlite.prepare<[AnnotationType], ProjectRow>('SELECT * FROM projects WHERE type = ? ORDER BY name COLLATE BINARY');
  const all = sqlite.prepare<[], ProjectRow>('SELECT * FROM projects ORDER BY type, name COLLATE BINARY');
  const setStarred = sqlite.prepare('UPDATE projects SET is_starred = ? WHERE id = ?');
  const rename = sqlite.prepare('UPDATE projects SET name = ? WHERE id = ?');
  const markOpened = sqlite.prepare('UPDATE projects SET is_new = 0 WHERE id = ?');
  const touch = sqlite.prepare('UPDATE projects SET last_modified_at = ? WHERE id = ?');
  const remove = sqlite.prepare('DELETE FROM projects WHERE id = ?');
  const datasetOf = sqlite.prepare<[string], { dataset: string | null }>('SELECT dataset FROM projects WHERE id = ?');
  const setDataset = sqlite.prepare('UPDATE projects SET dataset = ? WHERE id = ?');
  const sessionOf = sqlite.prepare<[string], { is_loaded: number; is_open: number }>('SELECT is_loaded, is_open FROM projects WHERE id = ?');
  const setSession = sqlite.prepare(
    'UPDATE projects SET is_loaded = coalesce(@loaded, is_loaded), is_open = coalesce(@open, is_open) WHERE id = @id',
  );
  const resetSessions = sqlite.prepare('UPDATE projects SET is_loaded = 0, is_open = 0 WHERE is_loaded = 1 OR is_open = 1');
  const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

  const toProject = (row: ProjectRow): Project => ({
    id: row.id,
    name: row.name,
    type: row.type,
    folder: row.folder,
    isNew: row.is_new === 1,
    isStarred: row.is_starred === 1,
    versionUuid: row.version_uuid,
    createdAt: row.created_at,
    lastModifiedAt: row.last_modified_at,
    labels: labelsOf(row.id),
  });
  const maybe = (row: ProjectRow | undefined) => (row ? toProject(row) : undefined);

  return {
    insert: (p) => {
      insert.run({
        id: p.id,
        name: p.name,
        type: p.type,
        folder: p.folder,
        is_new: p.isNew ? 1 : 0,
        is_starred: p.isStarred ? 1 : 0,
        version_uuid: p.versionUuid,
        created_at: p.createdAt,
        last_modified_at: p.lastModifiedAt,
      });
    },
    findByName: (type, name) => maybe(byName.get(type, name)),
    findById: (id) => maybe(byId.get(id)),
    listByType: (type) => byType.all(type).map(toProject),
    listAll: () => all.all().map(toProject),
    setStarred: (id, starred) => void setStarred.run(starred ? 1 : 0, id),
    rename: (id, name) => void rename.run(name, id),
    markOpened: (id) => void markOpened.run(id),
    touchModified: (id, at) => void touch.run(at, id),
    delete: (id) => void remove.run(id),
    datasetFields: (id) => {
      const stored = datasetOf.get(id)?.dataset;
      return stored ? (JSON.parse(stored) as DatasetFields) : {};
    },
    setDatasetFields: (id, fields) => void setDataset.run(JSON.stringify(fields), id),
    sessionState: (id) => {
      const row = sessionOf.get(id);
      return { loaded: row?.is_loaded === 1, open: row?.is_open === 1 };
    },
    setSessionState: (id, state) => void setSession.run({ id, loaded: flag(state.loaded), open: flag(state.open) }),
    resetSessionStates: () => void resetSessions.run(),
  };
}
