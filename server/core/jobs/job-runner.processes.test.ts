// Several processes on one store (the team server): two runners on one job table stand for
// two processes. A job runs on one of them; the other answers its status from the row, and
// takes the key over once the first stops sending heartbeats (it was killed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type LabelportDatabase } from '@/server/db/database';
import { createSqliteRepositories } from '@/server/db/repositories';
import type { JobRepository } from '../repositories';
import { createJobRunner, type JobContext } from './job-runner';

type Kinds = { work: { params: null; result: string } };

const opened: LabelportDatabase[] = [];
const releases: Array<() => void> = [];
afterEach(() => {
  releases.splice(0).forEach((release) => release());
  opened.splice(0).forEach((db) => db.close());
});

function store(): JobRepository {
  const db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-processes-')));
  opened.push(db);
  return createSqliteRepositories(db).jobs;
}

/** A process's runner whose job reports a step and progress, then waits until released. */
function serverProcess(name: string, repository: JobRepository, options: { now: () => number; heartbeatMs?: number; staleAfterMs?: number }) {
  const handled: string[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  releases.push(release);
  const runner = createJobRunner<Kinds>({
    repository,
    owner: name,
    handlers: {
      work: async (_params, context: JobContext) => {
        handled.push(name);
        context.setPhase('working');
        context.progress(2, 5);
        await released;
        return { result: name };
      },
    },
    now: options.now,
    heartbeatMs: options.heartbeatMs ?? 60_000,
    staleAfterMs: options.staleAfterMs ?? 10_000,
  });
  return { runner, handled, release };
}

describe('jobs on several processes', () => {
  it('startIfIdle: of asks arriving at once, in one process and in two, exactly one starts the job', async () => {
    const jobs = store();
    const first = serverProcess('first', jobs, { now: Date.now });
    const second = serverProcess('second', jobs, { now: Date.now });
    const asks = await Promise.all([first.runner.startIfIdle('work', 'export', null), first.runner.startIfIdle('work', 'export', null), second.runner.startIfIdle('work', 'export', null)]);
    expect(asks.filter((ask) => ask !== undefined)).toHaveLength(1);
    await vi.waitFor(() => expect([...first.handled, ...second.handled]).toHaveLength(1));
    first.release();
    second.release();
    await Promise.all([first.runner.settled('export'), second.runner.settled('export')]);
    // Once it ended, the key is free again.
    expect(await second.runner.startIfIdle('work', 'export', null)).toMatchObject({ state: 'running' });
  });

  it('runs a key on one process: another asked to start it answers the running job and runs nothing', async () => {
    const jobs = store();
    const first = serverProcess('first', jobs, { now: Date.now });
    const second = serverProcess('second', jobs, { now: Date.now });
    const started = await first.runner.start('work', 'scan:p', null);
    const asked = await second.runner.start('work', 'scan:p', null);
    expect(asked).toMatchObject({ id: started.id, state: 'running' });
    expect(await second.runner.isRunning('scan:p')).toBe(true);
    first.release();
    await first.runner.settled('scan:p');
    expect(first.handled).toEqual(['first']);
    expect(second.handled).toEqual([]);
    expect(await second.runner.status('work', 'scan:p')).toMatchObject({ state: 'succeeded', result: 'first' });
  });

  it("answers another process's job with the step and progress of its last heartbeat", async () => {
    const jobs = store();
    const first = serverProcess('first', jobs, { now: Date.now, heartbeatMs: 5 });
    const second = serverProcess('second', jobs, { now: Date.now });
    await first.runner.start('work', 'export', null);
    expect(await second.runner.status('work', 'export')).toMatchObject({ state: 'running', done: 0, total: 0 });
    await vi.waitFor(async () => {
      expect(await second.runner.status('work', 'export')).toMatchObject({ state: 'running', phase: 'working', done: 2, total: 5 });
    });
    await first.runner.shutdown(0);
  });

  it('fails the job of a process that stopped sending heartbeats, after which the key starts again', async () => {
    const jobs = store();
    let time = 1_000;
    const now = () => time;
    // The first process is "killed": its job never ends and it never sends a heartbeat.
    const killed = serverProcess('killed', jobs, { now });
    const alive = serverProcess('alive', jobs, { now, heartbeatMs: 5, staleAfterMs: 100 });
    const orphan = await killed.runner.start('work', 'tiles', null);

    time += 50;
    expect(await alive.runner.status('work', 'tiles')).toMatchObject({ id: orphan.id, state: 'running' });

    // While the live process runs a job of its own, its heartbeat timer ends the stale one.
    await alive.runner.start('work', 'other', null);
    time += 100;
    await vi.waitFor(async () => {
      expect(await jobs.latest('tiles')).toMatchObject({ id: orphan.id, state: 'failed', message: expect.stringMatching(/Interrupted/) });
    });
    // Its own job was kept alive by the heartbeats sent before.
    expect(await jobs.latest('other')).toMatchObject({ state: 'running', owner: 'alive' });

    const restarted = await alive.runner.start('work', 'tiles', null);
    expect(restarted.id).not.toBe(orphan.id);
    alive.release();
    await alive.runner.settled('tiles');
    expect(alive.handled).toEqual(['alive', 'alive']);
    expect(await alive.runner.status('work', 'tiles')).toMatchObject({ state: 'succeeded', result: 'alive' });
  });

  it('fails a stale job when its status is asked, even where no job runs to send heartbeats', async () => {
    const jobs = store();
    let time = 1_000;
    const now = () => time;
    const killed = serverProcess('killed', jobs, { now });
    const other = serverProcess('other', jobs, { now, staleAfterMs: 100 });
    await killed.runner.start('work', 'duplicates', null);
    time += 101;
    expect(await other.runner.status('work', 'duplicates')).toMatchObject({ state: 'failed', phase: 'failed' });
    expect(await other.runner.isRunning('duplicates')).toBe(false);
  });

  it('a process whose job another failed stops it at its next heartbeat and never records it as done', async () => {
    const jobs = store();
    let time = 1_000;
    const now = () => time;
    // A live process whose store stalls: its heartbeats wait until the stall ends.
    let endStall: () => void = () => undefined;
    const stall = new Promise<void>((resolve) => (endStall = resolve));
    const slowJobs: JobRepository = { ...jobs, heartbeat: async (id, progress) => (await stall, jobs.heartbeat(id, progress)) };
    let aborted = false;
    const stalled = createJobRunner<Kinds>({
      repository: slowJobs,
      owner: 'stalled',
      handlers: {
        work: (_params, context: JobContext) =>
          new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => ((aborted = true), reject(new Error('stopped'))))),
      },
      now,
      heartbeatMs: 5,
    });
    const other = serverProcess('other', jobs, { now, staleAfterMs: 100 });
    const job = await stalled.start('work', 'export', null);
    time += 101;
    expect(await other.runner.status('work', 'export')).toMatchObject({ id: job.id, state: 'failed' });
    const retaken = await other.runner.start('work', 'export', null);
    expect(retaken.id).not.toBe(job.id);
    expect(aborted).toBe(false);
    endStall();
    await vi.waitFor(() => expect(aborted).toBe(true));
    await stalled.settled('export');
    // Its end wrote nothing: the row is the other process's running job, the old one stays failed.
    expect(await jobs.latest('export')).toMatchObject({ id: retaken.id, state: 'running', owner: 'other' });
    await stalled.shutdown(0);
  });

  it('fails at start the running jobs of a process known to have stopped; those of others wait to go stale', async () => {
    const jobs = store();
    const time = 1_000;
    const now = () => time;
    const killed = serverProcess('killed', jobs, { now });
    const elsewhere = serverProcess('elsewhere', jobs, { now });
    const orphan = await killed.runner.start('work', 'tiles', null);
    const remote = await elsewhere.runner.start('work', 'other', null);

    const restarted = createJobRunner<Kinds>({
      repository: jobs,
      owner: 'restarted',
      handlers: { work: async () => ({ result: 'restarted' }) },
      now,
      ownerStopped: (owner) => owner === 'killed',
    });
    expect(await restarted.status('work', 'tiles')).toMatchObject({ id: orphan.id, state: 'failed', message: expect.stringMatching(/Interrupted/) });
    expect(await restarted.status('work', 'other')).toMatchObject({ id: remote.id, state: 'running' });
  });
});
