// The one process-wide singleton: Next may load route modules in separate bundles and dev
// reloads re-evaluate them, and neither may open the database twice.
import type { Core } from '@/server/core';
import { createChooser } from '@/server/files/chooser';
import { readEnv } from '@/server/env';
import { openCore } from './open-core';

const globalKey = Symbol.for('labelport.core');
type GlobalWithCore = typeof globalThis & { [globalKey]?: Core };

export function getCore(): Core {
  const holder = globalThis as GlobalWithCore;
  if (!holder[globalKey]) {
    const env = readEnv();
    holder[globalKey] = openCore({ dataDir: env.DATA_DIR, chooser: createChooser(env.LABELPORT_CHOOSER) });
  }
  return holder[globalKey];
}

export function peekCore(): Core | undefined {
  return (globalThis as GlobalWithCore)[globalKey];
}
