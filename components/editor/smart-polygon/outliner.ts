'use client';

// The browser side of the smart polygon: reads the box's neighbourhood from the decoded
// original (the same bitmap the canvas draws, so no second download or decode), scaled down
// on an OffscreenCanvas, and hands the pixels to one shared worker.
import type { Outliner } from '../model/tools/tool';
import { fromCrop, outlineCrop } from './outline-crop';
import { browserWorker, createWorkerClient } from '../worker-client';
import type { OutlineAnswer, OutlineJob } from './outline.worker';

/** GrabCut takes well under a second at WORK_SIDE; this long means the worker is stuck. */
const OUTLINE_TIMEOUT_MS = 15_000;

const outlineWorker = createWorkerClient<OutlineJob, OutlineAnswer>({
  // The pixels are moved, not copied: the crop is not used here again.
  start: browserWorker(() => new Worker(new URL('./outline.worker.ts', import.meta.url), { type: 'module' }), (job) => [job.pixels.buffer as ArrayBuffer]),
  timeoutMs: OUTLINE_TIMEOUT_MS,
  name: 'outline',
});

export interface OutlineSource {
  /** The decoded picture: the original, or a huge image's smaller preview. */
  bitmap: ImageBitmap;
  /** The image's own size, in the pixels shapes are stored in. */
  width: number;
  height: number;
}

/** sourceOf: what to read an image's pixels from, by its uuid. */
export function createOutliner(sourceOf: (imageId: string) => Promise<OutlineSource>): Outliner {
  // Started while the browser is idle: the first outline then does not wait for the worker's script.
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(() => outlineWorker.warmUp());
  return async (request) => {
    const { bitmap, width, height } = await sourceOf(request.imageId);
    const image = { width, height };
    const crop = outlineCrop(request, image);
    const sx = bitmap.width / width;
    const sy = bitmap.height / height;
    const canvas = new OffscreenCanvas(crop.width, crop.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas for the smart polygon');
    context.drawImage(bitmap, crop.source.x * sx, crop.source.y * sy, crop.source.w * sx, crop.source.h * sy, 0, 0, crop.width, crop.height);
    const { data } = context.getImageData(0, 0, crop.width, crop.height);
    const answer = await outlineWorker.run({ pixels: data, width: crop.width, height: crop.height, rect: crop.rect, seeds: crop.seeds }, request.imageId);
    if (answer.error) throw new Error(answer.error);
    return fromCrop(answer.points, crop, image);
  };
}
