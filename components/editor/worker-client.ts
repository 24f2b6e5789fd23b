// One worker shared by the tab, and the bookkeeping around it: a request never waits forever
// (a worker error or a hung job rejects it, and the next request starts a fresh worker), jobs
// run one at a time in arrival order, and of several quick requests under one key only the
// newest waits for its turn (the smart polygon's clicks on one image: the last outline comes
// after at most one other instead of after every click in between).
// No DOM in the client: the worker is injected, so this is tested in Node.

/** Every job and answer carries the id the client gave the job. */
interface Identified {
  id: number;
}

/** What the client needs of a worker; browserWorker adapts the browser's Worker to it. */
export interface WorkerHandle<Job> {
  post(job: Job): void;
  terminate(): void;
}

export interface WorkerEvents<Answer> {
  answer(answer: Answer): void;
  /** The worker failed (a script error, an answer that could not be read): every request fails. */
  failure(message: string): void;
}

export type StartWorker<Job, Answer> = (events: WorkerEvents<Answer>) => WorkerHandle<Job>;

export interface WorkerClient<Job extends Identified, Answer extends Identified> {
  /** Runs a job; with a key, a newer job of that key still waiting replaces it (the older one rejects). */
  run(job: Omit<Job, 'id'>, key?: string): Promise<Answer>;
  /** Starts the worker ahead of the first job, so that job does not wait for its script. */
  warmUp(): void;
}

/** A job replaced by a newer one of the same key before it was started. */
export class SupersededError extends Error {
  constructor() {
    super('A newer request replaced this one');
    this.name = 'SupersededError';
  }
}

interface Waiting<Job, Answer> {
  job: Omit<Job, 'id'>;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/** name: what the worker does, for error messages ("The outline worker failed: …"). */
export function createWorkerClient<Job extends Identified, Answer extends Identified>({
  start,
  timeoutMs,
  name,
}: {
  start: StartWorker<Job, Answer>;
  timeoutMs: number;
  name: string;
}): WorkerClient<Job, Answer> {
  let worker: WorkerHandle<Job> | null = null;
  let nextId = 0;
  let running: (Waiting<Job, Answer> & { id: number; timer: ReturnType<typeof setTimeout> }) | null = null;
  // Map order is arrival order, so keys take turns; a key holds its newest job only. Jobs
  // without a key get one of their own.
  const queued = new Map<string, Waiting<Job, Answer>>();

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

  const events: WorkerEvents<Answer> = {
    answer(answer) {
      if (!running || answer.id !== running.id) return;
      finishRunning()?.resolve(answer);
      startNext();
    },
    failure: (message) => fail(`The ${name} worker failed: ${message}`),
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
      finishRunning()?.reject(new Error(`The ${name} worker took longer than ${timeoutMs / 1000} s`));
      startNext();
    }, timeoutMs);
    running = { ...waiting, id, timer };
    try {
      ensureWorker().post({ ...waiting.job, id } as Job);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };

  let unkeyed = 0;
  return {
    run(job, key = `\0${++unkeyed}`) {
      return new Promise<Answer>((resolve, reject) => {
        const older = queued.get(key);
        queued.delete(key);
        older?.reject(new SupersededError());
        queued.set(key, { job, resolve, reject });
        startNext();
      });
    },
    warmUp: () => void ensureWorker(),
  };
}

/** The browser's Worker as a WorkerHandle. transfer: what of a job is moved, not copied. */
export function browserWorker<Job, Answer>(create: () => Worker, transfer: (job: Job) => Transferable[]): StartWorker<Job, Answer> {
  return (events) => {
    const worker = create();
    worker.onmessage = (event: MessageEvent<Answer>) => events.answer(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      events.failure(event.message || 'script error');
    };
    worker.onmessageerror = () => events.failure('an answer could not be read');
    return {
      post: (job) => worker.postMessage(job, transfer(job)),
      terminate: () => worker.terminate(),
    };
  };
}
