// The "plain script" side of the baselines: better-sqlite3 with the server's images table and the
// server's durability (WAL, synchronous FULL), nothing else in between.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

// Same columns and keys as server/db/migrations/001-initial.ts.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS images (
  project_id TEXT NOT NULL, uuid TEXT NOT NULL, rel_path TEXT NOT NULL, format TEXT NOT NULL,
  width INTEGER NOT NULL, height INTEGER NOT NULL, depth INTEGER NOT NULL, file_size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL, present INTEGER NOT NULL DEFAULT 1, shapes TEXT NOT NULL DEFAULT '[]',
  shape_count INTEGER NOT NULL DEFAULT 0, img_x REAL NOT NULL DEFAULT 0, img_y REAL NOT NULL DEFAULT 0,
  img_w REAL NOT NULL DEFAULT 0, img_h REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, uuid), UNIQUE (project_id, rel_path));
CREATE INDEX IF NOT EXISTS images_by_path ON images (project_id, present, rel_path);`;

/** Always a new, empty database: every baseline starts from nothing, like a new project. */
export function openBaselineDb(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);
  return db;
}

/** Inserts the identified files of one project in a single transaction. */
export function insertImages(db, projectId, folder, identified) {
  const insert = db.prepare(
    'INSERT INTO images (project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const { file, info, stat } of identified) {
      if (!info) continue;
      insert.run(projectId, randomUUID(), path.relative(folder, file), info.format, info.width, info.height, info.depth ?? 3, stat.size, Math.trunc(stat.mtimeMs));
    }
  })();
}

/** Walk, stat and identify with `identifyOne`, at the server's concurrency, then insert. */
export async function scanIntoDb(db, projectId, folder, files, identifyOne, concurrency = 16) {
  const identified = new Array(files.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) {
        const index = next++;
        const file = files[index];
        const stat = await fsp.stat(file);
        let info = null;
        try {
          info = await identifyOne(file);
        } catch {
          // not an image: skipped, as the server reports it
        }
        identified[index] = { file, info, stat };
      }
    }),
  );
  insertImages(db, projectId, folder, identified);
  return identified.filter((entry) => entry.info).length;
}
