// Runs the tasks given under one key one after another, in the order they were given, while
// tasks of other keys run freely. SQLite's one connection keeps a project's label changes in
// arrival order by itself; on PostgreSQL each change awaits its own pooled connection (and the
// project lookup before it), so two adds sent at once could land in either order without this.

export interface SerialPerKey {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function createSerialPerKey(): SerialPerKey {
  // The last task queued per key; removed once it settles and nothing queued after it.
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      // A failed task must not stop the ones queued after it: each hears only its own outcome.
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
