import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { migrations } from './migrations';
import { NATURAL_SORT_KEY_FUNCTION, naturalSortKey } from './natural-sort-key';

export type SqliteDatabase = Database.Database;

export interface LabelportDatabase {
  sqlite: SqliteDatabase;
  /**
   * Runs fn in one transaction; fn must be synchronous (do file and pixel work before). Nested,
   * better-sqlite3 makes it a savepoint: a throw undoes fn alone, the outer transaction goes on.
   */
  inTransaction<T>(fn: () => T): T;
  close(): void;
}

export class DataDirLockedError extends Error {}

/**
 * Opens DATA_DIR/labelport.db. locking_mode=EXCLUSIVE makes SQLite hold its file lock for the
 * life of the connection, so a second server on the same DATA_DIR fails at once instead of
 * interleaving writes; the OS drops the lock when a process dies, so kill -9 leaves no stale lock.
 */
export function openDatabase(dataDir: string): LabelportDatabase {
  // Other local users may read 127.0.0.1 but not the database.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'labelport.db');
  // A short timeout while taking the lock: a second server should fail fast, not wait.
  const sqlite = new Database(file, { timeout: 200 });
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.pragma('journal_mode = WAL');
    // FULL: an answered update survives power loss, not only a process crash.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Before migrating: a migration fills the key of rows written by older versions.
    sqlite.function(NATURAL_SORT_KEY_FUNCTION, { deterministic: true }, (relPath: unknown) => naturalSortKey(String(relPath)));
    migrate(sqlite);
    sqlite.pragma('busy_timeout = 5000');
  } catch (error) {
    sqlite.close();
    if (error instanceof Error && /locked|busy/i.test(error.message)) {
      throw new DataDirLockedError(
        `Another Labelport server is already using ${dataDir}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
    throw error;
  }
  return {
    sqlite,
    inTransaction: <T>(fn: () => T): T => sqlite.transaction(fn)(),
    close: () => {
      if (!sqlite.open) return;
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
  };
}

function migrate(sqlite: SqliteDatabase): void {
  // BEGIN EXCLUSIVE takes the write lock even when nothing is left to migrate.
  sqlite.exec('BEGIN EXCLUSIVE');
  try {
    const applied = sqlite.pragma('user_version', { simple: true }) as number;
    if (applied > migrations.length) {
      throw new Error(`The database in this DATA_DIR was written by a newer Labelport (schema ${applied}).`);
    }
    for (let index = applied; index < migrations.length; index += 1) {
      sqlite.exec(migrations[index] ?? '');
    }
    sqlite.pragma(`user_version = ${migrations.length}`);
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
}
