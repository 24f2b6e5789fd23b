// The composition root: opens SQLite in DATA_DIR, builds the repositories and the other edges,
// and hands them to the domain. Everything that knows which implementation is used is here.
import { createCore, type Core } from '@/server/core';
import { openDatabase } from '@/server/db/database';
import { createSqliteRepositories } from '@/server/db/repositories';
import { createChooser, type Chooser } from '@/server/files/chooser';
import { createThumbnailCache } from '@/server/files/thumbnail-cache';
import { heapCompactor } from './heap-compactor';

export interface OpenCoreOptions {
  dataDir: string;
  chooser?: Chooser;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export async function openCore(options: OpenCoreOptions): Promise<Core> {
  const db = openDatabase(options.dataDir);
  return createCore({
    dataDir: options.dataDir,
    repos: createSqliteRepositories(db),
    chooser: options.chooser ?? createChooser(),
    thumbnails: createThumbnailCache(options.dataDir),
    // SQLite's exclusive file lock: no other process can be running a job of this DATA_DIR.
    exclusiveStore: true,
    closeStorage: () => db.close(),
    now: options.now,
    log: options.log,
    compactHeap: heapCompactor(),
  });
}
