// The one way tests start the built server (`npm run build` first): scripts/start.mjs on a
// free port with its own DATA_DIR, as a process-group leader so kill -9 reaches `next start`
// too, and the one raw-HTTP request that lets Host, Origin and bodies through unchanged.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  output(): string;
  /** Resolves with the exit code of scripts/start.mjs (null when killed by a signal). */
  exited: Promise<number | null>;
  /** kill -9 of scripts/start.mjs and its `next start` child at once, like a power cut. */
  kill9(): Promise<void>;
  /** Sends a signal to scripts/start.mjs only, as `kill <pid>` or a service manager would. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then kill -9 after 10 s; resolves when the whole group is gone. */
  stop(): Promise<void>;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: Record<string, unknown> | null;
}

export function hasBuild(): boolean {
  return fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'));
}

export async function freePort(): Promise<number> {
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
 * scripts/start.mjs with NODE_ENV=production and env on top. An inherited HOST is dropped so
 * the default bind is what is tested unless env names one.
 */
export function spawnServer(env: Record<string, string>): ChildProcess {
  if (!hasBuild()) throw new Error('No build found: run `npm run build` before the server tests (npm test does).');
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.HOST;
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: { ...inherited, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Starts the built server and waits until it answers on 127.0.0.1. */
export async function startBuiltServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-server-'));
  const child = spawnServer({ PORT: String(port), DATA_DIR: dataDir, ...options.env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const groupGone = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    // The grandchild may outlive its parent by a moment; the DATA_DIR lock is free once it is gone.
    while (groupAlive(child.pid)) {
      if (Date.now() > deadline) throw new Error('the server process group did not end');
      await sleep(20);
    }
  };
  const server: BuiltServer = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early:\n${output}`);
    const reply = await request(server, 'GET', '/bndbox/projects/meta').catch(() => null);
    if (reply?.status === 200) return server;
    if (Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    await sleep(50);
  }
}

function groupAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One raw HTTP request: custom Host/Origin headers go through unchanged. A body is sent with
 * a Content-Length, as browsers and the classifai client do (Node frames a DELETE body only so).
 */
export function request(
  target: { port: number },
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: unknown; host?: string } = {},
): Promise<Reply> {
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const framing = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  const headers = { ...framing, ...options.headers };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: options.host ?? '127.0.0.1', port: target.port, method, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> | null = null;
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
