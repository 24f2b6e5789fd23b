import { isDomainError } from '../errors';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { JobRepository, JobRow, JobState } from '../repositories';
import { actingUser } from '../users/acting-user';

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
  /** The user whose request started it ('' when not known). */
  startedBy: string;
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
  /**
   * Starts a job unless one with the same key runs, here or on another process sharing the
   * store; then that one is answered (and this process does not run the handler).
   */
  start<K extends keyof Kinds & string>(kind: K, key: string, params: Kinds[K]['params']): Promise<JobStatus<Kinds[K]['result']>>;
  /** Starts a job only when none runs under key, in this process or another: undefined when one does. */
  startIfIdle<K extends keyof Kinds & string>(kind: K, key: string, params: Kinds[K]['params']): Promise<JobStatus<Kinds[K]['result']> | undefined>;
  /** The running or last job under key; undefined when none, or when that one is of another kind. */
  status<K extends keyof Kinds & string>(kind: K, key: string): Promise<JobStatus<Kinds[K]['result']> | undefined>;
  /** A job runs under key, on this process or another. */
  isRunning(key: string): Promise<boolean>;
  /** Asks the job under key (if it runs on this process) to stop; it ends however its handler ends when aborted. */
  cancel(key: string): void;
  /** Resolves when the job under key (if any runs on this process) has ended; for tests and shutdown. */
  settled(key: string): Promise<void>;
  shutdown(deadlineMs?: number): Promise<void>;
}

// A running job has no result yet: it is recorded with the outcome and the job leaves the map.
interface RunningJob {
  status: JobStatus<never>;
  done: Promise<void>;
  cancel: AbortController;
}

export interface JobRunnerOptions<Kinds extends Record<string, JobKind>> {
  repository: JobRepository;
  handlers: { [K in keyof Kinds]: JobHandler<Kinds[K]> };
  now?: () => number;
  onUnexpectedError?: (kind: string, error: unknown) => void;
  /** Names this process in the rows it runs; hostname:pid:random by default. */
  owner?: string;
  /** How often a running job's progress is stored, which also says its process lives. */
  heartbeatMs?: number;
  /** A running row whose process has been silent this long is failed: that process died. */
  staleAfterMs?: number;
  /**
   * No other process can use the store (SQLite's exclusive lock): every row still running at
   * creation was left by a process that stopped, and fails at once.
   */
  exclusiveStore?: boolean;
  /**
   * Whether the process that owner names is known to have stopped (on this machine, its pid
   * gone): its running jobs then fail at creation instead of once their heartbeat is stale.
   * Answers false when it cannot tell (another machine): those wait for staleness.
   */
  ownerStopped?: (owner: string) => boolean;
}

export function createJobRunner<Kinds extends Record<string, JobKind>>(options: JobRunnerOptions<Kinds>): JobRunner<Kinds> {
  const { repository, handlers } = options;
  const now = options.now ?? Date.now;
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const heartbeatMs = options.heartbeatMs ?? 2000;
  const staleAfterMs = options.staleAfterMs ?? 10_000;
  const running = new Map<string, RunningJob>();
  // Between asking the store for a key and holding it: a second start of the key waits for the first.
  const starting = new Map<string, Promise<Started>>();
  const abort = new AbortController();
  const reportError = (kind: string, error: unknown) => options.onUnexpectedError?.(kind, error);
  const exclusive = options.exclusiveStore ?? false;
  const failStopped = async (stopped: (owner: string) => boolean) => {
    for (const other of await repository.runningOwners()) if (other !== owner && stopped(other)) await repository.failOwner(other, now());
  };
  const ready = exclusive
    ? repository.failStale(-1, now()).then(() => undefined)
    : options.ownerStopped
      ? failStopped(options.ownerStopped)
      : Promise.resolve();
  // Reported to the first caller that awaits it, not as an unhandled rejection before.
  ready.catch(() => undefined);

  // Only other processes' rows: this process knows its own live jobs (a slow heartbeat of its
  // own must not fail them). A store one process owns has no other processes.
  const failStale = async () => (exclusive ? 0 : repository.failStale(staleAfterMs, now(), owner));

  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let beating = false;
  const beat = async () => {
    // A slow store must not pile beats up.
    if (beating) return;
    beating = true;
    try {
      for (const job of [...running.values()]) {
        const { status } = job;
        const alive = await repository.heartbeat(status.id, { phase: status.phase, done: status.done, total: status.total, at: now() });
        // Another process found this job silent for too long and failed it (it may run it again
        // now): stop here rather than finish it twice.
        if (!alive && running.get(status.key) === job) job.cancel.abort();
      }
      await failStale();
    } finally {
      beating = false;
    }
  };
  const keepBeating = () => {
    // On a store one process owns nobody reads the heartbeats: SQLite would pay an fsync for each.
    if (exclusive || heartbeat || running.size === 0) return;
    heartbeat = setInterval(() => {
      if (running.size === 0) {
        clearInterval(heartbeat);
        heartbeat = undefined;
        return;
      }
      beat().catch((error: unknown) => reportError('heartbeat', error));
    }, heartbeatMs);
    heartbeat.unref();
  };

  // A row as its status: a running row of another process answers the progress it stored.
  const fromRow = <Result>(row: JobRow<Result>): JobStatus<Result> => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    state: row.state,
    // A job that is not running has no step left: its phase is its final state.
    phase: row.state === 'running' ? row.phase : row.state,
    done: row.done,
    total: row.total,
    message: row.message,
    result: row.result,
    startedBy: row.startedBy,
  });

  /**
   * The latest row under key, after failing it if it runs on another process that stopped
   * sending heartbeats (judged by the store's clock, see JobRepository.failStale).
   */
  const latest = async <Result>(key: string): Promise<JobRow<Result> | undefined> => {
    const row = await repository.latest<Result>(key);
    if (row?.state !== 'running' || row.owner === owner || exclusive) return row;
    return (await failStale()) > 0 ? repository.latest<Result>(key) : row;
  };

  const run = (kind: string, key: string, id: number, params: unknown, startedBy: string): RunningJob => {
    const handler = handlers[kind];
    if (!handler) throw new Error(`No handler for job kind ${kind}`);
    const status: JobStatus<never> = { id, kind, key, state: 'running', phase: 'starting', done: 0, total: 0, message: '', result: null, startedBy };
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
    const finish = async (state: 'succeeded' | 'failed', message: string, result: unknown) => {
      // The result goes with the state: a status read before the store has the row must not see
      // "succeeded" without what the job found (a client stops polling there).
      Object.assign(status, { state, message, result });
      try {
        await repository.finish(status.id, state, { done: status.done, total: status.total, message, result, at: now() });
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
          if (!isDomainError(error)) reportError(kind, error);
          return finish('failed', error instanceof Error ? error.message : String(error), null);
        },
      )
      .catch((error: unknown) => reportError(kind, error));
    return { status, done, cancel };
  };

  interface Started {
    status: JobStatus<never>;
    /** This call made the row and runs the handler (not another caller or process). */
    here: boolean;
  }

  const startOnce = async (kind: string, key: string, params: unknown): Promise<Started> => {
    if (!handlers[kind]) throw new Error(`No handler for job kind ${kind}`);
    await ready;
    const startedBy = actingUser();
    let id = await repository.start(kind, key, now(), owner, startedBy);
    if (id === undefined) {
      const row = await latest<never>(key);
      // Another process runs it: answer its progress, do not run the handler here.
      if (row?.state === 'running') return { status: fromRow(row), here: false };
      // Its process had died (the row is failed now) or it ended meanwhile: the key is free.
      id = await repository.start(kind, key, now(), owner, startedBy);
      if (id === undefined) {
        const again = await repository.latest<never>(key);
        if (again) return { status: fromRow(again), here: false };
        throw new Error(`Job ${key} could not be started`);
      }
    }
    const job = run(kind, key, id, params, startedBy);
    running.set(key, job);
    keepBeating();
    return { status: { ...job.status }, here: true };
  };

  const start = async <K extends keyof Kinds & string>(kind: K, key: string, params: Kinds[K]['params']): Promise<JobStatus<Kinds[K]['result']>> => {
    const current = running.get(key);
    if (current) return { ...current.status };
    const pending = starting.get(key);
    if (pending) return { ...(await pending).status };
    const started = startOnce(kind, key, params).finally(() => starting.delete(key));
    starting.set(key, started);
    return { ...(await started).status };
  };

  const startIfIdle = async <K extends keyof Kinds & string>(kind: K, key: string, params: Kinds[K]['params']): Promise<JobStatus<Kinds[K]['result']> | undefined> => {
    if (running.has(key) || starting.has(key)) return undefined;
    const started = startOnce(kind, key, params).finally(() => starting.delete(key));
    starting.set(key, started);
    const { status, here } = await started;
    return here ? { ...status } : undefined;
  };

  const status = async <K extends keyof Kinds & string>(kind: K, key: string): Promise<JobStatus<Kinds[K]['result']> | undefined> => {
    const current = running.get(key);
    if (current) return current.status.kind === kind ? { ...current.status } : undefined;
    await ready;
    const row = await latest<Kinds[K]['result']>(key);
    if (!row || row.kind !== kind) return undefined;
    return fromRow(row);
  };

  return {
    start,
    startIfIdle,
    status,
    isRunning: async (key) => {
      if (running.has(key) || starting.has(key)) return true;
      await ready;
      return (await latest(key))?.state === 'running';
    },
    // Cross-process cancel is out of scope: only this process's jobs can be asked to stop.
    cancel: (key) => running.get(key)?.cancel.abort(),
    settled: async (key) => {
      await starting.get(key)?.catch(() => undefined);
      await running.get(key)?.done;
    },
    /** Aborts every job; one that has not stopped within the deadline is recorded as failed. */
    shutdown: async (deadlineMs = 3000) => {
      clearInterval(heartbeat);
      heartbeat = undefined;
      abort.abort();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
      await Promise.race([Promise.all([...running.values()].map((job) => job.done)), deadline]);
      clearTimeout(timer);
      const stopped = [...running.values()];
      running.clear();
      for (const { status } of stopped) {
        await repository.finish(status.id, 'failed', { done: status.done, total: status.total, message: 'Stopped: the server shut down', result: null, at: now() });
      }
    },
  };
}
