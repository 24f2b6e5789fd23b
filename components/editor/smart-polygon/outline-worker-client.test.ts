// The outline worker's client with a stand-in worker the test drives: it answers, fails or
// hangs when the test says so, and counts how often a worker was started and stopped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutlineWorkerClient, OutlineSupersededError, type OutlineWorkerEvents } from './outline-worker-client';
import type { OutlineJob } from './outline.worker';

function fakeWorkers() {
  const started: { events: OutlineWorkerEvents; posted: OutlineJob[]; terminated: boolean }[] = [];
  const start = (events: OutlineWorkerEvents) => {
    const worker = { events, posted: [] as OutlineJob[], terminated: false };
    started.push(worker);
    return { post: (job: OutlineJob) => worker.posted.push(job), terminate: () => void (worker.terminated = true) };
  };
  const current = () => started[started.length - 1];
  /** The running worker answers the last job it was given. */
  const answer = () => {
    const worker = current();
    const job = worker?.posted[worker.posted.length - 1];
    if (worker && job) worker.events.answer({ id: job.id, points: [{ x: job.width, y: job.height }] });
  };
  return { start, started, current, answer };
}

/** A job told apart by its width. */
const job = (width: number) => ({ pixels: new Uint8ClampedArray(4), width, height: 1, rect: { x: 0, y: 0, w: 1, h: 1 }, seeds: [] });

/** Settles after the promise callbacks queued so far have run. */
const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

describe('outline worker client', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('answers each request with its own job', async () => {
    const workers = fakeWorkers();
    const client = createOutlineWorkerClient(workers.start);
    const first = client.run('img', job(7));
    workers.answer();
    await expect(first).resolves.toMatchObject({ points: [{ x: 7, y: 1 }] });
    expect(workers.started).toHaveLength(1);
  });

  it('a worker error rejects every waiting request, and the next request starts a new worker', async () => {
    const workers = fakeWorkers();
    const client = createOutlineWorkerClient(workers.start);
    const running = settled(client.run('a', job(1)));
    const queued = settled(client.run('b', job(2)));
    workers.current()?.events.failure('boom');
    expect(await running).toEqual({ error: new Error('The outline worker failed: boom') });
    expect(await queued).toEqual({ error: new Error('The outline worker failed: boom') });
    expect(workers.started[0]?.terminated).toBe(true);

    const next = client.run('a', job(3));
    expect(workers.started).toHaveLength(2);
    workers.answer();
    await expect(next).resolves.toMatchObject({ points: [{ x: 3, y: 1 }] });
  });

  it('gives up on a job the worker never answers, and runs the next one on a fresh worker', async () => {
    const workers = fakeWorkers();
    const client = createOutlineWorkerClient(workers.start, 15_000);
    const hung = settled(client.run('a', job(1)));
    const after = client.run('b', job(2));
    vi.advanceTimersByTime(15_000);
    expect(await hung).toMatchObject({ error: expect.any(Error) });
    expect(workers.started[0]?.terminated).toBe(true);
    expect(workers.started[1]?.posted.map((posted) => posted.width)).toEqual([2]);
    workers.answer();
    await expect(after).resolves.toMatchObject({ points: [{ x: 2, y: 1 }] });
  });

  it('of quick requests on one image runs only the newest after the one already running', async () => {
    const workers = fakeWorkers();
    const client = createOutlineWorkerClient(workers.start);
    const first = client.run('img', job(1));
    const second = settled(client.run('img', job(2)));
    const third = settled(client.run('img', job(3)));
    const last = client.run('img', job(4));
    const otherImage = client.run('other', job(5));
    expect(await second).toEqual({ error: new OutlineSupersededError() });
    expect(await third).toMatchObject({ error: expect.any(OutlineSupersededError) });
    workers.answer();
    await expect(first).resolves.toMatchObject({ points: [{ x: 1, y: 1 }] });
    workers.answer();
    await expect(last).resolves.toMatchObject({ points: [{ x: 4, y: 1 }] });
    workers.answer();
    await expect(otherImage).resolves.toMatchObject({ points: [{ x: 5, y: 1 }] });
    expect(workers.current()?.posted.map((posted) => posted.width)).toEqual([1, 4, 5]);
  });
});
