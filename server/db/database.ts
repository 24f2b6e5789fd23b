import Database from 'better-sqlite3';
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { migrations } from './migrations';
import { NATURAL_SORT_KEY_FUNCTION, naturalSortKey } from './natural-sort-key';

export type SqliteDatabase = Database.Database;

export interface LabelportDatabase {
  sqlite: SqliteDatabase;
  /**
   * Runs fn in one transaction (Repositories.inTransaction): fn may await repository calls,
   * never files or pixels, since every other caller waits at the gate meanwhile. Called from
   * inside the open transaction it is a savepoint: a throw undoes fn alone.
   */
  inTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs a statement (fn, synchronous) for the caller: at once when no transaction is open or
   * the caller is inside it; otherwise once the open transaction has ended, so the statement
   * neither joins a transaction that may roll back nor reads its uncommitted rows.
   */
  whenFree<T>(fn: () => T): Promise<T>;
  /** Called on every ROLLBACK (a savepoint's too), before any waiting caller runs: caches filled inside are dropped. */
  onRollback(listener: () => void): void;
  close(): void;
}

export class DataDirLockedError extends Error {}

/**
 * Opens DATA_DIR/labelport.db. A server first takes DATA_DIR/server.lock (serverLock): a second
 * server on the same DATA_DIR fails at once instead of interleaving writes, and the OS drops the
 * lock when a process dies, so kill -9 leaves no stale lock. The database itself is opened in
 * SQLite's normal locking mode so that the users command can write to it while the server runs.
 */
export function openDatabase(dataDir: string, options: { serverLock?: boolean } = {}): LabelportDatabase {
  // Other local users may read 127.0.0.1 but not the database.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const serverLock = options.serverLock === false ? undefined : takeServerLock(dataDir);
  const file = path.join(dataDir, 'labelport.db');
  const sqlite = new Database(file, { timeout: 5000 });
  try {
    sqlite.pragma('journal_mode = WAL');
    // FULL: an answered update survives power loss, not only a process crash.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Before migrating: a migration fills the key of rows written by older versions.
    sqlite.function(NATURAL_SORT_KEY_FUNCTION, { deterministic: true }, (relPath: unknown) => naturalSortKey(String(relPath)));
    migrate(sqlite);
    sqlite.pragma('busy_timeout = 5000');
  } catch (error) {
    sqlite.close();
    serverLock?.close();
    throw error;
  }
  return {
    sqlite,
    ...createTransactionGate(sqlite),
    close: () => {
      if (!sqlite.open) return;
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
      serverLock?.close();
    },
  };
}

/** A write lock on a file of its own, held for the connection's life (locking_mode=EXCLUSIVE). */
function takeServerLock(dataDir: string): SqliteDatabase {
  // A short timeout: a second server should fail fast, not wait.
  const lock = new Database(path.join(dataDir, 'server.lock'), { timeout: 200 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS held_by (pid INTEGER); DELETE FROM held_by;');
    lock.prepare('INSERT INTO held_by (pid) VALUES (?)').run(process.pid);
    return lock;
  } catch (error) {
    lock.close();
    if (error instanceof Error && /locked|busy/i.test(error.message)) {
      throw new DataDirLockedError(`Another Labelport server is already using ${dataDir}. Stop it, or set DATA_DIR to another folder.`);
    }
    throw error;
  }
}

function migrate(sqlite: SqliteDatabase): void {
  // BEGIN EXCLUSIVE takes the write lock even when nothing is left to migrate.
  sqlite.exec('BEGIN EXCLUSIVE');
  try {
    const applied = sqlite.pragma('user_version', { simple: true }) as number;
    if (applied > migrations.length) {
      throw new Error(`The database in this DATA_DIR was written by a newer Labelport (schema ${applied}).`);
    }
    for (let index = applied; index < migrations.length; index += 1) {
      sqlite.exec(migrations[index] ?? '');
    }
    sqlite.pragma(`user_version = ${migrations.length}`);
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
}

interface OpenTransaction {
  /** False once COMMIT or ROLLBACK ran: a timer or job begun inside fn is outside from then on. */
  open: boolean;
  savepoints: number;
  ended: Promise<void>;
}

/**
 * One connection serves every request, so a transaction that awaits must keep other callers'
 * statements out of it: AsyncLocalStorage tells the transaction's own calls (fn's async
 * context) from everyone else's, who wait at the gate until it ends.
 */
function createTransactionGate(sqlite: SqliteDatabase): Pick<LabelportDatabase, 'inTransaction' | 'whenFree' | 'onRollback'> {
  const context = new AsyncLocalStorage<OpenTransaction>();
  const rollbackListeners: Array<() => void> = [];
  const rolledBack = () => rollbackListeners.forEach((listener) => listener());
  let current: OpenTransaction | undefined;
  // The tail of the transactions waiting their turn: one at a time, in arrival order.
  let queue: Promise<void> = Promise.resolve();

  const inside = (): OpenTransaction | undefined => {
    const store = context.getStore();
    return store !== undefined && store.open && store === current ? store : undefined;
  };

  const savepoint = async <T>(transaction: OpenTransaction, fn: () => Promise<T>): Promise<T> => {
    const name = `s${(transaction.savepoints += 1)}`;
    sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn();
      sqlite.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      sqlite.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      rolledBack();
      throw error;
    } finally {
      transaction.savepoints -= 1;
    }
  };

  const inTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    const open = inside();
    if (open) return savepoint(open, fn);
    const previous = queue;
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    queue = ended;
    await previous;
    const transaction: OpenTransaction = { open: true, savepoints: 0, ended };
    current = transaction;
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      const result = await context.run(transaction, fn);
      sqlite.exec('COMMIT');
      return result;
    } catch (error) {
      // A failed COMMIT may have rolled back already.
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      rolledBack();
      throw error;
    } finally {
      transaction.open = false;
      current = undefined;
      release();
    }
  };

  const whenFree = async <T>(fn: () => T): Promise<T> => {
    // The next queued transaction may begin as soon as one ends: wait for it too.
    while (current && !inside()) await current.ended;
    return fn();
  };

  return { inTransaction, whenFree, onRollback: (listener) => void rollbackListeners.push(listener) };
}
