// The one process-wide singleton: Next may load route modules in separate bundles and dev
// reloads re-evaluate them, and neither may open the database twice.
import type { Core } from '@/server/core';
import { createChooser } from '@/server/files/chooser';
import { projectRoots, readEnv } from '@/server/env';
import { openCore } from './open-core';

const globalKey = Symbol.for('labelport.core');
type GlobalWithCore = typeof globalThis & { [globalKey]?: Promise<Core> };

/** Opened once: every caller awaits the same core. A failed opening is tried again by the next caller. */
export function getCore(): Promise<Core> {
  const holder = globalThis as GlobalWithCore;
  if (!holder[globalKey]) {
    const env = readEnv();
    const opening = openCore({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      chooser: createChooser(env.LABELPORT_CHOOSER),
      jobTiming: { heartbeatMs: env.LABELPORT_JOB_HEARTBEAT_MS, staleAfterMs: env.LABELPORT_JOB_STALE_MS },
      sessionTtlMs: env.LABELPORT_SESSION_TTL_MS,
      projectRoots: projectRoots(env),
    });
    holder[globalKey] = opening;
    opening.catch(() => {
      if (holder[globalKey] === opening) delete holder[globalKey];
    });
  }
  return holder[globalKey];
}

export function peekCore(): Promise<Core> | undefined {
  return (globalThis as GlobalWithCore)[globalKey];
}
