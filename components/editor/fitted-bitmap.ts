'use client';

// The window-sized copy of a decoded picture, made by one worker shared by the tab
// (fit-bitmap.worker.ts says why there). The picture is moved to the worker and back, so it
// cannot be drawn meanwhile: callers hand it over before anyone else holds it.
import type { FitAnswer, FitJob } from './fit-bitmap.worker';
import { browserWorker, createWorkerClient } from './worker-client';

/** Scaling takes tens of milliseconds; this long means the worker is stuck. */
const FIT_TIMEOUT_MS = 5000;

const fitWorker = createWorkerClient<FitJob, FitAnswer>({
  start: browserWorker(() => new Worker(new URL('./fit-bitmap.worker.ts', import.meta.url), { type: 'module' }), (job) => [job.full]),
  timeoutMs: FIT_TIMEOUT_MS,
  name: 'scaling',
});

/** Starts the worker ahead of the first picture: its script then loads while the picture downloads and decodes. */
export const warmFitWorker = (): void => fitWorker.warmUp();

/**
 * full, and full scaled to width x height (null when the worker could not scale it). Rejects
 * when the worker fails; full is then gone (it was moved to the worker), so the caller decodes again.
 */
export async function fitBitmap(full: ImageBitmap, width: number, height: number): Promise<{ full: ImageBitmap; fitted: ImageBitmap | null }> {
  const answer = await fitWorker.run({ full, width, height });
  return { full: answer.full, fitted: answer.fitted };
}
