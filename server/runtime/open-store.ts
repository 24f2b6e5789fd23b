// Opens the store: SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is set. Kept apart from
// the core so the users command loads no more than the store.
import type { Repositories } from '@/server/core/repositories';
import { openDatabase } from '@/server/db/database';
import { openPostgres } from '@/server/db/postgres/database';
import { createPostgresRepositories } from '@/server/db/postgres/repositories';
import { createSqliteRepositories } from '@/server/db/repositories';

export interface OpenedStore {
  repos: Repositories;
  /** No other server can use the store: the server lock on DATA_DIR (SQLite). */
  exclusive: boolean;
  close: () => void | Promise<void>;
}

/**
 * The store alone. A server takes DATA_DIR's server lock (asServer); the users command opens the
 * store beside a running server and must change nothing but users.
 */
export async function openStore(options: { dataDir: string; databaseUrl?: string; asServer: boolean }): Promise<OpenedStore> {
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl);
    return { repos: createPostgresRepositories(db), exclusive: false, close: () => db.close() };
  }
  const db = openDatabase(options.dataDir, { serverLock: options.asServer });
  return { repos: createSqliteRepositories(db), exclusive: options.asServer, close: () => db.close() };
}

