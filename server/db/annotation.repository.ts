import type { AnnotationChange, ImageAnnotation } from '@/server/core/types';
import type { AnnotationRepository, LabelCount, LabelUsage } from '@/server/core/repositories';
import { ANNOTATION_COLUMNS, type AnnotationRow, type DatasetFieldsRow, toAnnotation, toDatasetFields } from './stored-rows';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';


export function createAnnotationRepository(sqlite: SqliteDatabase): Synchronous<AnnotationRepository> {
  const select = `SELECT ${ANNOTATION_COLUMNS.join(', ')} FROM images`;
  const get = sqlite.prepare<[string, string], AnnotationRow>(`${select} WHERE project_id = ? AND uuid = ?`);
  const getMany = sqlite.prepare<[string, string], AnnotationRow>(
    `${select} WHERE project_id = ? AND uuid IN (SELECT value FROM json_each(?))`,
  );
  const datasetFields = sqlite.prepare<[string, string], DatasetFieldsRow>(
    'SELECT uuid, dataset FROM images WHERE project_id = ? AND dataset IS NOT NULL AND uuid IN (SELECT value FROM json_each(?))',
  );
  // The version check and the write are one statement: nothing can land between them. A state
  // grown from the stored version is newer than it whatever the clocks say (see SaveGuard).
  const save = sqlite.prepare<Record<string, unknown>, { annotation_version: number }>(
    `UPDATE images SET shapes = @shapes, shape_count = @count, img_x = @x, img_y = @y, img_w = @w, img_h = @h,
       edited_at = @editedAt, dataset = @dataset, annotation_version = annotation_version + 1, annotation_client = @clientId
     WHERE project_id = @projectId AND uuid = @uuid
       AND ((@baseVersion IS NOT NULL AND annotation_version = @baseVersion)
         OR (edited_at <= @editedAt AND (@baseVersion IS NULL OR annotation_client = @clientId)))
     RETURNING annotation_version`,
  );
  const recordChange = sqlite.prepare(
    'INSERT INTO annotation_changes (project_id, uuid, version, actor, at, source, shape_count) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const changes = sqlite.prepare<[string, string, number], { version: number; actor: string; at: number; source: AnnotationChange['source']; shape_count: number }>(
    'SELECT version, actor, at, source, shape_count FROM annotation_changes WHERE project_id = ? AND uuid = ? ORDER BY version DESC LIMIT ?',
  );
  const withLabel = sqlite.prepare<[string, string], AnnotationRow>(
    `${select} WHERE project_id = ?
     AND EXISTS (SELECT 1 FROM json_each(images.shapes) AS shape WHERE json_extract(shape.value, '$.label') = ?)`,
  );
  // image_labels narrows the count to the images that hold the label without parsing the rest.
  const usage = sqlite.prepare<[string, string, string], LabelUsage>(
    `SELECT count(*) AS shapes, count(DISTINCT images.uuid) AS images
     FROM image_labels JOIN images ON images.project_id = image_labels.project_id AND images.uuid = image_labels.uuid,
       json_each(images.shapes) AS shape
     WHERE image_labels.project_id = ? AND image_labels.label = ? AND json_extract(shape.value, '$.label') = ?`,
  );
  const perLabel = sqlite.prepare<[string], LabelCount>(
    `SELECT json_extract(shape.value, '$.label') AS label, count(*) AS count
     FROM images, json_each(images.shapes) AS shape
     WHERE images.project_id = ? AND images.present = 1
     GROUP BY 1 ORDER BY min(images.rel_path), 1`,
  );

  return {
    get: (projectId, uuid) => {
      const row = get.get(projectId, uuid);
      return row ? toAnnotation(row) : undefined;
    },
    // One statement for the whole batch (a page of the workspace asks for 50 at once).
    getMany: (projectId, uuids) => {
      const found = new Map<string, ImageAnnotation>();
      for (const row of getMany.iterate(projectId, JSON.stringify(uuids))) found.set(row.uuid, toAnnotation(row));
      return found;
    },
    datasetFields: (projectId, uuids) => toDatasetFields(datasetFields.all(projectId, JSON.stringify(uuids))),
    // The project's stamp is the caller's (repositories.ts): it goes through the kept projects.
    save: (projectId, uuid, annotation, editedAt, guard, record) => {
      const version = save.get({
        projectId,
        uuid,
        shapes: JSON.stringify(annotation.shapes),
        count: annotation.shapes.length,
        ...annotation.placement,
        dataset: annotation.dataset === undefined ? null : JSON.stringify(annotation.dataset),
        editedAt,
        baseVersion: guard?.baseVersion ?? null,
        clientId: guard?.clientId ?? null,
      })?.annotation_version;
      if (version !== undefined && record) recordChange.run(projectId, uuid, version, record.actor, record.at, record.source, annotation.shapes.length);
      return version;
    },
    changes: (projectId, uuid, limit) =>
      changes.all(projectId, uuid, limit).map((row) => ({ version: row.version, actor: row.actor, at: row.at, source: row.source, shapeCount: row.shape_count })),
    withLabel: (projectId, label) => {
      const found = new Map<string, ImageAnnotation>();
      for (const row of withLabel.iterate(projectId, label)) found.set(row.uuid, toAnnotation(row));
      return found;
    },
    countPerLabel: (projectId) => perLabel.all(projectId),
    labelUsage: (projectId, label) => usage.get(projectId, label, label) ?? { shapes: 0, images: 0 },
  };
}
