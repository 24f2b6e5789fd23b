// The built Labelport server for the bench: the same launcher as the tests
// (scripts/built-server.mjs), plus the memory of the processes under it.
import fs from 'node:fs';
import { hasBuild, startBuiltServer } from '../../scripts/built-server.mjs';

export { freePort, ROOT } from '../../scripts/built-server.mjs';

// BENCH_START_SCRIPT runs another server under the same harness (e.g. a stub, to test the bench).
const START = process.env.BENCH_START_SCRIPT;

export const buildExists = () => Boolean(START) || hasBuild();

// scripts/start.mjs spawns `next start`: the memory that matters is in its descendants.
export function descendants(pid) {
  const found = [];
  let tasks = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) found.push(child, ...descendants(child));
  }
  return found;
}

/** VmRSS and VmHWM of one process, in MB. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { pid, rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** dataDir: a DATA_DIR to reuse (a fresh one otherwise); keepData: leave it in place on stop; env: on top of the bench's. */
export async function startServer({ label = 'server', dataDir, keepData = false, env = {} } = {}) {
  if (!buildExists()) throw new Error('No build found (.next/BUILD_ID is missing): run `npm run build` first.');
  const server = await startBuiltServer({ label: `bench-${label}`, script: START, dataDir, env });
  return {
    url: server.url,
    pid: server.pid,
    dataDir: server.dataDir,
    startMs: server.startMs,
    output: server.output,
    /** Memory of the Next process(es) under start.mjs, summed. */
    memory: () => {
      const family = descendants(server.pid);
      const parts = (family.length ? family : [server.pid]).map(memoryOf);
      return { rssMb: parts.reduce((sum, part) => sum + part.rssMb, 0), peakMb: parts.reduce((sum, part) => sum + part.peakMb, 0), parts };
    },
    stop: async () => {
      await server.stop();
      if (!keepData) fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}
