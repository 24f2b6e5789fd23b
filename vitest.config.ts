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
    // A real PostgreSQL for the PostgreSQL store's tests (server/testing/postgres-server.ts).
    globalSetup: ['server/testing/postgres-global-setup.ts'],
  },
});
