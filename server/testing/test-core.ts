// A real core on a temp DATA_DIR, and a REST client that calls the adapter in process with
// new Request(...): the same code path as the server, minus the network.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRestHandler } from '@/server/api/rest-adapter';
import type { Core } from '@/server/core';
import { scanJobKey } from '@/server/core/jobs/job-kinds';
import type { Repositories } from '@/server/core/repositories';
import type { AnnotationType } from '@/server/core/types';
import type { Chooser } from '@/server/files/chooser';
import { openCore } from '@/server/runtime/open-core';
import { testDatabaseUrlFor, type TestStore } from './test-store';

export interface ChooserStub extends Chooser {
  /** What the next choose() answers ('' = cancelled). */
  next: { folder: string; file: string };
}

export function createChooserStub(): ChooserStub {
  const next = { folder: '', file: '' };
  return { next, available: async () => true, choose: async (kind) => next[kind] };
}

export interface RestReply {
  status: number;
  contentType: string | null;
  body: Record<string, unknown>;
}

export interface RestClient {
  get(path: string): Promise<RestReply>;
  put(path: string, body?: unknown): Promise<RestReply>;
  delete(path: string, body?: unknown): Promise<RestReply>;
  send(method: string, path: string, rawBody?: string, headers?: Record<string, string>): Promise<RestReply>;
}

export function createRestClient(core: Core): RestClient {
  const handle = createRestHandler(async () => core);
  const send = async (method: string, urlPath: string, rawBody?: string, headers: Record<string, string> = {}) => {
    const request = new Request(`http://localhost:9999${urlPath}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: rawBody,
    });
    const response = await handle(request, urlPath);
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };
  const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  return {
    get: (urlPath) => send('GET', urlPath),
    put: (urlPath, body) => send('PUT', urlPath, json(body)),
    delete: (urlPath, body) => send('DELETE', urlPath, json(body)),
    send,
  };
}

export interface TestCore {
  core: Core;
  dataDir: string;
  chooser: ChooserStub;
  rest: RestClient;
  /** Waits for the project's scan (creation or reload) to end. */
  scanSettled(type: AnnotationType, name: string): Promise<void>;
  close(): Promise<void>;
}

export interface TestCoreOptions {
  /** Wraps the repositories the core gets (SQLite or, in a PostgreSQL run, PostgreSQL), e.g. to watch its transactions. */
  wrapRepositories?: (repos: Repositories) => Repositories;
  /** The core's clock (Date.now when absent). */
  now?: () => number;
  /** 'sqlite' for a test about SQLite's own behaviour: SQLite whichever store the run tests. */
  store?: Extract<TestStore, 'sqlite'>;
  /** LABELPORT_ROOTS for this core. */
  projectRoots?: readonly string[];
}

export async function createTestCore(options: TestCoreOptions = {}): Promise<TestCore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-data-'));
  const chooser = createChooserStub();
  const { wrapRepositories, now } = options;
  const databaseUrl = options.store === 'sqlite' ? undefined : await testDatabaseUrlFor(dataDir);
  const core = await openCore({ dataDir, databaseUrl, chooser, now, wrapRepositories, projectRoots: options.projectRoots, log: () => undefined });
  return {
    core,
    dataDir,
    chooser,
    rest: createRestClient(core),
    scanSettled: async (type, name) => {
      const project = await core.projects.get(type, name);
      await core.jobs.settled(scanJobKey(project.id));
    },
    close: () => core.close(),
  };
}
