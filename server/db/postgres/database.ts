/**
 * The team server's store: PostgreSQL, chosen with DATABASE_URL (a libpq URL such as
 * `postgres://labelport:secret@db.example:5432/labelport`; `?sslmode=require` and the other
 * node-postgres URL parameters apply). Several Labelport processes may serve one database.
 * DATABASE_POOL_SIZE (default 10) caps this process's connections: each transaction holds one
 * for its whole length, other calls borrow one per statement. The schema is created or brought
 * up to date on open (migrations.ts); a database written by a newer Labelport is refused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { invalidInput } from '@/server/core/errors';
import { migratePostgres } from './migrations';

export type SqlValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

export interface PostgresDatabase {
  /**
   * One statement on the open transaction's connection when called from inside
   * inTransaction's fn (and that transaction is still open), else on any pooled connection.
   */
  query<Row extends object>(text: string, values?: readonly SqlValue[]): Promise<{ rows: Row[]; rowCount: number }>;
  /** Several statements without parameters (a migration), where query would run them. */
  execute(script: string): Promise<void>;
  /**
   * Inside a transaction, locks the project's row before the first write to its images: every
   * transaction then takes a project's locks in one order (project, then images), so a save and
   * a label merge or a folder scan on the same images wait for each other instead of
   * deadlocking. Outside a transaction, nothing (a single statement cannot deadlock with itself).
   */
  lockProject(projectId: string): Promise<void>;
  /** BEGIN ... COMMIT on one pooled connection; nested, a savepoint (see Repositories.inTransaction). */
  inTransaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const NUL_REFUSED = 'Text with a NUL character (\\u0000) cannot be stored';

const hasNul = (value: SqlValue): boolean =>
  typeof value === 'string' ? value.includes('\0') : Array.isArray(value) && value.some((each) => typeof each === 'string' && each.includes('\0'));

/**
 * PostgreSQL's text cannot hold a NUL and refuses a parameter with one, where SQLite stores
 * it. Nothing stored can then equal such a text, so a read answers what it would for any
 * unknown name: no rows; a write is refused as bad input before it reaches the server, never
 * as an internal error.
 */
function refusingNul(text: string, values: readonly SqlValue[]): { rows: never[]; rowCount: 0 } | undefined {
  if (!values.some(hasNul)) return undefined;
  if (/^\s*SELECT\b/i.test(text)) return { rows: [], rowCount: 0 };
  throw invalidInput(NUL_REFUSED);
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// count(*), sum() and BIGINT columns (times in ms, ids) arrive as strings by default: every
// value Labelport stores fits a double exactly, so they become numbers. Set on this pool only,
// not on pg's global types, so other users of pg in the process are unaffected.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (text: string) => Number(text);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

interface TransactionContext {
  client: pg.PoolClient;
  /** False once fn has settled: work started inside fn that outlives it uses the pool. */
  open: boolean;
  savepoints: number;
  /** Projects whose row this transaction has locked (lockProject). */
  locked: Set<string>;
}

/** Statements are prepared once per connection, named by their text. */
const statementName = (text: string) => `lp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

function poolSizeFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 up, not "${value}".`);
  return size;
}

/** Opens the pool for DATABASE_URL (see the top of this file) and migrates the schema. */
export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<PostgresDatabase> {
  const poolSize = options.poolSize ?? poolSizeFromEnv(process.env.DATABASE_POOL_SIZE);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    // An unreachable server or a stuck transaction must fail requests, not hang them (and the
    // job heartbeats) forever; a long export reads in pages, each far below these.
    connectionTimeoutMillis: 10_000,
    statement_timeout: 120_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle connection the server drops (restart, network) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  const transactions = new AsyncLocalStorage<TransactionContext>();

  const runner = () => {
    const context = transactions.getStore();
    return context?.open ? context.client : pool;
  };
  const query: PostgresDatabase['query'] = async <Row extends object>(text: string, values: readonly SqlValue[] = []) => {
    const refused = refusingNul(text, values);
    if (refused) return refused;
    const result = await runner().query<Row>({ name: statementName(text), text, values: values as unknown[] });
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };

  const execute = async (script: string) => {
    await runner().query(script);
  };

  const inTransaction: PostgresDatabase['inTransaction'] = async (fn) => {
    const context = transactions.getStore();
    if (context?.open) {
      context.savepoints += 1;
      const savepoint = `s${context.savepoints}`;
      await context.client.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn();
        await context.client.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        await context.client.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        await context.client.query(`RELEASE SAVEPOINT ${savepoint}`);
        // Row locks taken inside the savepoint went with it.
        context.locked.clear();
        throw error;
      } finally {
        context.savepoints -= 1;
      }
    }
    const client = await pool.connect();
    const own: TransactionContext = { client, open: true, savepoints: 0, locked: new Set() };
    let broken: Error | undefined;
    // The pool listens for errors of idle connections only: one lost while this transaction
    // holds it (between two statements) would otherwise be an unhandled 'error' event, which
    // ends the process. The next statement fails instead, and the connection is discarded.
    const lost = (error: Error) => {
      broken = error;
    };
    client.on('error', lost);
    try {
      await client.query('BEGIN');
      const result = await transactions.run(own, fn).finally(() => {
        // Work fn started but did not await (a job) goes on after the transaction: on the pool.
        own.open = false;
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackFailed) {
        // The connection itself failed: it must not go back to the pool.
        broken = rollbackFailed as Error;
      }
      throw error;
    } finally {
      client.off('error', lost);
      client.release(broken);
    }
  };

  const lockProject = async (projectId: string) => {
    const context = transactions.getStore();
    if (!context?.open || context.locked.has(projectId)) return;
    await context.client.query({ name: 'lp_lock_project', text: 'SELECT 1 FROM projects WHERE id = $1 FOR NO KEY UPDATE', values: [projectId] });
    context.locked.add(projectId);
  };

  const db: PostgresDatabase = { query, execute, lockProject, inTransaction, close: () => pool.end() };
  try {
    await migratePostgres(db);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return db;
}
