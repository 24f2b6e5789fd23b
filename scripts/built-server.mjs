// The one way tests and `npm run bench` start the built server (`npm run build` first):
// scripts/start.mjs on a free port with its own DATA_DIR, as a process-group leader so kill -9
// reaches `next start` too. Plain JavaScript so the bench (no TypeScript) runs it as it is;
// types in built-server.d.mts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const hasBuild = () => fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The start script (scripts/start.mjs unless told) with NODE_ENV=production and env on top.
 * An inherited HOST is dropped so the default bind is what runs unless env names one.
 */
export function spawnServer(env, { script = 'scripts/start.mjs' } = {}) {
  if (script === 'scripts/start.mjs' && !hasBuild()) {
    throw new Error('No build found (.next/BUILD_ID is missing): run `npm run build` first (npm test does).');
  }
  const inherited = { ...process.env };
  delete inherited.HOST;
  return spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

function groupAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server and waits until GET /bndbox/projects/meta answers 200 on 127.0.0.1. */
export async function startBuiltServer({ dataDir, env = {}, script, label = 'server' } = {}) {
  const port = await freePort();
  const ownDataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `labelport-${label}-`));
  const started = Date.now();
  const child = spawnServer({ PORT: String(port), DATA_DIR: ownDataDir, ...env }, { script });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-200_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const killGroup = (signal) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // The grandchild may outlive its parent by a moment; the DATA_DIR lock is free once it is gone.
  const groupGone = async (timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (groupAlive(child.pid)) {
      if (Date.now() > deadline) throw new Error('the server process group did not end');
      await sleep(20);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const server = {
    child,
    pid: child.pid,
    port,
    url,
    dataDir: ownDataDir,
    startMs: 0,
    output: () => output,
    exited,
    kill9: async () => {
      killGroup('SIGKILL');
      await exited;
      await groupGone(5_000);
    },
    signal: (signal) => child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      await groupGone(10_000);
    },
  };
  const deadline = started + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${label} exited during start-up:\n${output}`);
    // A team server (sign-in required) answers 401: it is up all the same.
    const ok = await fetch(`${url}/bndbox/projects/meta`).then((reply) => reply.ok || reply.status === 401, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error(`${label} did not answer GET /bndbox/projects/meta (200, or 401 in team mode) within 60 s:\n${output}`);
    }
    await sleep(50);
  }
  server.startMs = Date.now() - started;
  return server;
}
