import type { ImageFilter, ImageRepository, NewImage, StoredImagePath } from '@/server/core/repositories';
import { IMAGE_COLUMNS, IMAGE_WITH_ANNOTATION_COLUMNS, type ImageRow, type ImageWithAnnotationRow, toImageRecord as toRecord, toImageWithAnnotation } from '../image-row';
import { naturalSortKey } from '../natural-sort-key';
import type { PostgresDatabase } from './database';
import { createImageListQueries } from './image-list.queries';

const COLUMNS = IMAGE_COLUMNS.join(', ');
const WITH_ANNOTATION_COLUMNS = IMAGE_WITH_ANNOTATION_COLUMNS.join(', ');
const FILTERS: Record<ImageFilter, string> = {
  all: '',
  labeled: 'AND shape_count > 0',
  unlabeled: 'AND shape_count = 0',
};

// Every write that changes which images a project lists, or their order, bumps the project's
// images_version in the same statement or transaction (repositories.ts explains the caches).
const BUMP_IMAGES = "UPDATE projects SET images_version = nextval('labelport_versions') WHERE id = $1";
const bumpingImages = (write: string) => `WITH changed AS (${write} RETURNING 1) ${BUMP_IMAGES}`;

// Rows per INSERT: arrays of this many values per column keep each statement a few MB at most.
const INSERT_CHUNK = 5_000;
const INSERT = `INSERT INTO images (project_id, uuid, rel_path, sort_key, format, width, height, depth, file_size, mtime_ms, orientation)
  SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::bigint[], $10::bigint[], $11::int[])`;

export function createImageRepository(db: PostgresDatabase): ImageRepository {
  const rows = async (text: string, values: Array<string | number | boolean>) => (await db.query<ImageRow>(text, values)).rows.map(toRecord);
  const page = (order: string) => (projectId: string, filter: ImageFilter, offset: number, limit: number) =>
    rows(
      `SELECT ${COLUMNS} FROM images WHERE project_id = $1 AND present ${FILTERS[filter]} ORDER BY ${order} LIMIT $2 OFFSET $3`,
      [projectId, limit, offset],
    );

  return {
    ...createImageListQueries(db),
    // Autovacuum analyzes a grown table only a minute or more later; until then a page of a
    // new 100,000-image project sorted every row (110 ms a page, 5 ms after this).
    refreshStatistics: async () => void (await db.query('ANALYZE images')),
    insertMany: async (projectId, images: readonly NewImage[]) => {
      if (images.length === 0) return;
      await db.inTransaction(async () => {
        await db.query(BUMP_IMAGES, [projectId]);
        for (let start = 0; start < images.length; start += INSERT_CHUNK) {
          const chunk = images.slice(start, start + INSERT_CHUNK);
          const column = <T>(of: (image: NewImage) => T) => chunk.map(of);
          await db.query(INSERT, [
            projectId,
            column((i) => i.uuid),
            column((i) => i.relPath),
            column((i) => naturalSortKey(i.relPath)),
            column((i) => i.format),
            column((i) => i.width),
            column((i) => i.height),
            column((i) => i.depth),
            column((i) => i.fileSize),
            column((i) => i.mtimeMs),
            column((i) => i.orientation ?? null),
          ]);
        }
      });
    },
    find: async (projectId, uuid) => (await rows(`SELECT ${COLUMNS} FROM images WHERE project_id = $1 AND uuid = $2`, [projectId, uuid]))[0],
    findWithAnnotation: async (projectId, uuid) => {
      const row = (await db.query<ImageWithAnnotationRow>(`SELECT ${WITH_ANNOTATION_COLUMNS} FROM images WHERE project_id = $1 AND uuid = $2`, [projectId, uuid])).rows[0];
      return row ? toImageWithAnnotation(row) : undefined;
    },
    findMany: async (projectId, uuids) => {
      const found = await db.query<ImageRow>(`SELECT ${COLUMNS} FROM images WHERE project_id = $1 AND uuid = ANY($2::text[])`, [projectId, uuids]);
      return new Map(found.rows.map((row) => [row.uuid, toRecord(row)]));
    },
    listUuids: async (projectId) =>
      (await db.query<{ uuid: string }>('SELECT uuid FROM images WHERE project_id = $1 AND present ORDER BY rel_path', [projectId])).rows.map((row) => row.uuid),
    // rel_path is COLLATE "C": path byte order, as SQLite's.
    page: page('rel_path'),
    pageAfter: (projectId, afterRelPath, limit) =>
      rows(`SELECT ${COLUMNS} FROM images WHERE project_id = $1 AND present AND rel_path > $2 ORDER BY rel_path LIMIT $3`, [projectId, afterRelPath, limit]),
    // rel_path breaks ties between keys that differ only in case or leading zeros, so the
    // order is total and a page boundary never repeats or skips an image.
    naturalPage: page('sort_key, rel_path'),
    counts: async (projectId) => {
      const row = (
        await db.query<{ total: number; labeled: number }>(
          'SELECT count(*) AS total, count(*) FILTER (WHERE shape_count > 0) AS labeled FROM images WHERE project_id = $1 AND present',
          [projectId],
        )
      ).rows[0];
      return { total: row?.total ?? 0, labeled: row?.labeled ?? 0 };
    },
    pathIndex: async (projectId) => {
      const index = new Map<string, StoredImagePath>();
      const found = await db.query<ImageRow & { present: boolean }>(`SELECT ${COLUMNS}, present FROM images WHERE project_id = $1`, [projectId]);
      for (const row of found.rows) {
        const { uuid, relPath, format, width, height, depth, fileSize, mtimeMs, orientation } = toRecord(row);
        index.set(row.rel_path, { uuid, relPath, format, width, height, depth, fileSize, mtimeMs, ...(orientation ? { orientation } : {}), present: row.present });
      }
      return index;
    },
    setPresent: async (projectId, uuids, present) => {
      if (uuids.length === 0) return;
      await db.query(bumpingImages('UPDATE images SET present = $3 WHERE project_id = $1 AND uuid = ANY($2::text[])'), [projectId, uuids, present]);
    },
    updateFileFacts: async (projectId, uuid, { format, width, height, depth, fileSize, mtimeMs, orientation }) => {
      // SET reads the row as it was: the hashes go only when the file's size or mtime changed (a
      // rename keeps them), the orientation only when a new header read gives one.
      await db.query(
        `UPDATE images SET format = $3, width = $4, height = $5, depth = $6, orientation = coalesce($7, orientation),
         content_hash = CASE WHEN file_size = $8 AND mtime_ms = $9 THEN content_hash END,
         perceptual_hash = CASE WHEN file_size = $8 AND mtime_ms = $9 THEN perceptual_hash END,
         file_size = $8, mtime_ms = $9 WHERE project_id = $1 AND uuid = $2`,
        [projectId, uuid, format, width, height, depth, orientation ?? null, fileSize, mtimeMs],
      );
    },
    // The list is in path order: a rename can move the image in it.
    rename: async (projectId, uuid, relPath) => {
      await db.query(bumpingImages('UPDATE images SET rel_path = $3, sort_key = $4 WHERE project_id = $1 AND uuid = $2'), [projectId, uuid, relPath, naturalSortKey(relPath)]);
    },
    delete: async (projectId, uuid) => {
      await db.query(bumpingImages('DELETE FROM images WHERE project_id = $1 AND uuid = $2'), [projectId, uuid]);
    },
  };
}
