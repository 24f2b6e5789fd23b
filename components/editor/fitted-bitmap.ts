'use client';

// The window-sized copy of a decoded picture, made by one worker shared by the tab
// (fit-bitmap.worker.ts says why there). The picture is moved to the worker and back, so it
// cannot be drawn meanwhile: callers hand it over before anyone else holds it.
import type { FitAnswer, FitJob } from './fit-bitmap.worker';

/** Scaling takes tens of milliseconds; this long means the worker is stuck. */
const FIT_TIMEOUT_MS = 5000;

interface Pending {
  resolve(answer: FitAnswer): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(message: string) {
  // A broken worker is replaced by the next request; the pictures it held are lost with it.
  worker?.terminate();
  worker = null;
  const failed = [...pending.values()];
  pending.clear();
  for (const waiting of failed) {
    clearTimeout(waiting.timer);
    waiting.reject(new Error(message));
  }
}

function startWorker(): Worker {
  const started = new Worker(new URL('./fit-bitmap.worker.ts', import.meta.url), { type: 'module' });
  started.onmessage = (event: MessageEvent<FitAnswer>) => {
    const waiting = pending.get(event.data.id);
    if (!waiting) return;
    pending.delete(event.data.id);
    clearTimeout(waiting.timer);
    waiting.resolve(event.data);
  };
  started.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || 'script error');
  };
  started.onmessageerror = () => failAll('an answer could not be read');
  return started;
}

/** Starts the worker ahead of the first picture: its script then loads while the picture downloads and decodes. */
export function warmFitWorker(): void {
  worker ??= startWorker();
}

/**
 * full, and full scaled to width x height. Rejects when the worker fails; full is then gone
 * (it was moved to the worker), so the caller decodes again.
 */
export function fitBitmap(full: ImageBitmap, width: number, height: number): Promise<{ full: ImageBitmap; fitted: ImageBitmap | null }> {
  worker ??= startWorker();
  const id = ++nextId;
  const answer = new Promise<FitAnswer>((resolve, reject) => {
    const timer = setTimeout(() => failAll('the worker did not answer'), FIT_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
  });
  const job: FitJob = { id, full, width, height };
  worker.postMessage(job, [full]);
  return answer.then(({ full: returned, fitted }) => ({ full: returned, fitted }));
}
