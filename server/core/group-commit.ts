// Group commit: with synchronous=FULL every COMMIT waits for an fsync, and better-sqlite3 waits
// on the event loop, so ten clients saving at once used to queue behind ten fsyncs. Writes that
// arrive in the same event-loop turn (or while the previous group was committing) are applied in
// one transaction and share one fsync; one group commits at a time. Each caller is answered only
// after COMMIT has returned, so an answered write is as durable as before.

export interface GroupCommitDeps {
  /** Runs fn in a transaction; a nested call must be a savepoint (a throw undoes only it). */
  inTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * Runs inside the group's transaction before its writes, with the keys its writes named, each
   * once: it must take them in one order whatever the order given, so the group cannot deadlock
   * with another process's, as locks taken write by write in arrival order could.
   */
  lockKeys?: (keys: readonly string[]) => Promise<void>;
  /** When the queued writes are applied: the next turn of the event loop unless a test says otherwise. */
  schedule?: (apply: () => void) => void;
}

export interface GroupCommit {
  /** Applies write in the next group; resolves with its result once that group is committed. key: what it locks (lockKeys). */
  run<T>(write: () => Promise<T>, key?: string): Promise<T>;
  /** Applies the queued writes now (before the storage closes); resolves once all are committed. */
  flush(): Promise<void>;
}

interface QueuedWrite {
  write: () => Promise<unknown>;
  key: string | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function createGroupCommit(deps: GroupCommitDeps): GroupCommit {
  const { inTransaction, lockKeys } = deps;
  const schedule = deps.schedule ?? ((apply: () => void) => void setImmediate(apply));
  let queue: QueuedWrite[] = [];
  let scheduled = false;
  let draining: Promise<void> | undefined;

  // Never rejects: every caller of the group hears its own outcome.
  const commitGroup = async (group: readonly QueuedWrite[]) => {
    const outcomes: Outcome[] = [];
    try {
      await inTransaction(async () => {
        if (lockKeys) {
          // Each once; the order that avoids deadlocks is lockKeys' own (repos.lockProjects sorts).
          const keys = [...new Set(group.flatMap(({ key }) => (key === undefined ? [] : [key])))];
          if (keys.length > 0) await lockKeys(keys);
        }
        // Each write in its own savepoint, one after the other (a group keeps its arrival
        // order): a write that throws (its image deleted meanwhile, a constraint) is undone and
        // fails alone while the others of the group still commit.
        // A group of one needs no savepoint: its write failing undoes the whole transaction, which
        // holds nothing else (PostgreSQL pays two round trips for a savepoint, the usual case at
        // one client).
        const [single] = group;
        if (group.length === 1 && single) outcomes.push({ ok: true, value: await single.write() });
        else {
          for (const { write } of group) {
            try {
              outcomes.push({ ok: true, value: await inTransaction(write) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        }
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

  // Writes queued while a group commits form the next group, committed right after it.
  const drain = async () => {
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      await commitGroup(group);
    }
  };

  const flush = async (): Promise<void> => {
    scheduled = false;
    while (draining) await draining;
    if (queue.length === 0) return;
    draining = drain().finally(() => (draining = undefined));
    await draining;
  };

  return {
    run: <T>(write: () => Promise<T>, key?: string) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ write, key, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          schedule(() => void flush());
        }
      }),
    flush,
  };
}
