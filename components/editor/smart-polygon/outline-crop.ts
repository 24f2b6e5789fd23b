// Where the smart polygon looks: the dragged box with a margin of background around it (the
// colour model of the background is learnt there), scaled down so GrabCut sees at most
// WORK_SIDE pixels a side whatever the photo's size, and the way back to image pixels.
import type { Point } from '../model/types';
import type { OutlineHint, OutlineRequest } from '../model/tools/tool';
import type { Rect, Seed } from './grabcut';

/** 1080p boxes of any size take ~150 ms at this side on one core; the outline is then simplified anyway. */
export const WORK_SIDE = 220;

export interface OutlineCrop {
  /** The region of the image read, in image pixels. */
  source: Rect;
  /**
   * Crop pixels per image pixel, per axis: the crop is a whole number of pixels a side, so
   * rounding makes the two differ from the nominal scale (and from each other) slightly.
   */
  scaleX: number;
  scaleY: number;
  width: number;
  height: number;
  rect: Rect;
  seeds: Seed[];
}

export function outlineCrop(request: Pick<OutlineRequest, 'box' | 'hints'>, image: { width: number; height: number }): OutlineCrop {
  const { box } = request;
  const margin = Math.max(8, 0.2 * Math.max(box.w, box.h));
  const x0 = Math.max(0, Math.floor(box.x - margin));
  const y0 = Math.max(0, Math.floor(box.y - margin));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.w + margin));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.h + margin));
  const source = { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
  const scale = Math.min(1, WORK_SIDE / Math.max(source.w, source.h));
  const width = Math.max(1, Math.round(source.w * scale));
  const height = Math.max(1, Math.round(source.h * scale));
  const scaleX = width / source.w;
  const scaleY = height / source.h;
  const toCrop = (p: Point) => ({ x: (p.x - x0) * scaleX, y: (p.y - y0) * scaleY });
  const corner = toCrop(box);
  const far = toCrop({ x: box.x + box.w, y: box.y + box.h });
  // Float error must not make a box that reaches the crop's edge a pixel wider than the crop.
  const right = Math.min(width, Math.ceil(far.x - 1e-6));
  const bottom = Math.min(height, Math.ceil(far.y - 1e-6));
  const left = Math.max(0, Math.floor(corner.x));
  const top = Math.max(0, Math.floor(corner.y));
  return {
    source,
    scaleX,
    scaleY,
    width,
    height,
    rect: { x: left, y: top, w: Math.max(1, right - left), h: Math.max(1, bottom - top) },
    seeds: request.hints.map((hint: OutlineHint) => ({ ...toCrop(hint), foreground: hint.foreground })),
  };
}

/** Crop pixels back to image pixels, kept inside the image. */
export function fromCrop(points: readonly Point[], crop: OutlineCrop, image: { width: number; height: number }): Point[] {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  return points.map((p) => ({
    x: clamp(Math.round((p.x / crop.scaleX + crop.source.x) * 10) / 10, image.width),
    y: clamp(Math.round((p.y / crop.scaleY + crop.source.y) * 10) / 10, image.height),
  }));
}
