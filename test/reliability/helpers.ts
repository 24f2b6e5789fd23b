// Shared by the reliability tests: the built server in its own process group (so kill -9
// reaches `next start` too, not only scripts/start.mjs), raw HTTP, folder snapshots, polling.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '@/server/testing/built-server';

export interface ServerProcess {
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

export function hasBuild(): boolean {
  return fs.existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'));
}

/**
 * Starts the built server (scripts/start.mjs) as a process-group leader and waits until it
 * answers on 127.0.0.1. HOST is left unset (the default bind) unless env gives it.
 */
export async function startServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  if (!hasBuild()) throw new Error('No build found: run `npm run build` before the reliability tests (npm test does).');
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-rel-data-'));
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.HOST;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
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
  const server: ServerProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    kill9: async () => {
      killGroup('SIGKILL');
      await exited;
      // The grandchild may outlive its parent by a moment; the lock is free once it is gone.
      await waitFor(() => !groupAlive(child.pid), 5_000, 'the server process group to end');
    },
    signal: (signal) => child.kill(signal),
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      await waitFor(() => !groupAlive(child.pid), 10_000, 'the server process group to end');
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

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: Record<string, unknown> | null;
}

/** One raw HTTP request: custom Host/Origin headers go through unchanged. */
export function request(
  target: { port: number },
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: unknown; host?: string } = {},
): Promise<Reply> {
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() is truthy; the failure names what was awaited. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs: number, what: string, everyMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** relPath → sha256 of every file below root (symlinks listed by their target text). */
export function snapshotFolder(root: string, skip: (relPath: string) => boolean = () => false): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (skip(rel)) continue;
      if (entry.isSymbolicLink()) files[rel] = `symlink:${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(full);
      else files[rel] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(root);
  return files;
}

/** A valid PNG of one pixel color; tiny, written many times for big folders. */
export function tinyPng(seed = 0): Buffer {
  // Two rows of two RGB pixels, each row led by filter byte 0.
  const pixels = Buffer.from([0, seed & 255, 1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11]);
  return pngFile(2, 2, zlib.deflateSync(pixels));
}

/** A PNG claiming width x height with the given IDAT payload (use for headers that lie). */
export function pngWithHeader(width: number, height: number, idat: Buffer = zlib.deflateSync(Buffer.alloc(0))): Buffer {
  return pngFile(width, height, idat);
}

function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolor RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, sum]);
}

/** An uncompressed 1-bit BMP (black and white palette): 15,000 x 15,000 is 28 MB on disk, 900 MB as RGBA. */
export function oneBitBmp(width: number, height: number): Buffer {
  const rowBytes = Math.floor((width + 31) / 32) * 4;
  const dataOffset = 14 + 40 + 8; // file header, info header, two palette entries
  const bmp = Buffer.alloc(dataOffset + rowBytes * height, 0x55); // stripes
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(0, 6);
  bmp.writeUInt32LE(dataOffset, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(height, 22);
  bmp.writeUInt16LE(1, 26); // planes
  bmp.writeUInt16LE(1, 28); // bits per pixel
  bmp.writeUInt32LE(0, 30); // BI_RGB
  bmp.writeUInt32LE(rowBytes * height, 34);
  bmp.fill(0, 38, 54);
  bmp.writeUInt32LE(2, 46); // colours used
  bmp.writeUInt32LE(0x00000000, 54);
  bmp.writeUInt32LE(0x00ffffff, 58);
  return bmp;
}
