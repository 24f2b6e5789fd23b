// The group commit's promises to its callers, on a stand-in transaction whose COMMIT can fail
// (a full disk, an I/O error) or be held back: the savepoint behaviour is covered on SQLite by
// the annotation service's tests.
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

function fakeStorage() {
  const storage = { commits: 0, failCommit: false, depth: 0, open: 0, mostOpen: 0, holdCommit: undefined as Promise<void> | undefined, undone: 0 };
  const inTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    const outer = storage.depth === 0;
    storage.depth += 1;
    if (outer) storage.mostOpen = Math.max(storage.mostOpen, (storage.open += 1));
    try {
      const result = await fn();
      if (outer) {
        await storage.holdCommit;
        if (storage.failCommit) throw new Error('disk I/O error');
        storage.commits += 1;
      }
      return result;
    } catch (error) {
      if (!outer) storage.undone += 1;
      throw error;
    } finally {
      storage.depth -= 1;
      if (outer) storage.open -= 1;
    }
  };
  return { storage, inTransaction };
}

const settledState = async (promise: Promise<unknown>) => {
  let state = 'pending';
  void promise.then(() => (state = 'resolved'), () => (state = 'rejected'));
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('group commit', () => {
  it('tells no caller its write was saved when the COMMIT of its group fails', async () => {
    const { storage, inTransaction } = fakeStorage();
    const group = createGroupCommit({ inTransaction });
    storage.failCommit = true;
    const outcomes = await Promise.allSettled([group.run(async () => 'a'), group.run(async () => 'b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(storage.commits).toBe(0);

    storage.failCommit = false;
    await expect(group.run(async () => 'c')).resolves.toBe('c');
    expect(storage.commits).toBe(1);
  });

  it('applies the queued writes on flush (before the storage closes), in the order they came, in one commit', async () => {
    const { storage, inTransaction } = fakeStorage();
    const applied: string[] = [];
    const later: Array<() => void> = [];
    const group = createGroupCommit({ inTransaction, schedule: (apply) => later.push(apply) });
    const writes = ['first', 'second', 'third'].map((name) => group.run(async () => applied.push(name)));
    await group.flush();
    expect(applied).toEqual(['first', 'second', 'third']);
    await Promise.all(writes);
    later.forEach((apply) => apply());
    expect(storage.commits).toBe(1);
  });

  it("locks what a group's writes name first, each once, before any write", async () => {
    const { inTransaction } = fakeStorage();
    const steps: string[] = [];
    const group = createGroupCommit({ inTransaction, lockKeys: async (keys) => void steps.push(`lock ${keys.join(',')}`) });
    await Promise.all(['q', 'p', 'q', undefined].map((key, index) => group.run(async () => void steps.push(`write ${index}`), key)));
    expect(steps).toEqual(['lock q,p', 'write 0', 'write 1', 'write 2', 'write 3']);
  });

  it('fails a throwing write alone: its savepoint is undone and the others of the group commit', async () => {
    const { storage, inTransaction } = fakeStorage();
    const group = createGroupCommit({ inTransaction });
    const outcomes = await Promise.allSettled([
      group.run(async () => 'kept'),
      group.run(async () => {
        throw new Error('image deleted meanwhile');
      }),
      group.run(async () => 'also kept'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(storage).toMatchObject({ commits: 1, undone: 1 });
  });

  it('answers a caller only once its group committed, and commits the writes that came meanwhile as the next group', async () => {
    const { storage, inTransaction } = fakeStorage();
    const group = createGroupCommit({ inTransaction });
    let release: () => void = () => undefined;
    storage.holdCommit = new Promise((resolve) => (release = resolve));
    const first = group.run(async () => 'first');
    await new Promise((resolve) => setImmediate(resolve));
    // The first group waits for its COMMIT: its caller has no answer yet.
    expect(await settledState(first)).toBe('pending');
    const meanwhile = [group.run(async () => 'second'), group.run(async () => 'third')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(await settledState(meanwhile[0] ?? Promise.reject(new Error('no write')))).toBe('pending');
    expect(storage.commits).toBe(0);

    storage.holdCommit = undefined;
    release();
    await expect(first).resolves.toBe('first');
    await expect(Promise.all(meanwhile)).resolves.toEqual(['second', 'third']);
    expect(storage.commits).toBe(2);
    expect(storage.mostOpen).toBe(1);
  });
});
