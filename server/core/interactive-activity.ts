// Requests a person (or a classifai client) waits for, as opposed to background work. The
// thumbnail pre-generation reads this to step aside: a decode competes with a save for the
// same two cores, and the save must not feel it.
import { performance } from 'node:perf_hooks';

export interface InteractiveActivity {
  /** Runs work counted as interactive while it is in flight. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** Counts a synchronous interactive read (a page of the strip) that has just been served. */
  served(): void;
  /** True when nothing interactive runs and nothing ended in the last quietMs. */
  isQuiet(quietMs: number): boolean;
}

export function createInteractiveActivity(): InteractiveActivity {
  // A monotonic clock, not the core's injectable one: tests freeze that, and a frozen clock
  // would never let the background work see a quiet moment.
  let inFlight = 0;
  let lastEndedAt = Number.NEGATIVE_INFINITY;
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
    isQuiet: (quietMs) => inFlight === 0 && performance.now() - lastEndedAt >= quietMs,
  };
}
