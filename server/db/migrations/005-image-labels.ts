// Filtering the strip by label must not parse every image's shapes JSON per page (a scan of
// 100,000 rows), so each image's distinct labels are kept in their own table, in the strip's
// natural order. Triggers keep it in step with images.shapes on every write path (editor
// saves, REST updates, imports, label rename, image rename, delete, reload presence), so no
// caller can forget it. sort_key, rel_path and present are copied so one index range answers
// a page, a count and a position without touching the images table.
const labelsOfNew = `
  INSERT INTO image_labels (project_id, label, present, sort_key, rel_path, uuid)
  SELECT DISTINCT NEW.project_id, json_extract(shape.value, '$.label'), NEW.present, NEW.sort_key, NEW.rel_path, NEW.uuid
  FROM json_each(NEW.shapes) AS shape
  WHERE json_type(shape.value, '$.label') = 'text';`;

export const imageLabels = `
CREATE TABLE image_labels (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  present INTEGER NOT NULL,
  sort_key TEXT NOT NULL,
  rel_path TEXT NOT NULL,
  uuid TEXT NOT NULL,
  PRIMARY KEY (project_id, label, present, sort_key, rel_path)
) WITHOUT ROWID;

CREATE INDEX image_labels_by_image ON image_labels (project_id, uuid);

INSERT INTO image_labels (project_id, label, present, sort_key, rel_path, uuid)
SELECT DISTINCT images.project_id, json_extract(shape.value, '$.label'), images.present, images.sort_key, images.rel_path, images.uuid
FROM images, json_each(images.shapes) AS shape
WHERE json_type(shape.value, '$.label') = 'text';

CREATE TRIGGER image_labels_on_insert AFTER INSERT ON images BEGIN${labelsOfNew}
END;

CREATE TRIGGER image_labels_on_update AFTER UPDATE OF shapes, present, sort_key, rel_path ON images BEGIN
  DELETE FROM image_labels WHERE project_id = OLD.project_id AND uuid = OLD.uuid;${labelsOfNew}
END;

CREATE TRIGGER image_labels_on_delete AFTER DELETE ON images BEGIN
  DELETE FROM image_labels WHERE project_id = OLD.project_id AND uuid = OLD.uuid;
END;
`;
