// Team server II: every stored change of an image's shapes bumps its annotation_version (a
// workspace save based on an older version is a conflict, not a silent overwrite), and is
// recorded with who made it, when and through what.
export const annotationVersions = `
ALTER TABLE images ADD COLUMN annotation_version INTEGER NOT NULL DEFAULT 0;
-- The workspace tab whose save made the stored version (NULL for any other writer).
ALTER TABLE images ADD COLUMN annotation_client TEXT;
CREATE TABLE annotation_changes (
  project_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
  version INTEGER NOT NULL,
  actor TEXT NOT NULL,
  at INTEGER NOT NULL,
  source TEXT NOT NULL,
  shape_count INTEGER NOT NULL,
  FOREIGN KEY (project_id, uuid) REFERENCES images (project_id, uuid) ON DELETE CASCADE
);
CREATE INDEX annotation_changes_by_image ON annotation_changes (project_id, uuid, version);
`;
