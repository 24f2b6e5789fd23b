import { describe, expect, it } from 'vitest';
import { grabCut, type CropImage } from './grabcut';
import { simplifyPolygon } from '../model/shape-ops';
import { crossesItself, fillHoles, largestRegion, maskToPolygon, traceOutline } from './mask-outline';
import type { Point } from '../model/types';

/** A seeded noisy picture: a background of one colour family with a disc (or ring) of another. */
function picture(width: number, height: number, inObject: (x: number, y: number) => boolean, seed = 7): CropImage {
  let state = seed;
  const noise = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return (state / 2 ** 32 - 0.5) * 40;
  };
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const [r, g, b] = inObject(x, y) ? [200, 60, 40] : (x + y) % 20 < 10 ? [60, 120, 200] : [90, 160, 90];
      pixels[i] = r + noise();
      pixels[i + 1] = g + noise();
      pixels[i + 2] = b + noise();
      pixels[i + 3] = 255;
    }
  }
  return { pixels, width, height };
}

const polygonArea = (points: readonly Point[]) =>
  Math.abs(points.reduce((sum, p, i) => {
    const q = points[(i + 1) % points.length] as Point;
    return sum + p.x * q.y - q.x * p.y;
  }, 0)) / 2;

function insidePolygon(points: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i] as Point;
    const b = points[j] as Point;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Intersection over union of a polygon with the true object, sampled at pixel centres. */
function iou(points: readonly Point[], width: number, height: number, truth: (x: number, y: number) => boolean): number {
  let both = 0;
  let either = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = insidePolygon(points, x + 0.5, y + 0.5);
      const b = truth(x, y);
      if (a && b) both++;
      if (a || b) either++;
    }
  }
  return both / either;
}

describe('tracing a mask', () => {
  it('outlines a rectangle by its four corners, clockwise', () => {
    const mask = new Uint8Array(6 * 5);
    for (let y = 1; y <= 3; y++) for (let x = 2; x <= 4; x++) mask[y * 6 + x] = 1;
    expect(traceOutline(mask, 6, 5)).toEqual([
      { x: 2, y: 1 },
      { x: 5, y: 1 },
      { x: 5, y: 4 },
      { x: 2, y: 4 },
    ]);
  });

  it('keeps pixels that touch only diagonally inside one outline', () => {
    const mask = Uint8Array.from([1, 0, 0, 1]);
    expect(polygonArea(traceOutline(mask, 2, 2))).toBe(2);
  });

  it('fills a hole but not a bay that opens to the border', () => {
    const ring = (x: number, y: number) => Math.hypot(x - 10, y - 10) < 8 && Math.hypot(x - 10, y - 10) > 4;
    const mask = Uint8Array.from({ length: 400 }, (_, i) => (ring(i % 20, Math.floor(i / 20)) ? 1 : 0));
    expect(fillHoles(mask, 20, 20)[10 * 20 + 10]).toBe(1);
    const bay = Uint8Array.from({ length: 400 }, (_, i) => (i % 20 < 10 && Math.floor(i / 20) !== 10 ? 1 : 0));
    expect(fillHoles(bay, 20, 20)[10 * 20 + 5]).toBe(0);
  });
});

describe('simplifying an outline', () => {
  /** Seeded noisy blobs: a disc whose every pixel's edge is jittered, as a cut of a textured object. */
  function* noisyBlobs(count: number) {
    let state = 1;
    const random = () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    for (let n = 0; n < count; n++) {
      const radius = 10 + random() * 6;
      yield Uint8Array.from({ length: 40 * 40 }, (_, i) => (Math.hypot((i % 40) - 20, Math.floor(i / 40) - 20) < radius + (random() - 0.5) * 8 ? 1 : 0));
    }
  }

  it('tells a crossing outline from one that only touches itself at a vertex', () => {
    expect(crossesItself([{ x: 0, y: 0 }, { x: 4, y: 4 }, { x: 4, y: 0 }, { x: 0, y: 4 }])).toBe(true);
    expect(crossesItself([{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 4 }, { x: 0, y: 4 }])).toBe(false);
    // Two squares meeting at (2, 2), traced as one outline through that corner twice.
    const touching = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: 4, y: 2 }, { x: 4, y: 4 }, { x: 2, y: 4 }, { x: 2, y: 2 }, { x: 0, y: 2 }];
    expect(crossesItself(touching)).toBe(false);
  });

  it('never returns an outline that crosses itself, where plain Douglas-Peucker does', () => {
    let crossedBefore = 0;
    for (const mask of noisyBlobs(300)) {
      const traced = traceOutline(fillHoles(largestRegion(mask, 40, 40), 40, 40), 40, 40);
      if (crossesItself(simplifyPolygon({ id: '', kind: 'polygon', label: '', points: traced }, 1).points)) crossedBefore++;
      const outline = maskToPolygon(mask, 40, 40);
      expect(crossesItself(outline)).toBe(false);
      expect(outline.length).toBeLessThan(traced.length);
    }
    expect(crossedBefore).toBeGreaterThan(0); // the blobs do hit the case
  });
});

describe('smart polygon', () => {
  const disc = (x: number, y: number) => Math.hypot(x - 60, y - 50) < 28;

  it('outlines an object inside a loose box closely', () => {
    const image = picture(120, 100, disc);
    const mask = grabCut(image, { x: 20, y: 12, w: 82, h: 78 });
    const outline = maskToPolygon(mask, image.width, image.height);
    expect(iou(outline, 120, 100, disc)).toBeGreaterThan(0.9);
    expect(outline.length).toBeLessThan(60);
  });

  /** The share of a region's pixels the mask calls object. */
  const coverage = (mask: Uint8Array, width: number, region: (x: number, y: number) => boolean) => {
    let inRegion = 0;
    let object = 0;
    mask.forEach((value, node) => {
      if (!region(node % width, Math.floor(node / width))) return;
      inRegion++;
      object += value;
    });
    return object / inRegion;
  };

  it('a minus click takes away a part of the same colour the box could not exclude', () => {
    // Two discs of the object's colour in the box; the user marks the smaller one as background.
    const small = (x: number, y: number) => Math.hypot(x - 100, y - 85) < 9;
    const two = (x: number, y: number) => disc(x, y) || small(x, y);
    const image = picture(120, 100, two);
    const rect = { x: 20, y: 12, w: 95, h: 86 };
    // The click pins a disc of radius 4; the rest of the small disc must go by the cut itself.
    const unpinned = (x: number, y: number) => small(x, y) && Math.hypot(x - 100, y - 85) > 4.5;
    const first = grabCut(image, rect);
    const corrected = grabCut(image, rect, [{ x: 100, y: 85, foreground: false }], { seedRadius: 4 });
    expect(coverage(first, 120, unpinned)).toBeGreaterThan(0.7);
    expect(coverage(corrected, 120, unpinned)).toBeLessThan(0.2);
    expect(iou(maskToPolygon(corrected, 120, 100), 120, 100, disc)).toBeGreaterThan(0.9);
  });

  it('a plus click brings back a part the colour models left out', () => {
    // A disc with a differently coloured cap: without help, the cap reads as background.
    const cap = (x: number, y: number) => disc(x, y) && y >= 22 && y < 34 && x >= 50 && x < 70;
    const image = picture(120, 100, disc);
    for (let y = 22; y < 34; y++) {
      for (let x = 50; x < 70; x++) if (cap(x, y)) image.pixels.set([60, 120, 200, 255], (y * 120 + x) * 4);
    }
    const rect = { x: 20, y: 12, w: 82, h: 78 };
    const alone = grabCut(image, rect);
    const helped = grabCut(image, rect, [{ x: 60, y: 27, foreground: true }], { seedRadius: 5 });
    expect(coverage(alone, 120, cap)).toBeLessThan(0.3);
    expect(coverage(helped, 120, cap)).toBeGreaterThan(0.7);
  });

  it('outlines the object when the box covers the whole picture (no background around it)', () => {
    // A drag past all four edges is clamped to the image: nothing outside the box to learn from.
    const image = picture(120, 100, disc);
    const mask = grabCut(image, { x: 0, y: 0, w: 120, h: 100 });
    expect(iou(maskToPolygon(mask, 120, 100), 120, 100, disc)).toBeGreaterThan(0.85);
  });

  it('finds nothing to outline in an empty box', () => {
    const image = picture(40, 40, () => false);
    expect(maskToPolygon(new Uint8Array(1600), image.width, image.height)).toEqual([]);
  });
});
