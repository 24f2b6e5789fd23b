// Group commit: with synchronous=FULL every COMMIT waits for an fsync, and better-sqlite3 waits
// on the event loop, so ten clients saving at once used to queue behind ten fsyncs. Writes that
// arrive in the same event-loop turn (or while the previous group was committing, which blocks
// the loop) are applied in one transaction and share one fsync. Each caller is answered only
// after COMMIT has returned, so an answered write is as durable as before.

export interface GroupCommitDeps {
  /** Runs fn in a transaction; a nested call must be a savepoint (a throw undoes only it). */
  inTransaction: <T>(fn: () => T) => T;
  /** Runs inside the group's transaction after its writes: work done once per group. */
  beforeCommit?: () => void;
  /** When the queued writes are applied: the next turn of the event loop unless a test says otherwise. */
  schedule?: (apply: () => void) => void;
}

export interface GroupCommit {
  /** Applies write in the next group; resolves with its result once that group is committed. */
  run<T>(write: () => T): Promise<T>;
  /** Applies the queued writes now (before the storage closes). */
  flush(): void;
}

interface QueuedWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function createGroupCommit(deps: GroupCommitDeps): GroupCommit {
  const { inTransaction, beforeCommit } = deps;
  const schedule = deps.schedule ?? ((apply: () => void) => void setImmediate(apply));
  let queue: QueuedWrite[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    let outcomes: Outcome[] = [];
    try {
      inTransaction(() => {
        // Each write in its own savepoint: a write that throws (its image deleted meanwhile, a
        // constraint) is undone and fails alone while the others of the group still commit.
        outcomes = group.map(({ write }): Outcome => {
          try {
            return { ok: true, value: inTransaction(write) };
          } catch (error) {
            return { ok: false, error };
          }
        });
        beforeCommit?.();
      });
    } catch (error) {
      // Nothing of the group was committed: every caller hears so, none is told it was saved.
      for (const queued of group) queued.reject(error);
      return;
    }
    group.forEach((queued, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) queued.resolve(outcome.value);
      else queued.reject(outcome?.error);
    });
  };

  return {
    run: <T>(write: () => T) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
      }),
    flush,
  };
}
