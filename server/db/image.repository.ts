import type { ImageFilter, ImageRepository, NewImage, StoredImagePath } from '@/server/core/repositories';
import type { ImageRecord } from '@/server/core/types';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';
import { createImageListQueries } from './image-list.queries';
import { IMAGE_COLUMNS, IMAGE_WITH_ANNOTATION_COLUMNS, type ImageRow, type ImageWithAnnotationRow, toImageRecord as toRecord, toImageWithAnnotation } from './image-row';

const COLUMNS = IMAGE_COLUMNS.join(', ');
const WITH_ANNOTATION_COLUMNS = IMAGE_WITH_ANNOTATION_COLUMNS.join(', ');
const FILTERS: Record<ImageFilter, string> = {
  all: '',
  labeled: 'AND shape_count > 0',
  unlabeled: 'AND shape_count = 0',
};

/** forgetListPositions: called before any write to a project's images (see image-list.queries.ts). */
export function createImageRepository(sqlite: SqliteDatabase): Synchronous<ImageRepository> & { forgetListPositions(projectId?: string): void } {
  const insert = sqlite.prepare(
    `INSERT INTO images (project_id, uuid, rel_path, sort_key, format, width, height, depth, file_size, mtime_ms, orientation)
     VALUES (@projectId, @uuid, @relPath, natural_sort_key(@relPath), @format, @width, @height, @depth, @fileSize, @mtimeMs, @orientation)`,
  );
  const find = sqlite.prepare<[string, string], ImageRow>(`SELECT ${COLUMNS} FROM images WHERE project_id = ? AND uuid = ?`);
  const findWithAnnotation = sqlite.prepare<[string, string], ImageWithAnnotationRow>(`SELECT ${WITH_ANNOTATION_COLUMNS} FROM images WHERE project_id = ? AND uuid = ?`);
  const findMany = sqlite.prepare<[string, string], ImageRow>(`SELECT ${COLUMNS} FROM images WHERE project_id = ? AND uuid IN (SELECT value FROM json_each(?))`);
  const uuids = sqlite
    .prepare<[string], string>('SELECT uuid FROM images WHERE project_id = ? AND present = 1 ORDER BY rel_path')
    .pluck();
  const pages = Object.fromEntries(
    (Object.keys(FILTERS) as ImageFilter[]).map((filter) => [
      filter,
      sqlite.prepare<[string, number, number], ImageRow>(
        `SELECT ${COLUMNS} FROM images WHERE project_id = ? AND present = 1 ${FILTERS[filter]}
         ORDER BY rel_path LIMIT ? OFFSET ?`,
      ),
    ]),
  ) as Record<ImageFilter, ReturnType<typeof sqlite.prepare<[string, number, number], ImageRow>>>;
  const pageAfter = sqlite.prepare<[string, string, number], ImageRow>(
    `SELECT ${COLUMNS} FROM images WHERE project_id = ? AND present = 1 AND rel_path > ? ORDER BY rel_path LIMIT ?`,
  );
  // rel_path breaks ties between keys that differ only in case or leading zeros, so the
  // order is total and a page boundary never repeats or skips an image.
  const naturalPages = Object.fromEntries(
    (Object.keys(FILTERS) as ImageFilter[]).map((filter) => [
      filter,
      sqlite.prepare<[string, number, number], ImageRow>(
        `SELECT ${COLUMNS} FROM images WHERE project_id = ? AND present = 1 ${FILTERS[filter]}
         ORDER BY sort_key, rel_path LIMIT ? OFFSET ?`,
      ),
    ]),
  ) as Record<ImageFilter, ReturnType<typeof sqlite.prepare<[string, number, number], ImageRow>>>;
  const counts = sqlite.prepare<[string], { total: number; labeled: number | null }>(
    'SELECT count(*) AS total, sum(shape_count > 0) AS labeled FROM images WHERE project_id = ? AND present = 1',
  );
  const paths = sqlite.prepare<[string], ImageRow & { present: number }>(`SELECT ${COLUMNS}, present FROM images WHERE project_id = ?`);
  const setPresent = sqlite.prepare('UPDATE images SET present = ? WHERE project_id = ? AND uuid = ?');
  const updateFacts = sqlite.prepare(
    // SET reads the row as it was: the hashes go only when the file's size or mtime changed (a
    // rename keeps them), the orientation only when a new header read gives one.
    `UPDATE images SET format = @format, width = @width, height = @height, depth = @depth, orientation = coalesce(@orientation, orientation),
     content_hash = CASE WHEN file_size = @fileSize AND mtime_ms = @mtimeMs THEN content_hash END,
     perceptual_hash = CASE WHEN file_size = @fileSize AND mtime_ms = @mtimeMs THEN perceptual_hash END,
     file_size = @fileSize, mtime_ms = @mtimeMs WHERE project_id = @projectId AND uuid = @uuid`,
  );
  const rename = sqlite.prepare(
    'UPDATE images SET rel_path = @relPath, sort_key = natural_sort_key(@relPath) WHERE project_id = @projectId AND uuid = @uuid',
  );
  const remove = sqlite.prepare('DELETE FROM images WHERE project_id = ? AND uuid = ?');

  const lists = createImageListQueries(sqlite);

  return {
    ...lists,
    insertMany: (projectId, images: readonly NewImage[]) => {
      for (const image of images) insert.run({ projectId, ...image, orientation: image.orientation ?? null });
    },
    // SQLite plans these reads from the indexes alone, statistics or not.
    refreshStatistics: () => undefined,
    find: (projectId, uuid) => {
      const row = find.get(projectId, uuid);
      return row ? toRecord(row) : undefined;
    },
    findWithAnnotation: (projectId, uuid) => {
      const row = findWithAnnotation.get(projectId, uuid);
      return row ? toImageWithAnnotation(row) : undefined;
    },
    findMany: (projectId, uuids) => {
      const found = new Map<string, ImageRecord>();
      for (const row of findMany.iterate(projectId, JSON.stringify(uuids))) found.set(row.uuid, toRecord(row));
      return found;
    },
    listUuids: (projectId) => uuids.all(projectId),
    page: (projectId, filter, offset, limit) => pages[filter].all(projectId, limit, offset).map(toRecord),
    pageAfter: (projectId, afterRelPath, limit) => pageAfter.all(projectId, afterRelPath, limit).map(toRecord),
    naturalPage: (projectId, filter, offset, limit) => naturalPages[filter].all(projectId, limit, offset).map(toRecord),
    counts: (projectId) => {
      const row = counts.get(projectId);
      return { total: row?.total ?? 0, labeled: row?.labeled ?? 0 };
    },
    pathIndex: (projectId) => {
      const index = new Map<string, StoredImagePath>();
      for (const row of paths.iterate(projectId)) {
        const { uuid, relPath, format, width, height, depth, fileSize, mtimeMs, orientation } = toRecord(row);
        index.set(row.rel_path, { uuid, relPath, format, width, height, depth, fileSize, mtimeMs, ...(orientation ? { orientation } : {}), present: row.present === 1 });
      }
      return index;
    },
    setPresent: (projectId, list, present) => {
      for (const uuid of list) setPresent.run(present ? 1 : 0, projectId, uuid);
    },
    updateFileFacts: (projectId, uuid, { format, width, height, depth, fileSize, mtimeMs, orientation }) =>
      void updateFacts.run({ projectId, uuid, format, width, height, depth, fileSize, mtimeMs, orientation: orientation ?? null }),
    rename: (projectId, uuid, relPath) => void rename.run({ relPath, projectId, uuid }),
    delete: (projectId, uuid) => void remove.run(projectId, uuid),
  };
}
