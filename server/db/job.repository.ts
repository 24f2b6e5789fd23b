import type { JobRepository, JobRow } from '@/server/core/repositories';
import type { SqliteDatabase } from './database';

// The columns are the record's fields, with the result as JSON text and snake_case times.
type Row = Omit<JobRow, 'result' | 'startedAt' | 'finishedAt'> & { result: string | null; started_at: number; finished_at: number | null };

function parseStoredResult<Result>(text: string): Result {
  const parsed: Result = JSON.parse(text);
  return parsed;
}

export function createJobRepository(sqlite: SqliteDatabase): JobRepository {
  const start = sqlite.prepare("INSERT INTO jobs (kind, key, state, started_at) VALUES (?, ?, 'running', ?)");
  const finish = sqlite.prepare(
    'UPDATE jobs SET state = @state, done = @done, total = @total, message = @message, result = @result, finished_at = @at WHERE id = @id',
  );
  const latest = sqlite.prepare<[string], Row>('SELECT * FROM jobs WHERE key = ? ORDER BY id DESC LIMIT 1');
  const interrupted = sqlite.prepare(
    "UPDATE jobs SET state = 'failed', message = 'Interrupted: the server stopped while this ran', finished_at = ? WHERE state = 'running'",
  );
  return {
    start: (kind, key, at) => Number(start.run(kind, key, at).lastInsertRowid),
    finish: (id, state, f) =>
      void finish.run({ id, state, done: f.done, total: f.total, message: f.message, result: JSON.stringify(f.result ?? null), at: f.at }),
    latest: <Result>(key: string): JobRow<Result> | undefined => {
      const row = latest.get(key);
      if (!row) return undefined;
      return {
        id: row.id,
        kind: row.kind,
        key: row.key,
        state: row.state,
        done: row.done,
        total: row.total,
        message: row.message,
        // The runner stored what this kind's handler returned, and JSON keeps that shape.
        result: row.result === null ? null : parseStoredResult<Result>(row.result),
        startedAt: row.started_at,
        finishedAt: row.finished_at,
      };
    },
    failInterrupted: (at) => interrupted.run(at).changes,
  };
}
