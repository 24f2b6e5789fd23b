// With LABELPORT_TEST_STORE=postgres the e2e suite runs against a real PostgreSQL: one server
// for the run, each built server on a database of its own (server/testing/test-store.ts).
import { startPostgresServer } from '@/server/testing/postgres-server';
import { testStore } from '@/server/testing/test-store';

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (testStore() !== 'postgres') return undefined;
  const server = await startPostgresServer();
  // Workers start after this and inherit it.
  process.env.LABELPORT_TEST_POSTGRES_URL = server.url;
  return server.stop;
}
