// Requests a person (or a classifai client) waits for, and jobs whose progress a person watches
// (an export), as opposed to background work. The thumbnail pre-generation and the hashing after
// requests read this to step aside: a decode competes with a save for the same two cores, and
// the save must not feel it.
import { performance } from 'node:perf_hooks';

export interface InteractiveActivity {
  /** Runs work counted as interactive while it is in flight. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** Counts a synchronous interactive read (a page of the strip) that has just been served. */
  served(): void;
  /** True when nothing interactive runs and nothing ended in the last quietMs. */
  isQuiet(quietMs: number): boolean;
  /** Resolves at the next quiet moment (true), or false once signal aborts first. */
  waitForQuiet(signal?: AbortSignal): Promise<boolean>;
}

/**
 * No interactive request within this long: background work may take the next step. Longer than
 * a request's own way through Next and the REST adapter (2-7 ms, not counted above): at 5 ms, a
 * client asking for thumbnails back to back still left gaps in which a hash (a photo's SHA-256
 * and the PNG's decode) started beside its next request. Cold thumbnails one after another, on
 * one server: p50 17.5-20.5 -> 14.2-16.3 ms; cached ones 4.0-5.1 -> 2.7-3.5 ms.
 */
const QUIET_MS = 50;
/** How long background work sleeps before looking again. */
const BACKOFF_MS = 20;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    // A sleeping background step must not keep the process (or a test run) alive.
    timer.unref?.();
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

export function createInteractiveActivity(): InteractiveActivity {
  // A monotonic clock, not the core's injectable one: tests freeze that, and a frozen clock
  // would never let the background work see a quiet moment.
  let inFlight = 0;
  let lastEndedAt = Number.NEGATIVE_INFINITY;
  const isQuiet = (quietMs: number) => inFlight === 0 && performance.now() - lastEndedAt >= quietMs;
  return {
    async during(work) {
      inFlight += 1;
      try {
        return await work();
      } finally {
        inFlight -= 1;
        lastEndedAt = performance.now();
      }
    },
    served() {
      lastEndedAt = performance.now();
    },
    isQuiet,
    async waitForQuiet(signal) {
      while (!signal?.aborted && !isQuiet(QUIET_MS)) await pause(BACKOFF_MS, signal);
      return !signal?.aborted;
    },
  };
}

/** Wraps a function (a job's handler) so every run of it counts as interactive while in flight. */
export function interactiveWork(activity: InteractiveActivity) {
  return <Args extends unknown[], Result>(work: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      activity.during(() => work(...args));
}
