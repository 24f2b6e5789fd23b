// Starts the built Labelport server (node scripts/start.mjs) on a free port with its own
// DATA_DIR, like server/testing/built-server.ts does for the tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// BENCH_START_SCRIPT runs another server under the same harness (e.g. a stub, to test the bench).
const START = process.env.BENCH_START_SCRIPT ?? 'scripts/start.mjs';

export const buildExists = () => Boolean(process.env.BENCH_START_SCRIPT) || fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

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

// Only the pids this harness started (the wrapper and the Next process under it).
function killAll(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** VmRSS and VmHWM of one process, in MB. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { pid, rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export async function startServer({ label = 'server' } = {}) {
  if (!buildExists()) throw new Error('No build found (.next/BUILD_ID is missing): run `npm run build` first.');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `labelport-bench-${label}-`));
  const child = spawn(process.execPath, [START], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const fail = (message) => {
    killAll([child.pid, ...descendants(child.pid)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${label} ${message}:\n${output}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail('exited during start-up');
    try {
      if ((await fetch(`${url}/bndbox/projects/meta`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw fail('did not answer GET /bndbox/projects/meta with 200 within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const family = descendants(child.pid);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => killAll([child.pid, ...family]), 10_000);
    await exited;
    clearTimeout(timer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    pid: child.pid,
    dataDir,
    startMs: Date.now() - started,
    output: () => output,
    /** Memory of the Next process(es) under start.mjs, summed. */
    memory: () => {
      const family = descendants(child.pid);
      const parts = (family.length ? family : [child.pid]).map(memoryOf);
      return { rssMb: parts.reduce((sum, part) => sum + part.rssMb, 0), peakMb: parts.reduce((sum, part) => sum + part.peakMb, 0), parts };
    },
    stop,
  };
}
