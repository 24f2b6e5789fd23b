import type { AnnotationChange, ImageAnnotation } from '@/server/core/types';
import type { AnnotationRepository, LabelCount, LabelUsage } from '@/server/core/repositories';
import { ANNOTATION_COLUMNS, type AnnotationRow, type DatasetFieldsRow, toAnnotation, toDatasetFields } from '../stored-rows';
import { invalidInput } from '@/server/core/errors';
import { NUL_REFUSED, type PostgresDatabase } from './database';


const SELECT = `SELECT ${ANNOTATION_COLUMNS.join(', ')} FROM images`;

/**
 * The version and editedAt checks and the write are one statement (a state grown from the
 * stored version is newer than it whatever the clocks say: see SaveGuard): a save of an older state arriving on
 * another process at the same moment cannot slip between them. A save that lands bumps the
 * project's annotations_version (what is labeled changed: the counts), in the same statement;
 * given a record ($13-$15), it also stamps the project's last change and logs the change there:
 * two round trips of the eight a save took (project, BEGIN, lock, dataset fields, save, log, stamp, COMMIT).
 */
const SAVE = `WITH saved AS (
    UPDATE images SET shapes = $3, shape_count = $4, img_x = $5, img_y = $6, img_w = $7, img_h = $8, edited_at = $9, dataset = $10,
      annotation_version = annotation_version + 1, annotation_client = $12::text
    WHERE project_id = $1 AND uuid = $2
      AND (($11::integer IS NOT NULL AND annotation_version = $11::integer)
        OR (edited_at <= $9 AND ($11::integer IS NULL OR annotation_client = $12::text)))
    RETURNING annotation_version
  ), bumped AS (
    UPDATE projects SET annotations_version = nextval('labelport_versions'), last_modified_at = COALESCE($13::bigint, last_modified_at)
    WHERE id = $1 AND EXISTS (SELECT 1 FROM saved)
  ), logged AS (
    INSERT INTO annotation_changes (project_id, uuid, version, actor, at, source, shape_count)
    SELECT $1, $2, annotation_version, $14::text, $13::bigint, $15::text, $4 FROM saved WHERE $13::bigint IS NOT NULL
  )
  SELECT annotation_version FROM saved`;

// Shapes are JSON text (see migrations.ts); json, not jsonb, reads them without rewriting.
const WITH_LABEL = `${SELECT} WHERE project_id = $1
  AND EXISTS (SELECT 1 FROM json_array_elements(images.shapes::json) AS shape WHERE json_typeof(shape->'label') = 'string' AND shape->>'label' = $2)`;
// image_labels narrows the count to the images that hold the label without parsing the rest.
const USAGE = `SELECT count(*) AS shapes, count(DISTINCT images.uuid) AS images
  FROM image_labels JOIN images ON images.project_id = image_labels.project_id AND images.uuid = image_labels.uuid,
    json_array_elements(images.shapes::json) AS shape
  WHERE image_labels.project_id = $1 AND image_labels.label = $2 AND json_typeof(shape->'label') = 'string' AND shape->>'label' = $2`;
// SQLite sorts NULL first and text bytewise; a label that is not a string counts as none.
const PER_LABEL = `SELECT CASE WHEN json_typeof(shape->'label') = 'string' THEN shape->>'label' END COLLATE "C" AS label, count(*) AS count
  FROM images, json_array_elements(images.shapes::json) AS shape
  WHERE images.project_id = $1 AND images.present
  GROUP BY 1 ORDER BY min(images.rel_path), 1 NULLS FIRST`;

export function createAnnotationRepository(db: PostgresDatabase): AnnotationRepository {
  const map = async (text: string, values: Array<string | readonly string[]>) => {
    const found = new Map<string, ImageAnnotation>();
    for (const row of (await db.query<AnnotationRow>(text, values)).rows) found.set(row.uuid, toAnnotation(row));
    return found;
  };
  return {
    get: async (projectId, uuid) => {
      const row = (await db.query<AnnotationRow>(`${SELECT} WHERE project_id = $1 AND uuid = $2`, [projectId, uuid])).rows[0];
      return row ? toAnnotation(row) : undefined;
    },
    // One statement for the whole batch (a page of the workspace asks for 50 at once).
    getMany: (projectId, uuids) => map(`${SELECT} WHERE project_id = $1 AND uuid = ANY($2::text[])`, [projectId, uuids]),
    datasetFields: async (projectId, uuids) =>
      toDatasetFields(
        (await db.query<DatasetFieldsRow>('SELECT uuid, dataset FROM images WHERE project_id = $1 AND dataset IS NOT NULL AND uuid = ANY($2::text[])', [projectId, uuids])).rows,
      ),
    save: async (projectId, uuid, annotation, editedAt, guard, record) => {
      const { x, y, w, h } = annotation.placement;
      const dataset = annotation.dataset === undefined ? null : JSON.stringify(annotation.dataset);
      const values = [projectId, uuid, shapesJson(annotation.shapes), annotation.shapes.length, x, y, w, h, editedAt, dataset,
        guard?.baseVersion ?? null, guard?.clientId ?? null, record?.at ?? null, record?.actor ?? null, record?.source ?? null];
      const row = (await db.query<{ annotation_version: number }>(SAVE, values)).rows[0];
      return row === undefined ? undefined : Number(row.annotation_version);
    },
    changes: async (projectId, uuid, limit) =>
      (
        await db.query<{ version: number; actor: string; at: number; source: AnnotationChange['source']; shape_count: number }>(
          'SELECT version, actor, at, source, shape_count FROM annotation_changes WHERE project_id = $1 AND uuid = $2 ORDER BY version DESC LIMIT $3',
          [projectId, uuid, limit],
        )
      ).rows.map((row) => ({ version: Number(row.version), actor: row.actor, at: Number(row.at), source: row.source, shapeCount: Number(row.shape_count) })),
    withLabel: (projectId, label) => map(WITH_LABEL, [projectId, label]),
    countPerLabel: async (projectId) => (await db.query<LabelCount>(PER_LABEL, [projectId])).rows,
    labelUsage: async (projectId, label) => (await db.query<LabelUsage>(USAGE, [projectId, label])).rows[0] ?? { shapes: 0, images: 0 },
  };
}

/**
 * Shapes are JSON text, where a NUL is the escape \u0000; but PostgreSQL cannot turn that
 * escape into text, so the label index (the trigger) and every label query would fail on it:
 * such shapes are refused before anything is written.
 */
function shapesJson(shapes: ImageAnnotation['shapes']): string {
  let nul = false;
  const text = JSON.stringify(shapes, (_key, value: unknown) => {
    if (typeof value === 'string' && value.includes('\u0000')) nul = true;
    return value;
  });
  if (nul) throw invalidInput(`${NUL_REFUSED} (in a shape)`);
  return text;
}
