// The composition root: opens the store (SQLite in DATA_DIR, or PostgreSQL when DATABASE_URL is
// set), builds the repositories and the other edges, and hands them to the domain. Everything
// that knows which implementation is used is here.
import { createCore, type Core } from '@/server/core';
import type { Repositories } from '@/server/core/repositories';
import { createChooser, type Chooser } from '@/server/files/chooser';
import { createThumbnailCache } from '@/server/files/thumbnail-cache';
import { heapCompactor } from './heap-compactor';
import { openStore } from './open-store';
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
  projectRoots?: readonly string[];
  /** Wraps the repositories the core gets (tests watch transactions with it). */
  wrapRepositories?: (repos: Repositories) => Repositories;
}

export async function openCore(options: OpenCoreOptions): Promise<Core> {
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, asServer: true });
  // The only process: a restart closes every project, as classifai's does. PostgreSQL keeps
  // them, since other processes may still serve clients that loaded them.
  if (store.exclusive) await store.repos.projects.resetSessionStates();
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
    projectRoots: options.projectRoots,
    closeStorage: store.close,
    now: options.now,
    log: options.log,
    compactHeap: heapCompactor(),
  });
}
