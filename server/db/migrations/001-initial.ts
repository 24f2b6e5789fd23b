// SQL kept in a module, not a .sql file, so the Next bundle carries it. Never edit a landed
// migration: add the next number.
export const initialSchema = `
-- Projects, their labels and images. Annotations live on the image row: there is exactly
-- one annotation record per image, so a join would only cost time on the hot update path.
CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('bndbox', 'seg')),
  folder TEXT NOT NULL,
  is_new INTEGER NOT NULL DEFAULT 1,
  is_starred INTEGER NOT NULL DEFAULT 0,
  version_uuid TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_modified_at INTEGER NOT NULL,
  UNIQUE (type, name)
);

CREATE TABLE labels (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  PRIMARY KEY (project_id, position)
);

CREATE TABLE images (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  uuid TEXT NOT NULL,
  rel_path TEXT NOT NULL,
  format TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  depth INTEGER NOT NULL,
  file_size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  -- 0 while the file is missing at the last reload: the row and its shapes are kept so a
  -- folder that comes back (a remounted drive) loses no work.
  present INTEGER NOT NULL DEFAULT 1,
  shapes TEXT NOT NULL DEFAULT '[]',
  shape_count INTEGER NOT NULL DEFAULT 0,
  img_x REAL NOT NULL DEFAULT 0,
  img_y REAL NOT NULL DEFAULT 0,
  img_w REAL NOT NULL DEFAULT 0,
  img_h REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, uuid),
  UNIQUE (project_id, rel_path)
);

CREATE INDEX images_by_path ON images (project_id, present, rel_path);

CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  result TEXT,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);

CREATE INDEX jobs_by_key ON jobs (key, id);
`;
