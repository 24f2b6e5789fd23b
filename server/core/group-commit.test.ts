// The group commit's promises to its callers, on a stand-in transaction whose COMMIT can fail
// (a full disk, an I/O error): the savepoint behaviour is covered on SQLite by the annotation
// service's tests.
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

function fakeStorage() {
  const storage = { commits: 0, failCommit: false, depth: 0 };
  const inTransaction = <T>(fn: () => T): T => {
    storage.depth += 1;
    try {
      const result = fn();
      if (storage.depth === 1) {
        if (storage.failCommit) throw new Error('disk I/O error');
        storage.commits += 1;
      }
      return result;
    } finally {
      storage.depth -= 1;
    }
  };
  return { storage, inTransaction };
}

describe('group commit', () => {
  it('tells no caller its write was saved when the COMMIT of its group fails', async () => {
    const { storage, inTransaction } = fakeStorage();
    const group = createGroupCommit({ inTransaction });
    storage.failCommit = true;
    const outcomes = await Promise.allSettled([group.run(() => 'a'), group.run(() => 'b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(storage.commits).toBe(0);

    storage.failCommit = false;
    await expect(group.run(() => 'c')).resolves.toBe('c');
    expect(storage.commits).toBe(1);
  });

  it('applies the queued writes at once on flush (before the storage closes), in the order they came', async () => {
    const { storage, inTransaction } = fakeStorage();
    const applied: string[] = [];
    const later: Array<() => void> = [];
    const group = createGroupCommit({ inTransaction, schedule: (apply) => later.push(apply) });
    const writes = ['first', 'second', 'third'].map((name) => group.run(() => applied.push(name)));
    group.flush();
    expect(applied).toEqual(['first', 'second', 'third']);
    await Promise.all(writes);
    later.forEach((apply) => apply());
    expect(storage.commits).toBe(1);
  });
});
