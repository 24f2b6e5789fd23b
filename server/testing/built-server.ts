// The built server for tests (the launcher in scripts/built-server.mjs, shared with the
// bench), and the one raw-HTTP request that lets Host, Origin and bodies through unchanged.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer as startServerProcess, type BuiltServer } from '@/scripts/built-server.mjs';
import { testDatabaseUrlFor, testStore } from './test-store';

export { freePort, hasBuild, ROOT, spawnServer, type BuiltServer } from '@/scripts/built-server.mjs';

/**
 * On PostgreSQL a restarted process fails at once only the jobs a process of its own machine
 * left "running" (process-owner.ts, where /proc tells); others end once their heartbeat is
 * stale, which with the defaults (2 s beats, stale after 10 s) a test would wait 10 s for.
 */
const SHORT_JOB_TIMING = { LABELPORT_JOB_HEARTBEAT_MS: '300', LABELPORT_JOB_STALE_MS: '1500' };

/**
 * The built server on its DATA_DIR; in a PostgreSQL test run (test-store.ts) also on that
 * DATA_DIR's own database, so a restart on the same DATA_DIR finds its data again, with short
 * job heartbeats unless env sets them.
 */
export async function startBuiltServer(options: Parameters<typeof startServerProcess>[0] = {}): Promise<BuiltServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `labelport-${options.label ?? 'server'}-`));
  const databaseUrl = options.env?.DATABASE_URL ?? (await testDatabaseUrlFor(dataDir));
  const jobTiming = databaseUrl && testStore() === 'postgres' ? SHORT_JOB_TIMING : {};
  return startServerProcess({ ...options, dataDir, env: { ...jobTiming, ...options.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: Record<string, unknown> | null;
}

/**
 * One raw HTTP request: custom Host/Origin headers go through unchanged. A body is sent with
 * a Content-Length, as browsers and the classifai client do (Node frames a DELETE body only so).
 */
export function request(
  target: Pick<BuiltServer, 'port'>,
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
