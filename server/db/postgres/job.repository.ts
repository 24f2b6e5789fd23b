import type { JobRepository, JobRow } from '@/server/core/repositories';
import { type StoredJobRow as Row, toJobRow } from '../stored-rows';
import type { PostgresDatabase } from './database';


// Liveness is stamped and judged by the database's clock: the processes may run on machines whose
// clocks differ by more than a heartbeat, and one must never fail another's live job for it.
const DB_NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

export function createJobRepository(db: PostgresDatabase): JobRepository {
  return {
    // The partial unique index on running keys decides which process runs a key: a second
    // INSERT waits for the first to commit, then does nothing and returns no row.
    start: async (kind, key, at, owner, startedBy = '') => {
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO jobs (kind, key, state, started_at, owner, heartbeat_at, started_by) VALUES ($1, $2, 'running', $3, $4, ${DB_NOW_MS}, $5)
         ON CONFLICT DO NOTHING RETURNING id`,
        [kind, key, at, owner, startedBy],
      );
      return inserted.rows[0]?.id;
    },
    heartbeat: async (id, p) =>
      (
        await db.query(`UPDATE jobs SET phase = $2, done = $3, total = $4, heartbeat_at = ${DB_NOW_MS} WHERE id = $1 AND state = 'running'`, [
          id,
          p.phase,
          p.done,
          p.total,
        ])
      ).rowCount === 1,
    finish: async (id, state, f) =>
      (
        await db.query(
          `UPDATE jobs SET state = $2, phase = $2, done = $3, total = $4, message = $5, result = $6, finished_at = $7 WHERE id = $1 AND state = 'running'`,
          [id, state, f.done, f.total, f.message, JSON.stringify(f.result ?? null), f.at],
        )
      ).rowCount === 1,
    latest: async <Result>(key: string): Promise<JobRow<Result> | undefined> => {
      const row = (await db.query<Row>(`SELECT id, kind, key, state, phase, done, total, message, result, started_at, finished_at, owner, heartbeat_at, started_by
         FROM jobs WHERE key = $1 ORDER BY id DESC LIMIT 1`, [key])).rows[0];
      return row ? toJobRow(row) : undefined;
    },
    failStale: async (staleAfterMs, at, exceptOwner) =>
      (
        await db.query(
          `UPDATE jobs SET state = 'failed', phase = 'failed', message = 'Interrupted: the server stopped while this ran', finished_at = $2
           WHERE state = 'running' AND heartbeat_at < ${DB_NOW_MS} - $1 AND owner IS DISTINCT FROM $3`,
          [staleAfterMs, at, exceptOwner ?? null],
        )
      ).rowCount,
    runningOwners: async () =>
      (await db.query<{ owner: string }>("SELECT DISTINCT owner FROM jobs WHERE state = 'running' ORDER BY owner")).rows.map((row) => row.owner),
    failOwner: async (owner, at) =>
      (
        await db.query(
          `UPDATE jobs SET state = 'failed', phase = 'failed', message = 'Interrupted: the server stopped while this ran', finished_at = $2
           WHERE state = 'running' AND owner = $1`,
          [owner, at],
        )
      ).rowCount,
  };
}
