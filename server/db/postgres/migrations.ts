// The PostgreSQL schema: the same tables, columns and meaning as SQLite's after its migration
// 010 (server/db/migrations), written once for PostgreSQL instead of replaying SQLite's history.
// Never edit a landed entry: add the next one. The differences, and why:
// - Text that is ordered or compared as a key (project and image names, natural keys, labels)
//   is COLLATE "C": byte order, upper case before lower, whatever the database's locale.
// - Times (ms), sizes and ids are BIGINT; the pool turns them back into numbers (database.ts).
// - shapes and dataset stay JSON *text*, not jsonb: jsonb reorders keys and drops duplicates,
//   and every reader must get back exactly the text it stored, as from SQLite. Queries that
//   look inside cast to json (which keeps the text) where they need to.
// - projects.images_version and annotations_version tell other processes' caches that the
//   project's image list or its counts changed (postgres/repositories.ts); values come from one
//   sequence, so a value never repeats, not even for a project deleted and made again.
import type { PostgresDatabase } from './database';

const schema = `
CREATE SEQUENCE labelport_versions;

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  name TEXT COLLATE "C" NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('bndbox', 'seg')),
  folder TEXT NOT NULL,
  is_new BOOLEAN NOT NULL DEFAULT TRUE,
  is_starred BOOLEAN NOT NULL DEFAULT FALSE,
  version_uuid TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_modified_at BIGINT NOT NULL,
  -- Class ids only grow (SQLite migration 006): a removed label's number is never reused.
  next_class_id INTEGER NOT NULL DEFAULT 0,
  dataset TEXT,
  split_seed BIGINT NOT NULL DEFAULT 1,
  split_train INTEGER NOT NULL DEFAULT 80,
  split_val INTEGER NOT NULL DEFAULT 20,
  split_test INTEGER NOT NULL DEFAULT 0,
  split_at BIGINT,
  images_version BIGINT NOT NULL DEFAULT nextval('labelport_versions'),
  annotations_version BIGINT NOT NULL DEFAULT nextval('labelport_versions'),
  UNIQUE (type, name)
);

CREATE TABLE labels (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT COLLATE "C" NOT NULL,
  color TEXT NOT NULL,
  class_id INTEGER NOT NULL,
  hotkey TEXT,
  coco_id BIGINT,
  yolo_index INTEGER CHECK (yolo_index >= 0),
  PRIMARY KEY (project_id, position)
);
CREATE UNIQUE INDEX labels_by_class_id ON labels (project_id, class_id);
CREATE UNIQUE INDEX labels_by_hotkey ON labels (project_id, hotkey);
CREATE UNIQUE INDEX labels_by_coco_id ON labels (project_id, coco_id);
CREATE UNIQUE INDEX labels_by_yolo_index ON labels (project_id, yolo_index);

CREATE TABLE images (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  uuid TEXT NOT NULL,
  rel_path TEXT COLLATE "C" NOT NULL,
  -- natural-sort-key.ts's key, computed by the repository whenever rel_path is written.
  sort_key TEXT COLLATE "C" NOT NULL,
  format TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  depth INTEGER NOT NULL,
  file_size BIGINT NOT NULL,
  mtime_ms BIGINT NOT NULL,
  orientation INTEGER CHECK (orientation BETWEEN 1 AND 8),
  present BOOLEAN NOT NULL DEFAULT TRUE,
  shapes TEXT NOT NULL DEFAULT '[]',
  shape_count INTEGER NOT NULL DEFAULT 0,
  img_x DOUBLE PRECISION NOT NULL DEFAULT 0,
  img_y DOUBLE PRECISION NOT NULL DEFAULT 0,
  img_w DOUBLE PRECISION NOT NULL DEFAULT 0,
  img_h DOUBLE PRECISION NOT NULL DEFAULT 0,
  edited_at BIGINT NOT NULL DEFAULT 0,
  dataset TEXT,
  split TEXT CHECK (split IN ('train', 'val', 'test')),
  content_hash TEXT,
  perceptual_hash TEXT,
  PRIMARY KEY (project_id, uuid),
  UNIQUE (project_id, rel_path)
);
CREATE INDEX images_by_path ON images (project_id, present, rel_path);
CREATE INDEX images_counts ON images (project_id, present, shape_count);
CREATE INDEX images_by_natural_path ON images (project_id, present, sort_key, rel_path);

-- Each image's distinct labels (SQLite migration 005), kept by triggers on every write path.
CREATE TABLE image_labels (
  project_id TEXT NOT NULL,
  label TEXT COLLATE "C" NOT NULL,
  present BOOLEAN NOT NULL,
  sort_key TEXT COLLATE "C" NOT NULL,
  rel_path TEXT COLLATE "C" NOT NULL,
  uuid TEXT NOT NULL,
  PRIMARY KEY (project_id, label, present, sort_key, rel_path),
  FOREIGN KEY (project_id, uuid) REFERENCES images (project_id, uuid) ON DELETE CASCADE
);
CREATE INDEX image_labels_by_image ON image_labels (project_id, uuid);

CREATE FUNCTION image_labels_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.shapes = NEW.shapes THEN
      -- Presence or path changed, the labels did not: move the rows along.
      UPDATE image_labels SET present = NEW.present, sort_key = NEW.sort_key, rel_path = NEW.rel_path
        WHERE project_id = NEW.project_id AND uuid = NEW.uuid;
      RETURN NULL;
    END IF;
    DELETE FROM image_labels WHERE project_id = NEW.project_id AND uuid = NEW.uuid;
  END IF;
  INSERT INTO image_labels (project_id, label, present, sort_key, rel_path, uuid)
    SELECT DISTINCT NEW.project_id, shape->>'label', NEW.present, NEW.sort_key, NEW.rel_path, NEW.uuid
    FROM json_array_elements(NEW.shapes::json) AS shape
    WHERE json_typeof(shape->'label') = 'string';
  RETURN NULL;
END
$$;

CREATE TRIGGER image_labels_on_insert AFTER INSERT ON images
  FOR EACH ROW WHEN (NEW.shapes <> '[]') EXECUTE FUNCTION image_labels_follow();
CREATE TRIGGER image_labels_on_update AFTER UPDATE OF shapes, present, sort_key, rel_path ON images
  FOR EACH ROW WHEN (OLD.shapes IS DISTINCT FROM NEW.shapes OR OLD.present IS DISTINCT FROM NEW.present
    OR OLD.sort_key IS DISTINCT FROM NEW.sort_key OR OLD.rel_path IS DISTINCT FROM NEW.rel_path)
  EXECUTE FUNCTION image_labels_follow();

CREATE TABLE jobs (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  phase TEXT NOT NULL DEFAULT '',
  done BIGINT NOT NULL DEFAULT 0,
  total BIGINT NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  result TEXT,
  started_at BIGINT NOT NULL,
  finished_at BIGINT,
  owner TEXT NOT NULL DEFAULT '',
  heartbeat_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX jobs_by_key ON jobs (key, id);
-- One running job per key across every process: start's INSERT ... ON CONFLICT decides.
CREATE UNIQUE INDEX jobs_running_key ON jobs (key) WHERE state = 'running';
CREATE INDEX jobs_running_heartbeat ON jobs (heartbeat_at) WHERE state = 'running';
`;

/** Applied in order; labelport_schema holds one row per applied entry. */
// classifai's in-memory "loaded" and "open" flags, shared by every process (SQLite's 011).
const projectSession = `
ALTER TABLE projects ADD COLUMN is_loaded BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE projects ADD COLUMN is_open BOOLEAN NOT NULL DEFAULT FALSE;
`;

// SQLite migration 012: users, sessions, API tokens, failed sign-ins.
const users = `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT COLLATE "C" NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'annotator', 'admin')),
  password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT,
  revoked_at BIGINT
);
CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
CREATE TABLE sign_in_failures (
  key TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, at);
`;

// SQLite migration 013: annotation versions and the change log.
const annotationVersions = `
ALTER TABLE images ADD COLUMN annotation_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE images ADD COLUMN annotation_client TEXT;
CREATE TABLE annotation_changes (
  project_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
  version INTEGER NOT NULL,
  actor TEXT NOT NULL,
  at BIGINT NOT NULL,
  source TEXT NOT NULL,
  shape_count INTEGER NOT NULL,
  FOREIGN KEY (project_id, uuid) REFERENCES images (project_id, uuid) ON DELETE CASCADE
);
CREATE INDEX annotation_changes_by_image ON annotation_changes (project_id, uuid, version);
`;

// SQLite migration 014: presence and assignments.
const teamwork = `
CREATE TABLE presence (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
  actor TEXT NOT NULL,
  seen_at BIGINT NOT NULL,
  PRIMARY KEY (project_id, client_id)
);
CREATE INDEX presence_by_image ON presence (project_id, uuid, seen_at);
CREATE TABLE assignments (
  project_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
  assignee TEXT COLLATE "C" NOT NULL,
  assigned_at BIGINT NOT NULL,
  assigned_by TEXT NOT NULL,
  PRIMARY KEY (project_id, uuid),
  FOREIGN KEY (project_id, uuid) REFERENCES images (project_id, uuid) ON DELETE CASCADE
);
CREATE INDEX assignments_by_assignee ON assignments (project_id, assignee);
`;

// Presence is written on every image switch of every tab and is stale within seconds: it
// need not wait for a WAL flush, nor survive a crash (an unlogged table is emptied by one).
const unloggedPresence = `
ALTER TABLE presence SET UNLOGGED;
`;

// SQLite migration 016: a team user's own settings.
const userSettings = `
ALTER TABLE users ADD COLUMN settings TEXT;
`;

// SQLite migration 017: label renames and merges, in the order made.
const labelRenames = `
CREATE TABLE label_renames (
  id BIGSERIAL PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  from_name TEXT COLLATE "C" NOT NULL,
  to_name TEXT COLLATE "C" NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX label_renames_by_project ON label_renames (project_id, id);
`;

// SQLite migration 018: who started each job.
const jobStarters = `
ALTER TABLE jobs ADD COLUMN started_by TEXT NOT NULL DEFAULT '';
`;

export const postgresMigrations: readonly string[] = [schema, projectSession, users, annotationVersions, teamwork, unloggedPresence, userSettings, labelRenames, jobStarters];

// Any constant no other program's advisory locks use; "lbpt" in ASCII.
const MIGRATION_LOCK = 0x6c627074;

/**
 * Brings the schema up to date in one transaction. The advisory lock makes a second process
 * starting at the same moment wait, then find everything applied.
 */
export async function migratePostgres(db: PostgresDatabase): Promise<void> {
  const encoding = await db.query<{ server_encoding: string }>('SHOW server_encoding');
  // Byte order is code point order only in UTF-8: the C collation relies on it.
  if (encoding.rows[0]?.server_encoding !== 'UTF8') {
    throw new Error(`The PostgreSQL database must use UTF8 encoding (it uses ${encoding.rows[0]?.server_encoding}): create it with ENCODING 'UTF8'.`);
  }
  await db.inTransaction(async () => {
    await db.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await db.query('CREATE TABLE IF NOT EXISTS labelport_schema (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
    const applied = (await db.query<{ version: number | null }>('SELECT max(version) AS version FROM labelport_schema')).rows[0]?.version ?? 0;
    if (applied > postgresMigrations.length) {
      throw new Error(`This PostgreSQL database was written by a newer Labelport (schema ${applied}, this one knows ${postgresMigrations.length}). Upgrade Labelport.`);
    }
    for (let version = applied + 1; version <= postgresMigrations.length; version += 1) {
      await db.execute(postgresMigrations[version - 1] ?? '');
      await db.query('INSERT INTO labelport_schema (version, applied_at) VALUES ($1, $2)', [version, Date.now()]);
    }
  });
}
