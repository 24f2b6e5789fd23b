// The worker client with a stand-in worker the test drives: it answers, fails or hangs when
// the test says so, and counts how often a worker was started and stopped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkerClient, SupersededError, type WorkerEvents } from './worker-client';

/** A job told apart by its width; the answer gives it back as a point. */
interface Job {
  id: number;
  width: number;
  height: number;
}
interface Answer {
  id: number;
  points: { x: number; y: number }[];
}

function fakeWorkers() {
  const started: { events: WorkerEvents<Answer>; posted: Job[]; terminated: boolean }[] = [];
  const start = (events: WorkerEvents<Answer>) => {
    const worker = { events, posted: [] as Job[], terminated: false };
    started.push(worker);
    return { post: (job: Job) => worker.posted.push(job), terminate: () => void (worker.terminated = true) };
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

const job = (width: number) => ({ width, height: 1 });

const clientOf = (start: ReturnType<typeof fakeWorkers>['start'], timeoutMs = 1000) => createWorkerClient<Job, Answer>({ start, timeoutMs, name: 'test' });

/** Settles after the promise callbacks queued so far have run. */
const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

describe('worker client', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('answers each request with its own job', async () => {
    const workers = fakeWorkers();
    const client = clientOf(workers.start);
    const first = client.run(job(7), 'img');
    workers.answer();
    await expect(first).resolves.toMatchObject({ points: [{ x: 7, y: 1 }] });
    expect(workers.started).toHaveLength(1);
  });

  it('a worker error rejects every waiting request, and the next request starts a new worker', async () => {
    const workers = fakeWorkers();
    const client = clientOf(workers.start);
    const running = settled(client.run(job(1), 'a'));
    const queued = settled(client.run(job(2), 'b'));
    workers.current()?.events.failure('boom');
    expect(await running).toEqual({ error: new Error('The test worker failed: boom') });
    expect(await queued).toEqual({ error: new Error('The test worker failed: boom') });
    expect(workers.started[0]?.terminated).toBe(true);

    const next = client.run(job(3), 'a');
    expect(workers.started).toHaveLength(2);
    workers.answer();
    await expect(next).resolves.toMatchObject({ points: [{ x: 3, y: 1 }] });
  });

  it('gives up on a job the worker never answers, and runs the next one on a fresh worker', async () => {
    const workers = fakeWorkers();
    const client = clientOf(workers.start, 15_000);
    const hung = settled(client.run(job(1), 'a'));
    const after = client.run(job(2), 'b');
    vi.advanceTimersByTime(15_000);
    expect(await hung).toMatchObject({ error: expect.any(Error) });
    expect(workers.started[0]?.terminated).toBe(true);
    expect(workers.started[1]?.posted.map((posted) => posted.width)).toEqual([2]);
    workers.answer();
    await expect(after).resolves.toMatchObject({ points: [{ x: 2, y: 1 }] });
  });

  it('of quick requests on one image runs only the newest after the one already running', async () => {
    const workers = fakeWorkers();
    const client = clientOf(workers.start);
    const first = client.run(job(1), 'img');
    const second = settled(client.run(job(2), 'img'));
    const third = settled(client.run(job(3), 'img'));
    const last = client.run(job(4), 'img');
    const otherImage = client.run(job(5), 'other');
    expect(await second).toEqual({ error: new SupersededError() });
    expect(await third).toMatchObject({ error: expect.any(SupersededError) });
    workers.answer();
    await expect(first).resolves.toMatchObject({ points: [{ x: 1, y: 1 }] });
    workers.answer();
    await expect(last).resolves.toMatchObject({ points: [{ x: 4, y: 1 }] });
    workers.answer();
    await expect(otherImage).resolves.toMatchObject({ points: [{ x: 5, y: 1 }] });
    expect(workers.current()?.posted.map((posted) => posted.width)).toEqual([1, 4, 5]);
  });

  it('runs jobs without a key one at a time, in arrival order, none replacing another', async () => {
    const workers = fakeWorkers();
    const client = clientOf(workers.start);
    const answers = [1, 2, 3].map((width) => client.run(job(width)));
    for (let step = 0; step < 3; step++) {
      expect(workers.current()?.posted).toHaveLength(step + 1);
      workers.answer();
      await Promise.resolve();
    }
    expect(await Promise.all(answers)).toMatchObject([1, 2, 3].map((width) => ({ points: [{ x: width, y: 1 }] })));
  });

  it('a worker that cannot be started fails the request instead of leaving it waiting', async () => {
    const client = createWorkerClient<Job, Answer>({
      start: () => {
        throw new Error('no workers here');
      },
      timeoutMs: 1000,
      name: 'test',
    });
    await expect(client.run(job(1))).rejects.toThrow('no workers here');
  });
});
