// The smart polygon's segmentation, off the main thread: a few hundred milliseconds of
// GrabCut must not stall pointer input or the next key press.
import { grabCut, type Rect, type Seed } from './grabcut';
import { maskToPolygon } from './mask-outline';

export interface OutlineJob {
  id: number;
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
  rect: Rect;
  seeds: Seed[];
}

export interface OutlineAnswer {
  id: number;
  points: { x: number; y: number }[];
  error?: string;
}

self.onmessage = (event: MessageEvent<OutlineJob>) => {
  const { id, pixels, width, height, rect, seeds } = event.data;
  let answer: OutlineAnswer;
  try {
    const mask = grabCut({ pixels, width, height }, rect, seeds);
    answer = { id, points: maskToPolygon(mask, width, height) };
  } catch (error) {
    answer = { id, points: [], error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
