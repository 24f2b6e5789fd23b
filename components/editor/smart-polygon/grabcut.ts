// GrabCut on a small RGBA crop: everything outside the dragged rectangle is background,
// the inside starts as probable foreground, and rounds of "learn the two colour models,
// then cut the pixel graph" move the inside's background pixels out. The user's + and -
// clicks pin small discs to one side. Pure, so a Web Worker and the tests run the same code.
import { assignComponents, fitModel, initialModel, type ColourModel } from './gmm';
import { createCutGraph } from './max-flow';

export interface CropImage {
  /** RGBA, row by row, as ImageData holds it. */
  pixels: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Seed {
  x: number;
  y: number;
  /** True: this is the object (+); false: this is background (-). */
  foreground: boolean;
}

export interface GrabCutOptions {
  rounds?: number;
  /** Radius in crop pixels of the disc a click pins; a tenth of the box's short side by default (a brush, not a pixel). */
  seedRadius?: number;
}

/** Smoothness weight of the original paper: how much a colour edge is preferred as the cut. */
const GAMMA = 50;
const PINNED = 9 * GAMMA;

const enum Pin {
  Free = 0,
  Background = 1,
  Foreground = 2,
}

function pins(image: CropImage, rect: Rect, seeds: readonly Seed[], radius: number): Uint8Array {
  const { width, height } = image;
  const pinned = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h;
      if (!inside) pinned[y * width + x] = Pin.Background;
    }
  }
  for (const seed of seeds) {
    for (let y = Math.max(0, Math.floor(seed.y - radius)); y <= Math.min(height - 1, Math.ceil(seed.y + radius)); y++) {
      for (let x = Math.max(0, Math.floor(seed.x - radius)); x <= Math.min(width - 1, Math.ceil(seed.x + radius)); x++) {
        if ((x - seed.x) ** 2 + (y - seed.y) ** 2 <= radius * radius) pinned[y * width + x] = seed.foreground ? Pin.Foreground : Pin.Background;
      }
    }
  }
  return pinned;
}

/** The four forward neighbours (right, down, down-right, down-left): offsets and distances. */
const NEIGHBOUR_DX = [1, 0, 1, -1] as const;
const NEIGHBOUR_DY = [0, 1, 1, 1] as const;
const NEIGHBOUR_DISTANCE = [1, 1, Math.SQRT2, Math.SQRT2] as const;

/**
 * Edge weights do not change between rounds: computed once. Plain loops over typed arrays:
 * this and the graph's build run for every pixel and neighbour (160,000 edges at WORK_SIDE),
 * where callbacks per edge cost tens of milliseconds.
 */
function smoothnessWeights(image: CropImage): Float64Array {
  const { pixels, width, height } = image;
  const distances = new Float64Array(width * height * 4).fill(-1);
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const node = y * width + x;
      const p = node * 4;
      for (let direction = 0; direction < 4; direction++) {
        const nx = x + NEIGHBOUR_DX[direction]!;
        const ny = y + NEIGHBOUR_DY[direction]!;
        if (nx < 0 || nx >= width || ny >= height) continue;
        const q = (ny * width + nx) * 4;
        const dr = pixels[p]! - pixels[q]!;
        const dg = pixels[p + 1]! - pixels[q + 1]!;
        const db = pixels[p + 2]! - pixels[q + 2]!;
        const distance = dr * dr + dg * dg + db * db;
        distances[p + direction] = distance;
        sum += distance;
        count += 1;
      }
    }
  }
  const beta = sum > 0 ? count / (2 * sum) : 0;
  // No neighbour there: weight 0, which the graph skips.
  const weights = new Float64Array(distances.length);
  for (let i = 0; i < distances.length; i++) {
    const distance = distances[i]!;
    if (distance >= 0) weights[i] = (GAMMA * Math.exp(-beta * distance)) / NEIGHBOUR_DISTANCE[i & 3]!;
  }
  return weights;
}

function samplesWhere(mask: Uint8Array, value: number): Int32Array {
  let count = 0;
  for (const m of mask) if (m === value) count++;
  const samples = new Int32Array(count);
  let i = 0;
  mask.forEach((m, node) => {
    if (m === value) samples[i++] = node;
  });
  return samples;
}

function coversCrop(rect: Rect, width: number, height: number): boolean {
  return rect.x <= 0 && rect.y <= 0 && rect.x + rect.w >= width && rect.y + rect.h >= height;
}

/**
 * A box dragged past every edge of the image leaves no pixel outside it: no background to
 * learn a colour model from, so the first round would stop with the box as the outline. A
 * thin band just inside the border starts as background instead, not pinned, so the cut
 * may still give it back to the object where the object's colours reach the edge.
 */
function startBorderBand(mask: Uint8Array, pinned: Uint8Array, width: number, height: number, rect: Rect): void {
  const band = Math.max(2, Math.round(0.04 * Math.min(rect.w, rect.h)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const nearEdge = x < band || y < band || x >= width - band || y >= height - band;
      if (nearEdge && pinned[y * width + x] === Pin.Free) mask[y * width + x] = 0;
    }
  }
}

/** 1 for the pixels of the object, 0 elsewhere. */
export function grabCut(image: CropImage, rect: Rect, seeds: readonly Seed[] = [], options: GrabCutOptions = {}): Uint8Array {
  const { pixels, width, height } = image;
  const nodes = width * height;
  const pinned = pins(image, rect, seeds, options.seedRadius ?? Math.max(2, Math.round(Math.min(rect.w, rect.h) / 10)));
  let mask: Uint8Array = new Uint8Array(nodes);
  pinned.forEach((pin, node) => (mask[node] = pin === Pin.Background ? 0 : 1));
  if (coversCrop(rect, width, height)) startBorderBand(mask, pinned, width, height, rect);
  const weights = smoothnessWeights(image);
  let foregroundModel: ColourModel | null = null;
  let backgroundModel: ColourModel | null = null;

  for (let round = 0; round < (options.rounds ?? 4); round++) {
    const foreground = samplesWhere(mask, 1);
    const background = samplesWhere(mask, 0);
    if (foreground.length === 0 || background.length === 0) break;
    foregroundModel = foregroundModel ? fitModel(pixels, foreground, assignComponents(foregroundModel, pixels, foreground)) : initialModel(pixels, foreground);
    backgroundModel = backgroundModel ? fitModel(pixels, background, assignComponents(backgroundModel, pixels, background)) : initialModel(pixels, background);

    const graph = createCutGraph(nodes, nodes * 4);
    for (let node = 0; node < nodes; node++) {
      const pin = pinned[node];
      if (pin === Pin.Background) graph.setTerminal(node, -PINNED);
      else if (pin === Pin.Foreground) graph.setTerminal(node, PINNED);
      else {
        const r = pixels[node * 4] as number;
        const g = pixels[node * 4 + 1] as number;
        const b = pixels[node * 4 + 2] as number;
        // Positive: the pixel fits the object's colours better, so calling it background costs that much.
        graph.setTerminal(node, backgroundModel.cost(r, g, b) - foregroundModel.cost(r, g, b));
      }
      for (let direction = 0; direction < 4; direction++) {
        const weight = weights[node * 4 + direction]!;
        if (weight !== 0) graph.addEdge(node, node + NEIGHBOUR_DY[direction]! * width + NEIGHBOUR_DX[direction]!, weight);
      }
    }
    const next = graph.cut();
    const unchanged = next.every((value, node) => value === mask[node]);
    mask = next;
    if (unchanged) break;
  }
  return mask;
}
