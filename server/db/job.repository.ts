import type { JobRepository } from '@/server/core/repositories';
import { type StoredJobRow as Row, toJobRow } from './stored-rows';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';


export function createJobRepository(sqlite: SqliteDatabase): Synchronous<JobRepository> {
  // The partial unique index on running keys makes this the one place a key's runner is chosen.
  const start = sqlite.prepare(
    `INSERT INTO jobs (kind, key, state, started_at, owner, heartbeat_at, started_by) VALUES (?, ?, 'running', ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  const heartbeat = sqlite.prepare(
    "UPDATE jobs SET phase = @phase, done = @done, total = @total, heartbeat_at = @at WHERE id = @id AND state = 'running'",
  );
  const finish = sqlite.prepare(
    `UPDATE jobs SET state = @state, phase = @state, done = @done, total = @total, message = @message, result = @result,
       finished_at = @at WHERE id = @id AND state = 'running'`,
  );
  const latest = sqlite.prepare<[string], Row>('SELECT * FROM jobs WHERE key = ? ORDER BY id DESC LIMIT 1');
  const stale = sqlite.prepare(
    `UPDATE jobs SET state = 'failed', phase = 'failed', message = 'Interrupted: the server stopped while this ran', finished_at = ?
     WHERE state = 'running' AND heartbeat_at < ? AND owner IS NOT ?`,
  );
  const owners = sqlite.prepare<[], { owner: string }>("SELECT DISTINCT owner FROM jobs WHERE state = 'running' ORDER BY owner");
  const failOwner = sqlite.prepare(
    `UPDATE jobs SET state = 'failed', phase = 'failed', message = 'Interrupted: the server stopped while this ran', finished_at = ?
     WHERE state = 'running' AND owner = ?`,
  );
  return {
    start: (kind, key, at, owner, startedBy = '') => {
      const inserted = start.run(kind, key, at, owner, at, startedBy);
      return inserted.changes === 0 ? undefined : Number(inserted.lastInsertRowid);
    },
    heartbeat: (id, p) => heartbeat.run({ id, phase: p.phase, done: p.done, total: p.total, at: p.at }).changes === 1,
    finish: (id, state, f) =>
      finish.run({ id, state, done: f.done, total: f.total, message: f.message, result: JSON.stringify(f.result ?? null), at: f.at }).changes === 1,
    latest: (key) => {
      const row = latest.get(key);
      return row ? toJobRow(row) : undefined;
    },
    failStale: (staleAfterMs, at, exceptOwner) => stale.run(at, at - staleAfterMs, exceptOwner ?? null).changes,
    runningOwners: () => owners.all().map((row) => row.owner),
    failOwner: (owner, at) => failOwner.run(at, owner).changes,
  };
}
