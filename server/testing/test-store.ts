// Which store a test run exercises: SQLite (the default) or, with LABELPORT_TEST_STORE=postgres,
// the run's real PostgreSQL (started by the Vitest or Playwright global setup, which puts its
// URL in LABELPORT_TEST_POSTGRES_URL). The REST, reliability and e2e suites run once per store.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { createDatabase, createTestDatabase } from './postgres-server';

export type TestStore = 'sqlite' | 'postgres';

export const testStore = (): TestStore => (process.env.LABELPORT_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite');

/** The run's PostgreSQL server (a superuser's URL to its `postgres` database). */
export function testPostgresServerUrl(): string {
  const url = process.env.LABELPORT_TEST_POSTGRES_URL;
  if (!url) throw new Error('No test PostgreSQL: LABELPORT_TEST_POSTGRES_URL is unset (the global setup starts one and sets it).');
  return url;
}

/** A new, empty database on the run's PostgreSQL (for a test that always needs one). */
export function testPostgresDatabase(prefix: string): Promise<string> {
  return createTestDatabase(testPostgresServerUrl(), prefix);
}

/**
 * The DATABASE_URL a server or core on dataDir uses when the run tests PostgreSQL: one
 * database per DATA_DIR, so a restart on the same DATA_DIR finds its data again, as with
 * SQLite. Undefined when the run tests SQLite.
 */
export async function testDatabaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (testStore() !== 'postgres') return undefined;
  const serverUrl = testPostgresServerUrl();
  const name = `dir_${createHash('sha1').update(dataDir).digest('hex').slice(0, 16)}`;
  try {
    return await createDatabase(serverUrl, name, { icuLocale: 'en-US' });
  } catch (error) {
    // 42P04: made by an earlier start on this DATA_DIR.
    if ((error as { code?: string }).code !== '42P04') throw error;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
}

/** Rows of one query on a test database, for tests that check what PostgreSQL holds. */
export async function queryTestDatabase<Row extends object>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}
