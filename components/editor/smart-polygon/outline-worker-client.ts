// One outline worker shared by the tab, and the bookkeeping around it: a request never waits
// forever (a worker error or a hung job rejects it, and the next request starts a fresh
// worker), and of several quick clicks on one image only the newest waits for its turn, so
// the last outline comes after at most one other instead of after every click in between.
// No DOM here: the worker is injected, so this is tested in Node.
import type { OutlineAnswer, OutlineJob } from './outline.worker';

/** What the client needs of a worker; the browser's Worker is adapted to it in outliner.ts. */
export interface OutlineWorkerHandle {
  post(job: OutlineJob): void;
  terminate(): void;
}

export interface OutlineWorkerEvents {
  answer(answer: OutlineAnswer): void;
  /** The worker failed (a script error, an answer that could not be read): every request fails. */
  failure(message: string): void;
}

export type StartOutlineWorker = (events: OutlineWorkerEvents) => OutlineWorkerHandle;

export interface OutlineWorkerClient {
  /** Runs a job; a newer job of the same key still waiting replaces it (the older one rejects). */
  run(key: string, job: Omit<OutlineJob, 'id'>): Promise<OutlineAnswer>;
  /** Starts the worker ahead of the first job, so that job does not wait for its script. */
  warmUp(): void;
}

/** A job replaced by a newer one of the same image before it was started. */
export class OutlineSupersededError extends Error {
  constructor() {
    super('A newer outline request replaced this one');
    this.name = 'OutlineSupersededError';
  }
}

/** GrabCut takes well under a second at WORK_SIDE; this long means the worker is stuck. */
export const OUTLINE_TIMEOUT_MS = 15_000;

interface Waiting {
  job: Omit<OutlineJob, 'id'>;
  resolve(answer: OutlineAnswer): void;
  reject(error: Error): void;
}

export function createOutlineWorkerClient(start: StartOutlineWorker, timeoutMs = OUTLINE_TIMEOUT_MS): OutlineWorkerClient {
  let worker: OutlineWorkerHandle | null = null;
  let nextId = 0;
  let running: (Waiting & { id: number; timer: ReturnType<typeof setTimeout> }) | null = null;
  // Map order is arrival order, so images take turns; a key holds its newest job only.
  const queued = new Map<string, Waiting>();

  const stopWorker = () => {
    const stopped = worker;
    worker = null;
    stopped?.terminate();
  };

  const finishRunning = () => {
    const finished = running;
    if (finished) clearTimeout(finished.timer);
    running = null;
    return finished;
  };

  const fail = (message: string) => {
    // Whatever broke the worker may break it again on the same job: every waiting request
    // fails now, and the next one starts a new worker.
    stopWorker();
    const error = new Error(message);
    finishRunning()?.reject(error);
    const dropped = [...queued.values()];
    queued.clear();
    for (const waiting of dropped) waiting.reject(error);
  };

  const events: OutlineWorkerEvents = {
    answer(answer) {
      if (!running || answer.id !== running.id) return;
      finishRunning()?.resolve(answer);
      startNext();
    },
    failure: (message) => fail(`The outline worker failed: ${message}`),
  };

  const ensureWorker = () => (worker ??= start(events));

  const startNext = () => {
    if (running) return;
    const next = queued.entries().next();
    if (next.done) return;
    const [key, waiting] = next.value;
    queued.delete(key);
    const id = ++nextId;
    const timer = setTimeout(() => {
      // Only this job is given up; the queued ones get a fresh worker.
      stopWorker();
      finishRunning()?.reject(new Error(`The outline took longer than ${timeoutMs / 1000} s`));
      startNext();
    }, timeoutMs);
    running = { ...waiting, id, timer };
    try {
      ensureWorker().post({ ...waiting.job, id });
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };

  return {
    run(key, job) {
      return new Promise<OutlineAnswer>((resolve, reject) => {
        const older = queued.get(key);
        queued.delete(key);
        older?.reject(new OutlineSupersededError());
        queued.set(key, { job, resolve, reject });
        startNext();
      });
    },
    warmUp: () => void ensureWorker(),
  };
}
