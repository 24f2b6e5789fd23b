// A real, throwaway PostgreSQL for tests (scripts/postgres-server.mjs, shared with the bench).
export {
  createDatabase,
  createTestDatabase,
  findPostgresBinaries,
  startPostgresServer,
  type PostgresServer,
  type PostgresServerOptions,
} from '@/scripts/postgres-server.mjs';
