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

/**
 * One small outline as the worker starts, before any job: the first box a user dragged
 * otherwise ran GrabCut's loops unoptimised (430 ms in the bench, the later ones 110-190 ms).
 * A noisy disc on stripes, so every part (both trees of the cut, several rounds) runs.
 */
function warmUp() {
  const side = 128;
  const pixels = new Uint8ClampedArray(side * side * 4);
  let state = 1;
  for (let i = 0; i < side * side; i++) {
    const [x, y] = [i % side, Math.floor(i / side)];
    const inside = (x - 64) ** 2 + (y - 60) ** 2 < 40 ** 2;
    const base = inside ? [220, 120, 40] : (x + y) % 24 < 12 ? [70, 110, 170] : [90, 140, 95];
    for (let c = 0; c < 3; c++) {
      state = (state * 1664525 + 1013904223) >>> 0;
      pixels[i * 4 + c] = (base[c] ?? 0) + (state / 2 ** 32 - 0.5) * 40;
    }
    pixels[i * 4 + 3] = 255;
  }
  const mask = grabCut({ pixels, width: side, height: side }, { x: 16, y: 12, w: 96, h: 96 }, [{ x: 64, y: 60, foreground: true }]);
  maskToPolygon(mask, side, side);
}

try {
  warmUp();
} catch {
  // Only a head start: a real job reports its own failure.
}
