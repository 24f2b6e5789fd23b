import { isDomainError } from '../errors';
import type { JobRepository, JobState } from '../repositories';

/** What a kind of job takes and, when it succeeds, records. */
export interface JobKind {
  params: unknown;
  result: unknown;
}

export interface JobStatus<Result = unknown> {
  id: number;
  kind: string;
  key: string;
  state: JobState;
  /** A handler-defined step name, e.g. "iterating" then "updating" for a scan. */
  phase: string;
  done: number;
  total: number;
  message: string;
  /** Set once the job succeeded; null while it runs and after a failure. */
  result: Result | null;
}

export interface JobContext {
  progress(done: number, total: number): void;
  setPhase(phase: string): void;
  /** Aborted on shutdown or cancel(key): handlers stop at the next safe point. */
  signal: AbortSignal;
}

export interface JobOutcome<Result> {
  result: Result;
  message?: string;
}

export type JobHandler<Kind extends JobKind> = (params: Kind['params'], context: JobContext) => Promise<JobOutcome<Kind['result']>>;

export interface JobRunner<Kinds extends Record<string, JobKind>> {
  /** Starts a job unless one with the same key runs; then that one is returned. */
  start<K extends keyof Kinds & string>(kind: K, key: string, params: Kinds[K]['params']): JobStatus<Kinds[K]['result']>;
  /** The running or last job under key; undefined when none, or when that one is of another kind. */
  status<K extends keyof Kinds & string>(kind: K, key: string): JobStatus<Kinds[K]['result']> | undefined;
  isRunning(key: string): boolean;
  /** Asks the job under key (if any) to stop; it ends however its handler ends when aborted. */
  cancel(key: string): void;
  /** Resolves when the job under key (if any) has ended; for tests and shutdown. */
  settled(key: string): Promise<void>;
  shutdown(deadlineMs?: number): Promise<void>;
}

// A running job has no result yet: it is recorded with the outcome and the job leaves the map.
interface RunningJob {
  status: JobStatus<never>;
  done: Promise<void>;
  cancel: AbortController;
}

export function createJobRunner<Kinds extends Record<string, JobKind>>(options: {
  repository: JobRepository;
  handlers: { [K in keyof Kinds]: JobHandler<Kinds[K]> };
  now?: () => number;
  onUnexpectedError?: (kind: string, error: unknown) => void;
}): JobRunner<Kinds> {
  const { repository, handlers } = options;
  const now = options.now ?? Date.now;
  const running = new Map<string, RunningJob>();
  const abort = new AbortController();
  repository.failInterrupted(now());

  const start = <K extends keyof Kinds & string>(kind: K, key: string, params: Kinds[K]['params']): JobStatus<Kinds[K]['result']> => {
    const current = running.get(key);
    if (current) return { ...current.status };
    const handler = handlers[kind];
    if (!handler) throw new Error(`No handler for job kind ${kind}`);
    const status: JobStatus<never> = {
      id: repository.start(kind, key, now()),
      kind,
      key,
      state: 'running',
      phase: 'starting',
      done: 0,
      total: 0,
      message: '',
      result: null,
    };
    const cancel = new AbortController();
    const context: JobContext = {
      progress: (done, total) => {
        status.done = done;
        status.total = total;
      },
      setPhase: (phase) => {
        status.phase = phase;
      },
      signal: AbortSignal.any([abort.signal, cancel.signal]),
    };
    const finish = (state: 'succeeded' | 'failed', message: string, result: unknown) => {
      Object.assign(status, { state, message });
      try {
        repository.finish(status.id, state, { done: status.done, total: status.total, message, result, at: now() });
      } finally {
        running.delete(key);
      }
    };
    // Deferred so the caller's reply goes out before the first await of the handler.
    const done = Promise.resolve()
      .then(() => handler(params, context))
      .then(
        (outcome) => finish('succeeded', outcome.message ?? '', outcome.result),
        (error: unknown) => {
          if (!isDomainError(error)) options.onUnexpectedError?.(kind, error);
          finish('failed', error instanceof Error ? error.message : String(error), null);
        },
      )
      .catch((error: unknown) => options.onUnexpectedError?.(kind, error));
    running.set(key, { status, done, cancel });
    return { ...status };
  };

  const status = <K extends keyof Kinds & string>(kind: K, key: string): JobStatus<Kinds[K]['result']> | undefined => {
    const current = running.get(key);
    if (current) return current.status.kind === kind ? { ...current.status } : undefined;
    const row = repository.latest<Kinds[K]['result']>(key);
    if (!row || row.kind !== kind) return undefined;
    const { startedAt: _started, finishedAt: _finished, ...recorded } = row;
    // A job that is not running has no step left: its phase is its final state.
    return { ...recorded, phase: row.state };
  };

  return {
    start,
    status,
    isRunning: (key) => running.has(key),
    cancel: (key) => running.get(key)?.cancel.abort(),
    settled: async (key) => {
      await running.get(key)?.done;
    },
    /** Aborts every job; one that has not stopped within the deadline is recorded as failed. */
    shutdown: async (deadlineMs = 3000) => {
      abort.abort();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
      await Promise.race([Promise.all([...running.values()].map((job) => job.done)), deadline]);
      clearTimeout(timer);
      for (const job of running.values()) {
        const { status } = job;
        repository.finish(status.id, 'failed', { done: status.done, total: status.total, message: 'Stopped: the server shut down', result: null, at: now() });
      }
      running.clear();
    },
  };
}
