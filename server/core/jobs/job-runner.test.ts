import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type LabelportDatabase } from '@/server/db/database';
import { createSqliteRepositories } from '@/server/db/repositories';
import { invalidState } from '../errors';
import { createJobRunner } from './job-runner';

const opened: LabelportDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
const repository = (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-jobs-'))) => {
  const db = openDatabase(dir);
  opened.push(db);
  return { repo: createSqliteRepositories(db).jobs, dir, db };
};

type Kinds = { work: { params: { steps: number }; result: { steps: number } | number | null }; other: { params: null; result: null } };

describe('job runner', () => {
  it('records running before start() returns, then progress, then the outcome', async () => {
    const { repo } = repository();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runner = createJobRunner<Kinds>({
      repository: repo,
      handlers: {
        work: async ({ steps }, context) => {
          context.setPhase('working');
          context.progress(1, steps);
          await gate;
          context.progress(steps, steps);
          return { result: { steps } };
        },
        other: async () => ({ result: null }),
      },
    });
    expect((await runner.start('work', 'k', { steps: 3 })).state).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await runner.status('work', 'k')).toMatchObject({ state: 'running', phase: 'working', done: 1, total: 3 });
    release();
    await runner.settled('k');
    expect(await runner.status('work', 'k')).toMatchObject({ state: 'succeeded', done: 3, total: 3, result: { steps: 3 } });
  });

  it('answers an ended job with its result while the store is still recording it', async () => {
    const { repo } = repository();
    // The store's write of the outcome is held: a status read in that window (a PostgreSQL round
    // trip) used to say "succeeded" with no result, and a client stops polling at "succeeded".
    let recordOutcome: () => void = () => undefined;
    const recording = new Promise<void>((resolve) => (recordOutcome = resolve));
    let recordingStarted: () => void = () => undefined;
    const inWindow = new Promise<void>((resolve) => (recordingStarted = resolve));
    const slowRepo = {
      ...repo,
      finish: async (...args: Parameters<typeof repo.finish>) => {
        recordingStarted();
        await recording;
        return repo.finish(...args);
      },
    };
    const runner = createJobRunner<Kinds>({
      repository: slowRepo,
      handlers: { work: async ({ steps }) => ({ result: { steps } }), other: async () => ({ result: null }) },
    });
    await runner.start('work', 'k', { steps: 2 });
    await inWindow;
    const status = await runner.status('work', 'k');
    recordOutcome();
    await runner.settled('k');
    expect(status).toMatchObject({ state: 'succeeded', result: { steps: 2 } });
  });

  it('returns the running job instead of starting the same key twice', async () => {
    const { repo } = repository();
    let runs = 0;
    const runner = createJobRunner<Kinds>({
      repository: repo,
      handlers: { work: async () => ({ result: ++runs }), other: async () => ({ result: null }) },
    });
    // Asked twice before the first start has its row: the second waits for it.
    const [first, second] = await Promise.all([runner.start('work', 'same', { steps: 1 }), runner.start('work', 'same', { steps: 1 })]);
    expect(second.id).toBe(first.id);
    await runner.settled('same');
    expect(runs).toBe(1);
  });

  it('ends a throwing job as failed with its message, never stuck running', async () => {
    const { repo } = repository();
    const runner = createJobRunner<Kinds>({
      repository: repo,
      handlers: { work: async () => { throw invalidState('the folder vanished'); }, other: async () => ({ result: null }) },
    });
    await runner.start('work', 'k', { steps: 1 });
    await runner.settled('k');
    expect(await runner.status('work', 'k')).toMatchObject({ state: 'failed', message: 'the folder vanished' });
  });

  it('answers no status when the job under a key is of another kind, so a result is never read as the wrong type', async () => {
    const { repo } = repository();
    const runner = createJobRunner<Kinds>({
      repository: repo,
      handlers: { work: async ({ steps }) => ({ result: { steps } }), other: async () => ({ result: null }) },
    });
    await runner.start('work', 'k', { steps: 2 });
    expect(await runner.status('other', 'k')).toBeUndefined();
    await runner.settled('k');
    expect(await runner.status('other', 'k')).toBeUndefined();
    expect(await runner.status('work', 'k')).toMatchObject({ state: 'succeeded', result: { steps: 2 } });
  });

  it('marks jobs a killed process left running as failed at the next start of a store no other process can use', async () => {
    const { repo, dir, db } = repository();
    await repo.start('work', 'orphan', Date.now(), 'killed');
    db.close();
    opened.pop();
    const reopened = repository(dir);
    const runner = createJobRunner<Kinds>({
      repository: reopened.repo,
      handlers: { work: async () => ({ result: null }), other: async () => ({ result: null }) },
      exclusiveStore: true,
    });
    expect(await runner.isRunning('orphan')).toBe(false);
    expect(await reopened.repo.latest('orphan')).toMatchObject({ state: 'failed', message: expect.stringMatching(/Interrupted/) });
  });
});
