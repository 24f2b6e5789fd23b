// The composition root: opens the store (SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is
// set), builds the repositories and the other edges, and hands them to the domain. Everything
// that knows which implementation is used is here.
import { createCore, type Core } from '@/server/core';
import type { Repositories } from '@/server/core/repositories';
import { openDatabase } from '@/server/db/database';
import { openPostgres } from '@/server/db/postgres/database';
import { createPostgresRepositories } from '@/server/db/postgres/repositories';
import { createSqliteRepositories } from '@/server/db/repositories';
import { createChooser, type Chooser } from '@/server/files/chooser';
import { createThumbnailCache } from '@/server/files/thumbnail-cache';
import { heapCompactor } from './heap-compactor';
import { processOwners } from './process-owner';

export interface OpenCoreOptions {
  dataDir: string;
  /** postgres://...: the team server's shared database; absent: SQLite in dataDir. */
  databaseUrl?: string;
  chooser?: Chooser;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  jobTiming?: { heartbeatMs?: number; staleAfterMs?: number };
  sessionTtlMs?: number;
  /** Wraps the repositories the core gets (tests watch transactions with it). */
  wrapRepositories?: (repos: Repositories) => Repositories;
}

interface OpenedStore {
  repos: Repositories;
  /** No other process can use the store: SQLite's exclusive lock on DATA_DIR's file. */
  exclusive: boolean;
  close: () => void | Promise<void>;
}

async function openStore(options: OpenCoreOptions): Promise<OpenedStore> {
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl);
    return { repos: createPostgresRepositories(db), exclusive: false, close: () => db.close() };
  }
  const db = openDatabase(options.dataDir);
  const repos = createSqliteRepositories(db);
  // The only process: a restart closes every project, as classifai's does. PostgreSQL keeps
  // them, since other processes may still serve clients that loaded them.
  await repos.projects.resetSessionStates();
  return { repos, exclusive: true, close: () => db.close() };
}

export async function openCore(options: OpenCoreOptions): Promise<Core> {
  const store = await openStore(options);
  return createCore({
    dataDir: options.dataDir,
    repos: options.wrapRepositories ? options.wrapRepositories(store.repos) : store.repos,
    chooser: options.chooser ?? createChooser(),
    thumbnails: createThumbnailCache(options.dataDir),
    exclusiveStore: store.exclusive,
    // Shared store: jobs a killed process of this machine left running need not wait to go stale.
    jobOwners: store.exclusive ? undefined : processOwners(),
    jobTiming: options.jobTiming,
    sessionTtlMs: options.sessionTtlMs,
    closeStorage: store.close,
    now: options.now,
    log: options.log,
    compactHeap: heapCompactor(),
  });
}
