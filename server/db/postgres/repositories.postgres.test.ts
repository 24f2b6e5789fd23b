// The repository contract on a real PostgreSQL (the run's server from
// server/testing/postgres-global-setup.ts), a new database per test; and what only PostgreSQL
// has: several processes migrating one database at once.
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '@/server/testing/postgres-server';
import { describeRepositoryContract, type OpenedStore } from '../repository-contract';
import { box, image, placement, project } from '../repository-contract.fixtures';
import { openPostgres } from './database';
import { postgresMigrations } from './migrations';
import { createPostgresRepositories } from './repositories';

const serverUrl = inject('postgresUrl');

async function openStore(url: string): Promise<OpenedStore> {
  const db = await openPostgres(url, { poolSize: 4 });
  return { repos: createPostgresRepositories(db), close: () => db.close(), openAnother: () => openStore(url) };
}

describeRepositoryContract('postgres', async () => openStore(await createTestDatabase(serverUrl, 'contract')), { multiProcess: true });

describe('postgres migrations', () => {
  it('are applied once when two processes open a new database at the same moment', async () => {
    const url = await createTestDatabase(serverUrl, 'migrate');
    const [first, second] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const applied = await first.query<{ version: number }>('SELECT version FROM labelport_schema ORDER BY version');
      expect(applied.rows.map((row) => row.version)).toEqual(postgresMigrations.map((_, index) => index + 1));
      const repos = createPostgresRepositories(second);
      await repos.projects.insert({ id: 'p', name: 'p', type: 'seg', folder: '/f', isNew: true, isStarred: false, versionUuid: 'v', createdAt: 1, lastModifiedAt: 1, labels: [] });
      expect((await createPostgresRepositories(first).projects.findById('p'))?.type).toBe('seg');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    // Opened again, nothing is left to apply and the data stays.
    const again = await openPostgres(url);
    expect((await again.query<{ n: number }>('SELECT count(*) AS n FROM projects')).rows[0]?.n).toBe(1);
    await again.close();
  });

  it('refuse a database a newer Labelport wrote', async () => {
    const url = await createTestDatabase(serverUrl, 'newer');
    const db = await openPostgres(url);
    await db.query('INSERT INTO labelport_schema (version, applied_at) VALUES ($1, 0)', [postgresMigrations.length + 1]);
    await db.close();
    await expect(openPostgres(url)).rejects.toThrow(/newer Labelport/);
  });
});

describe('opening PostgreSQL', () => {
  const poolSize = process.env.DATABASE_POOL_SIZE;
  afterEach(() => {
    if (poolSize === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = poolSize;
  });

  it('refuses a pool size that is not a positive whole number', async () => {
    const url = await createTestDatabase(serverUrl, 'pool');
    for (const size of ['0', '-2', '2.5', 'ten']) {
      process.env.DATABASE_POOL_SIZE = size;
      await expect(openPostgres(url)).rejects.toThrow(/DATABASE_POOL_SIZE/);
    }
    process.env.DATABASE_POOL_SIZE = '2';
    await (await openPostgres(url)).close();
  });

  it('refuses a database whose encoding is not UTF8, creating nothing in it', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const name = `ascii_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'SQL_ASCII' LOCALE 'C'`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await expect(openPostgres(url.toString())).rejects.toThrow(/UTF8/);
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const tables = await check.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    await check.end();
    expect(tables.rows[0]).toEqual({ n: 0 });
  });
});

describe('a transaction whose connection is lost', () => {
  it('fails, without ending the process, and the store goes on with other connections', async () => {
    const db = await openPostgres(await createTestDatabase(serverUrl, 'lost'), { poolSize: 2 });
    const repos = createPostgresRepositories(db);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await expect(
        repos.inTransaction(async () => {
          const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
          await admin.query('SELECT pg_terminate_backend($1)', [pid]);
          // Between two statements, as when fn awaits other work: the socket closes meanwhile.
          await new Promise<void>((resolve) => setTimeout(resolve, 200));
          await repos.projects.insert({ id: 'p', name: 'p', type: 'seg', folder: '/f', isNew: true, isStarred: false, versionUuid: 'v', createdAt: 1, lastModifiedAt: 1, labels: [] });
        }),
      ).rejects.toThrow();
      expect(await repos.projects.listAll()).toEqual([]);
      await repos.inTransaction(() => repos.projects.insert({ id: 'q', name: 'q', type: 'seg', folder: '/f', isNew: true, isStarred: false, versionUuid: 'v', createdAt: 1, lastModifiedAt: 1, labels: [] }));
      expect((await repos.projects.listAll()).map((p) => p.id)).toEqual(['q']);
    } finally {
      await admin.end();
      await db.close();
    }
  });
});

/** A new test database's store (a pool of 2) and a connection of its own beside it, both closed after test. */
async function withStoreAndConnection(name: string, test: (repos: ReturnType<typeof createPostgresRepositories>, connection: pg.Client) => Promise<void>) {
  const url = await createTestDatabase(serverUrl, name);
  const db = await openPostgres(url, { poolSize: 2 });
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    await test(createPostgresRepositories(db), connection);
  } finally {
    await connection.end();
    await db.close();
  }
}

describe('deleting a project while another connection writes one of its images', () => {
  it('waits for that writer (which then bumps the project) instead of deadlocking with it', async () => {
    await withStoreAndConnection('delete', async (repos, writer) => {
      await repos.projects.insert(project('p'));
      await repos.images.insertMany('p', [image('u1', 'a.png'), image('u2', 'b.png')]);
      // A save in its group's transaction: the project row locked first, then the image, then the bump.
      await writer.query('BEGIN');
      await writer.query("SELECT 1 FROM projects WHERE id = 'p' FOR NO KEY UPDATE");
      await writer.query("UPDATE images SET edited_at = 1 WHERE project_id = 'p' AND uuid = 'u1'");
      const deleted = repos.projects.delete('p');
      await waitForLockWait(writer);
      await writer.query("UPDATE projects SET annotations_version = annotations_version + 1 WHERE id = 'p'");
      await writer.query('COMMIT');
      await deleted;
      expect(await repos.projects.findById('p')).toBeUndefined();
      expect(await repos.images.find('p', 'u2')).toBeUndefined();
    });
  });
});

describe('two transactions writing the same images in opposite orders', () => {
  it('wait for each other instead of deadlocking: both land', async () => {
    const url = await createTestDatabase(serverUrl, 'order');
    const [first, second] = await Promise.all([openPostgres(url, { poolSize: 2 }), openPostgres(url, { poolSize: 2 })]);
    const [a, b] = [createPostgresRepositories(first), createPostgresRepositories(second)];
    try {
      await a.projects.insert(project('p'));
      await a.images.insertMany('p', [image('u1', 'a.png'), image('u2', 'b.png')]);
      const shapes = (tag: number) => ({ shapes: [box('car', `s${tag}`)], placement });
      let bothStarted: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (bothStarted = resolve));
      let count = 0;
      // Each saves one image, waits until the other has saved its first, then saves the other image.
      const writer = (repos: typeof a, order: string[], tag: number) =>
        repos.inTransaction(async () => {
          await repos.annotations.save('p', order[0] ?? '', shapes(tag), Date.now());
          if (++count === 2) bothStarted();
          await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 300))]);
          await repos.annotations.save('p', order[1] ?? '', shapes(tag), Date.now());
        });
      // Without one lock order, PostgreSQL finds a deadlock and aborts one: "deadlock detected".
      await expect(Promise.all([writer(a, ['u1', 'u2'], 1), writer(b, ['u2', 'u1'], 2)])).resolves.toBeDefined();
      const stored = await a.annotations.getMany('p', ['u1', 'u2']);
      for (const uuid of ['u1', 'u2']) expect(stored.get(uuid)?.shapes).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('two processes adding the same label at once', () => {
  it('store it once', async () => {
    const url = await createTestDatabase(serverUrl, 'labels');
    const [first, second] = await Promise.all([openPostgres(url, { poolSize: 2 }), openPostgres(url, { poolSize: 2 })]);
    const [a, b] = [createPostgresRepositories(first), createPostgresRepositories(second)];
    try {
      await a.projects.insert(project('p'));
      // Each looked and found no "car" before either wrote it.
      await Promise.all([a.labels.append('p', { name: 'car', color: '#f00' }), b.labels.append('p', { name: 'car', color: '#0f0' })]);
      expect((await a.labels.list('p')).map((label) => label.name)).toEqual(['car']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

/** Resolves once some other connection of the database waits for a lock. */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 500; tries += 1) {
    const waiting = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    if ((waiting.rows[0]?.n ?? 0) > 0) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The delete never waited for the writer');
}

describe('a page of a project that just grew by thousands of images', () => {
  it('walks the natural-order index once the statistics are refreshed, instead of sorting every row', async () => {
    await withStoreAndConnection('plan', async (repos, reader) => {
      await repos.projects.insert(project('p'));
      const many = Array.from({ length: 20_000 }, (_, index) => image(`u${index}`, `img-${index}.png`));
      await repos.images.insertMany('p', many);
      const plan = async () =>
        (await reader.query("EXPLAIN SELECT uuid FROM images AS i WHERE i.project_id = 'p' AND i.present ORDER BY i.sort_key, i.rel_path LIMIT 50 OFFSET 5000")).rows
          .map((row: Record<string, string>) => row['QUERY PLAN'])
          .join('\n');
      await repos.images.refreshStatistics();
      expect(await plan()).toMatch(/Index (Only )?Scan using images_by_natural_path/);
      expect(await plan()).not.toMatch(/Sort/);
      expect((await repos.images.listPage('p', { filter: 'all' }, 5000, 2)).map(({ image: listed }) => listed.relPath)).toEqual(['img-5000.png', 'img-5001.png']);
    });
  });
});
