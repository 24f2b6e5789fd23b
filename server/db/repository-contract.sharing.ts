// The contract's transaction and job cases, and what a second process on the same database
// sees (for the stores several processes share).
import { beforeEach, describe, expect, it } from 'vitest';
import { box, image, type OpenedStore, type OpenStore, placement, project, useStore } from './repository-contract.fixtures';

const names = async (store: OpenedStore) => (await store.repos.projects.listAll()).map((p) => p.name);
const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function describeSharingContract(open: OpenStore, options: { multiProcess: boolean }): void {
  const s = useStore(open);
  beforeEach(async () => {
    await s.repos.projects.insert(project('p'));
    await s.repos.images.insertMany('p', [image('a', 'a.png'), image('b', 'b.png')]);
  });

  describe('transactions', () => {
    it('undo every write of fn when it throws, and keep them when it returns', async () => {
      const { repos } = s;
      await expect(
        repos.inTransaction(async () => {
          await repos.projects.insert(project('q'));
          await repos.images.insertMany('p', [image('c', 'c.png')]);
          await repos.annotations.save('p', 'a', { shapes: [box('cat')], placement }, 1);
          await repos.labels.append('p', { name: 'cat', color: '#111111' });
          expect(await repos.images.counts('p')).toEqual({ total: 3, labeled: 1 });
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await names(s.store)).toEqual(['p']);
      expect(await repos.images.listUuids('p')).toEqual(['a', 'b']);
      expect(await repos.images.counts('p')).toEqual({ total: 2, labeled: 0 });
      expect(await repos.labels.list('p')).toEqual([]);
      expect(await repos.inTransaction(async () => (await repos.projects.insert(project('q')), 'kept'))).toBe('kept');
      expect(await names(s.store)).toEqual(['p', 'q']);
    });

    it('make a nested call a savepoint: its throw undoes only its own writes', async () => {
      const { repos } = s;
      await repos.inTransaction(async () => {
        await repos.projects.insert(project('outer'));
        await expect(
          repos.inTransaction(async () => {
            await repos.projects.insert(project('inner'));
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
        await repos.inTransaction(() => repos.projects.insert(project('second')));
      });
      expect(await names(s.store)).toEqual(['outer', 'p', 'second']);
    });

    it('go on after a nested call whose statement failed (a constraint), as a group commit does', async () => {
      const { repos } = s;
      await repos.inTransaction(async () => {
        await repos.projects.insert(project('first'));
        await expect(repos.inTransaction(() => repos.projects.insert(project('p')))).rejects.toThrow();
        await repos.projects.insert(project('after'));
      });
      expect(await names(s.store)).toEqual(['after', 'first', 'p']);
    });

    it('leave out calls from other async contexts, and let work started inside run on after', async () => {
      const { repos } = s;
      let issue!: () => void;
      const issued = new Promise<void>((resolve) => (issue = resolve));
      // Chained outside the transaction: the insert runs in this test's context, not fn's.
      const outside = issued.then(() => repos.projects.insert(project('outside')));
      let endTransaction!: () => void;
      const ended = new Promise<void>((resolve) => (endTransaction = resolve));
      let later: Promise<void> | undefined;
      await expect(
        repos.inTransaction(async () => {
          await repos.projects.insert(project('inside'));
          // A job started from inside fn outlives it: its write comes after the transaction.
          later = ended.then(() => repos.projects.insert(project('later')));
          issue();
          // The outside insert may complete meanwhile (PostgreSQL) or wait for the end (SQLite).
          await Promise.race([outside, tick(50)]);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      endTransaction();
      await outside;
      await later;
      expect(await names(s.store)).toEqual(['later', 'outside', 'p']);
    });
    it('keep work started inside fn out of the transactions that come after', async () => {
      const { repos } = s;
      let endFirst!: () => void;
      const firstEnded = new Promise<void>((resolve) => (endFirst = resolve));
      let job: Promise<void> | undefined;
      await repos.inTransaction(async () => {
        job = firstEnded.then(() => repos.projects.insert(project('job')));
      });
      await expect(
        repos.inTransaction(async () => {
          await repos.projects.insert(project('second'));
          endFirst();
          await Promise.race([job, tick(50)]);
          throw new Error('undo second');
        }),
      ).rejects.toThrow('undo second');
      await job;
      expect(await names(s.store)).toEqual(['job', 'p']);
    });
  });

  describe('jobs', () => {
    // Times are real: PostgreSQL stamps heartbeats with its own clock (JobRepository.failStale).
    it('run one job per key: a second start while it runs answers undefined', async () => {
      const { jobs } = s.repos;
      const at = Date.now();
      const id = await jobs.start('scan', 'scan:p', at, 'process-1');
      expect(id).toEqual(expect.any(Number));
      expect(await jobs.start('scan', 'scan:p', at + 1, 'process-2')).toBeUndefined();
      expect(await jobs.start('export', 'export:p', at + 1, 'process-2')).toEqual(expect.any(Number));
      const started = await jobs.latest('scan:p');
      expect(started).toMatchObject({ id, kind: 'scan', state: 'running', owner: 'process-1', startedAt: at, finishedAt: null });
      expect(Math.abs((started?.heartbeatAt ?? 0) - at)).toBeLessThan(5_000);
      expect(await jobs.heartbeat(id ?? -1, { phase: 'probing', done: 3, total: 9, at: at + 10 })).toBe(true);
      expect(await jobs.latest('scan:p')).toMatchObject({ phase: 'probing', done: 3, total: 9, state: 'running' });
      const result = { unreadable: ['x.png'], nested: { z: 1, a: null } };
      expect(await jobs.finish(id ?? -1, 'succeeded', { done: 9, total: 9, message: 'done', result, at: at + 20 })).toBe(true);
      expect(await jobs.latest('scan:p')).toMatchObject({ state: 'succeeded', phase: 'succeeded', done: 9, message: 'done', result, finishedAt: at + 20 });
      // A heartbeat or a finish arriving after the end changes nothing and says so.
      expect(await jobs.heartbeat(id ?? -1, { phase: 'late', done: 1, total: 9, at: at + 30 })).toBe(false);
      expect(await jobs.finish(id ?? -1, 'failed', { done: 1, total: 9, message: 'late', result: null, at: at + 40 })).toBe(false);
      expect(await jobs.latest('scan:p')).toMatchObject({ state: 'succeeded', phase: 'succeeded', done: 9 });
      const again = await jobs.start('scan', 'scan:p', at + 50, 'process-2');
      expect(again).toBeGreaterThan(id ?? Infinity);
      expect(await jobs.latest('scan:p')).toMatchObject({ id: again, state: 'running', result: null, owner: 'process-2' });
      expect(await jobs.latest('nothing')).toBeUndefined();
    });

    it('let exactly one of several simultaneous starts win', async () => {
      const started = await Promise.all(Array.from({ length: 6 }, (_, n) => s.repos.jobs.start('export', 'export:race', 1, `process-${n}`)));
      expect(started.filter((id) => id !== undefined)).toHaveLength(1);
    });

    it("end other processes' jobs whose heartbeats stopped, never the asker's own, so they can start again", async () => {
      const { jobs } = s.repos;
      const stale = await jobs.start('scan', 'scan:stale', Date.now(), 'dead');
      const own = await jobs.start('scan', 'scan:own', Date.now(), 'me');
      // PostgreSQL stamps heartbeats with its own clock, so this waits; the margins are wide: a
      // loaded CI machine once took over 40 ms between the last start and the check.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const alive = await jobs.start('scan', 'scan:alive', Date.now(), 'alive');
      const at = Date.now();
      expect(await jobs.failStale(250, at, 'me')).toBe(1);
      expect(await jobs.latest('scan:stale')).toMatchObject({ id: stale, state: 'failed', finishedAt: at, message: expect.stringMatching(/interrupted/i) });
      expect(await jobs.latest('scan:alive')).toMatchObject({ id: alive, state: 'running' });
      expect(await jobs.latest('scan:own')).toMatchObject({ id: own, state: 'running' });
      // Its process, still working, hears that it lost the job and cannot end it as done.
      expect(await jobs.heartbeat(stale ?? -1, { phase: 'walking', done: 1, total: 2, at: Date.now() })).toBe(false);
      expect(await jobs.finish(stale ?? -1, 'succeeded', { done: 2, total: 2, message: '', result: null, at: Date.now() })).toBe(false);
      expect(await jobs.latest('scan:stale')).toMatchObject({ state: 'failed' });
      expect(await jobs.start('scan', 'scan:stale', Date.now(), 'new')).toEqual(expect.any(Number));
      // A store one process owns fails every running row at its start.
      expect(await jobs.failStale(-1, Date.now())).toBe(3);
    });

    it('name the processes with running jobs, and end at once every running job of one that stopped', async () => {
      const { jobs } = s.repos;
      const gone = [await jobs.start('scan', 'scan:gone-1', 1_000, 'gone'), await jobs.start('export', 'export:gone-2', 1_000, 'gone')];
      const other = await jobs.start('scan', 'scan:other', 1_000, 'other');
      const ended = await jobs.start('scan', 'scan:ended', 1_000, 'ended');
      await jobs.finish(ended ?? -1, 'succeeded', { done: 1, total: 1, message: '', result: null, at: 1_500 });
      expect(await jobs.runningOwners()).toEqual(['gone', 'other']);
      expect(await jobs.failOwner('gone', 2_000)).toBe(2);
      for (const [index, key] of ['scan:gone-1', 'export:gone-2'].entries()) {
        expect(await jobs.latest(key)).toMatchObject({ id: gone[index], state: 'failed', finishedAt: 2_000, message: expect.stringMatching(/interrupted/i) });
      }
      expect(await jobs.latest('scan:other')).toMatchObject({ id: other, state: 'running' });
      expect(await jobs.latest('scan:ended')).toMatchObject({ state: 'succeeded' });
      expect(await jobs.runningOwners()).toEqual(['other']);
      expect(await jobs.failOwner('gone', 3_000)).toBe(0);
    });
  });

  // SQLite's file lock allows one process: these cases exist only where several may share it.
  if (!options.multiProcess) return;
  describe('a second process on the same database', () => {
    const withSecond = async (test: (other: OpenedStore) => Promise<void>) => {
      if (!s.store.openAnother) throw new Error('A store shared by processes gives openAnother');
      const other = await s.store.openAnother();
      try {
        await test(other);
      } finally {
        await other.close();
      }
    };

    it("sees the other's writes, its cached counts and uuid lists included", () =>
      withSecond(async (other) => {
        const { repos } = s;
        // Both processes fill their caches first.
        expect(await repos.images.listUuids('p')).toEqual(['a', 'b']);
        expect(await repos.images.counts('p')).toEqual({ total: 2, labeled: 0 });
        expect(await other.repos.images.listUuids('p')).toEqual(['a', 'b']);
        await other.repos.images.insertMany('p', [image('0', '0.png')]);
        expect(await repos.images.listUuids('p')).toEqual(['0', 'a', 'b']);
        expect(await repos.images.counts('p')).toEqual({ total: 3, labeled: 0 });
        await other.repos.annotations.save('p', 'b', { shapes: [box('cat')], placement }, 1);
        expect(await repos.images.counts('p')).toEqual({ total: 3, labeled: 1 });
        await repos.images.rename('p', 'a', 'z.png');
        await repos.images.setPresent('p', ['0'], false);
        expect(await other.repos.images.listUuids('p')).toEqual(['b', 'a']);
        expect(await other.repos.images.counts('p')).toEqual({ total: 2, labeled: 1 });
        await repos.images.delete('p', 'b');
        expect(await other.repos.images.counts('p')).toEqual({ total: 1, labeled: 0 });
        await repos.projects.delete('p');
        expect(await other.repos.images.listUuids('p')).toEqual([]);
      }));

    it("sees the other's changes in deep pages of the workspace list", () =>
      withSecond(async (other) => {
        const { repos } = s;
        await repos.images.insertMany('p', Array.from({ length: 700 }, (_, i) => image(`u${i}`, `img${i}.png`)));
        const pageAt = async (offset: number) => (await repos.images.listPage('p', { filter: 'all' }, offset, 3)).map(({ image }) => image.uuid);
        // a.png and b.png come first; this process learns the positions on the way.
        expect(await pageAt(600)).toEqual(['u598', 'u599', 'u600']);
        await other.repos.images.insertMany('p', [image('first', '0.png')]);
        expect(await pageAt(600)).toEqual(['u597', 'u598', 'u599']);
        await other.repos.images.delete('p', 'u0');
        await other.repos.images.delete('p', 'u1');
        expect(await pageAt(600)).toEqual(['u599', 'u600', 'u601']);
        await other.repos.images.rename('p', 'u599', 'zz.png');
        expect(await pageAt(600)).toEqual(['u600', 'u601', 'u602']);
      }));

    it('never loses a label nor hands out a class id twice when both add labels at once', () =>
      withSecond(async (other) => {
        const added = Array.from({ length: 8 }, (_, n) => (n % 2 ? other : s.store).repos.labels.append('p', { name: `l${n}`, color: '#000000' }));
        await Promise.all(added);
        const table = await s.repos.labels.table('p');
        expect(table.map((row) => row.name).sort()).toEqual(['l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7']);
        expect(table.map((row) => row.classId).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      }));

    it('keeps the newer of two saves made on different processes, whatever order they land in', () =>
      withSecond(async (other) => {
        await Promise.all([
          s.repos.annotations.save('p', 'a', { shapes: [box('new')], placement }, 20),
          other.repos.annotations.save('p', 'a', { shapes: [box('old')], placement }, 10),
        ]);
        expect((await other.repos.annotations.get('p', 'a'))?.shapes).toEqual([box('new')]);
      }));
  });
}
