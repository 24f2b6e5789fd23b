// One PostgreSQL for the whole Vitest run (initdb and start cost a few seconds): test files
// make their own databases on it (createTestDatabase). Missing binaries fail the run with the
// package to install: the PostgreSQL store is never silently left untested.
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
  // Forked test workers inherit it: modules shared with Playwright read it (test-store.ts).
  process.env.LABELPORT_TEST_POSTGRES_URL = server.url;
  return server.stop;
}
