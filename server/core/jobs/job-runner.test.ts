import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type LabelportDatabase } from '@/server/db/database';
import { createJobRepository } from '@/server/db/job.repository';
import { invalidState } from '../errors';
import { createJobRunner } from './job-runner';

const opened: LabelportDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
const repository = (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-jobs-'))) => {
  const db = openDatabase(dir);
  opened.push(db);
  return { repo: createJobRepository(db.sqlite), dir, db };
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
    expect(runner.start('work', 'k', { steps: 3 }).state).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runner.status('work', 'k')).toMatchObject({ state: 'running', phase: 'working', done: 1, total: 3 });
    release();
    await runner.settled('k');
    expect(runner.status('work', 'k')).toMatchObject({ state: 'succeeded', done: 3, total: 3, result: { steps: 3 } });
  });

  it('returns the running job instead of starting the same key twice', async () => {
    const { repo } = repository();
    let runs = 0;
    const runner = createJobRunner<Kinds>({
      repository: repo,
      handlers: { work: async () => ({ result: ++runs }), other: async () => ({ result: null }) },
    });
    const first = runner.start('work', 'same', { steps: 1 });
    const second = runner.start('work', 'same', { steps: 1 });
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
    runner.start('work', 'k', { steps: 1 });
    await runner.settled('k');
    expect(runner.status('work', 'k')).toMatchObject({ state: 'failed', message: 'the folder vanished' });
  });

  it('answers no status when the job under a key is of another kind, so a result is never read as the wrong type', async () => {
    const { repo } = repository();
    const runner = createJobRunner<Kinds>({
      repository: repo,
      handlers: { work: async ({ steps }) => ({ result: { steps } }), other: async () => ({ result: null }) },
    });
    runner.start('work', 'k', { steps: 2 });
    expect(runner.status('other', 'k')).toBeUndefined();
    await runner.settled('k');
    expect(runner.status('other', 'k')).toBeUndefined();
    expect(runner.status('work', 'k')).toMatchObject({ state: 'succeeded', result: { steps: 2 } });
  });

  it('marks jobs a killed process left running as failed at the next start', () => {
    const { repo, dir, db } = repository();
    repo.start('work', 'orphan', Date.now());
    db.close();
    opened.pop();
    const reopened = repository(dir);
    createJobRunner<Kinds>({ repository: reopened.repo, handlers: { work: async () => ({ result: null }), other: async () => ({ result: null }) } });
    expect(reopened.repo.latest('orphan')).toMatchObject({ state: 'failed', message: expect.stringMatching(/Interrupted/) });
  });
});
