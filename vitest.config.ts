import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['server/**/*.test.ts', 'components/**/*.test.ts', 'app/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Many files
    // here mostly wait (servers started as child processes, session lifetimes, PostgreSQL), so one
    // per core, and at least two, finish the suite in about two thirds of the time there.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A real PostgreSQL for the PostgreSQL store's tests (server/testing/postgres-server.ts).
    globalSetup: ['server/testing/postgres-global-setup.ts'],
  },
});
