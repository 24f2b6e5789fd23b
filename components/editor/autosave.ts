// Persistence as a subscriber: edits mark an image dirty, a save goes out ~300 ms after the
// last edit, one save per image in flight, edits meanwhile coalesce into the next save, a
// failure keeps the edit and retries with backoff, and flush() saves everything at once
// (image switch, tab hide). When the page goes away, flushOnExit() hands every unacknowledged
// state to a sender the browser completes after the page is gone (a keepalive request).
// The last state always wins on the server. A state refused for good is not retried, and the
// status says so until a later save lands: "saved" would tell the user a lost edit is safe.
import type { EditorShape } from './model/types';

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'failed' | 'refused';

export interface AutosaveOptions {
  save: (imageId: string, shapes: EditorShape[]) => Promise<void>;
  delayMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** refusal: the failure of the state last refused for good, while the status is 'refused'. */
  onStatus?: (status: SaveStatus, refusal?: unknown) => void;
  /** The server acknowledged exactly this state of the image. */
  onSaved?: (imageId: string, shapes: EditorShape[]) => void;
  /** A failure no retry can fix (the image is gone, the state is refused): stop retrying it. */
  isPermanent?: (error: unknown) => boolean;
  /**
   * A permanent failure that is a question for the user (a conflict: whose shapes stand), not
   * an error: it is not logged as one, for the user's answer settles it.
   */
  asksUser?: (error: unknown) => boolean;
  /** The image's latest state was refused for good (isPermanent) and is no longer retried. */
  onRefused?: (imageId: string, shapes: EditorShape[], error: unknown) => void;
  /** Sends a state in a way that outlives the page; false when it could not be handed over. */
  sendOnExit?: (imageId: string, shapes: EditorShape[]) => boolean;
}

interface Pending {
  shapes: EditorShape[];
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: Promise<void> | null;
  /** Set when edits arrived during a save: save again after it. */
  dirtyAgain: boolean;
  failures: number;
}

export function createAutosave(options: AutosaveOptions) {
  const delayMs = options.delayMs ?? 300;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const retryMaxMs = options.retryMaxMs ?? 10_000;
  const pending = new Map<string, Pending>();
  let disposed = false;
  let lastStatus: SaveStatus = 'saved';
  let lastRefusal: unknown = null;
  /** The latest state refused for good, until a later save lands. */
  let refusal: { error: unknown } | null = null;

  const report = () => {
    const entries = [...pending.values()];
    const idle: SaveStatus = refusal ? 'refused' : 'saved';
    const status: SaveStatus =
      entries.length === 0 ? idle : entries.some((p) => p.failures > 0 && p.inFlight === null) ? 'failed' : entries.some((p) => p.inFlight !== null) ? 'saving' : 'unsaved';
    const shownRefusal = status === 'refused' ? refusal?.error : null;
    if (status !== lastStatus || shownRefusal !== lastRefusal) {
      lastStatus = status;
      lastRefusal = shownRefusal;
      options.onStatus?.(status, shownRefusal ?? undefined);
    }
  };

  const schedule = (imageId: string, entry: Pending, wait: number) => {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void run(imageId), wait);
  };

  const run = async (imageId: string): Promise<void> => {
    const entry = pending.get(imageId);
    if (!entry || disposed) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    // Asked again while a save is in flight (flushes at once: a switch, a blur, a replay): it
    // waits for that save, and edits made meanwhile are saved after it (markDirty says so).
    if (entry.inFlight) return entry.inFlight;
    const shapes = entry.shapes;
    entry.dirtyAgain = false;
    entry.inFlight = options.save(imageId, shapes).then(
      () => {
        entry.inFlight = null;
        entry.failures = 0;
        refusal = null;
        options.onSaved?.(imageId, shapes);
        if (entry.dirtyAgain || entry.shapes !== shapes) schedule(imageId, entry, 0);
        else pending.delete(imageId);
        report();
      },
      (error: unknown) => {
        entry.inFlight = null;
        if (options.isPermanent?.(error) && entry.shapes === shapes) {
          if (!options.asksUser?.(error)) console.error(`Saving image ${imageId} failed for good:`, error);
          pending.delete(imageId);
          refusal = { error };
          options.onRefused?.(imageId, shapes, error);
          report();
          return;
        }
        entry.failures += 1;
        report();
        schedule(imageId, entry, Math.min(retryMaxMs, retryBaseMs * 2 ** (entry.failures - 1)));
      },
    );
    report();
    return entry.inFlight;
  };

  return {
    markDirty(imageId: string, shapes: EditorShape[]) {
      if (disposed) return;
      const entry = pending.get(imageId) ?? { shapes, timer: null, inFlight: null, dirtyAgain: false, failures: 0 };
      entry.shapes = shapes;
      if (entry.inFlight) entry.dirtyAgain = true;
      pending.set(imageId, entry);
      schedule(imageId, entry, delayMs);
      report();
    },
    /** Saves every image's latest state now (image switch, tab hide); a failing one keeps retrying. */
    async flush(): Promise<void> {
      for (let round = 0; round < 10; round += 1) {
        const ids = [...pending].filter(([, entry]) => round === 0 || entry.failures === 0).map(([imageId]) => imageId);
        if (ids.length === 0) return;
        await Promise.all(ids.map((imageId) => run(imageId)));
      }
    },
    /**
     * The page is going away (pagehide): every unacknowledged state, in flight or not, goes
     * out through sendOnExit. The entries stay until acknowledged; if the page survives
     * (bfcache), the normal saves carry on.
     */
    flushOnExit() {
      for (const [imageId, entry] of pending) {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = null;
        options.sendOnExit?.(imageId, entry.shapes);
      }
    },
    /**
     * Replaces each unsaved state by rewrite's answer (a label renamed on the server: a state still
     * naming the old label would be refused). A save in flight with the old state is followed by
     * one of the new; refused meanwhile, it is not final, since a newer state waits.
     */
    rewrite(rewrite: (imageId: string, shapes: EditorShape[]) => EditorShape[]) {
      for (const [imageId, entry] of pending) {
        const next = rewrite(imageId, entry.shapes);
        if (next === entry.shapes) continue;
        entry.shapes = next;
        if (entry.inFlight) entry.dirtyAgain = true;
      }
    },
    pending: () => pending.size,
    status: () => lastStatus,
    dispose() {
      disposed = true;
      for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;
