// Gaussian mixture colour models of GrabCut (Rother, Kolmogorov, Blake 2004): five full-
// covariance components for the foreground and five for the background, learnt from the
// pixels currently on each side.

const COMPONENTS = 5;
/** Added to the covariance diagonal: a flat-coloured region would be singular otherwise. */
const REGULARISE = 0.01;

/** A component's numbers, flat: log scale, mean (3), inverse covariance (9). */
const STRIDE = 13;

export interface ColourModel {
  /** -log of the mixture density at an RGB colour (0..255 per channel). */
  cost(r: number, g: number, b: number): number;
  /** The component that explains the colour best, for the next round's learning. */
  nearest(r: number, g: number, b: number): number;
}

/**
 * Splits sample indexes into k groups by luminance rank: a deterministic start for k-means.
 * Ranked by a counting sort of the integer luminance (299 r + 587 g + 114 b), ties in sample
 * order: no comparison sort of tens of thousands of pixels in every outline.
 */
function initialGroups(pixels: Uint8ClampedArray, samples: Int32Array): Int32Array {
  const n = samples.length;
  const keys = new Int32Array(n);
  const starts = new Int32Array(255_000 + 2);
  for (let i = 0; i < n; i++) {
    const p = samples[i]! * 4;
    const key = 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]!;
    keys[i] = key;
    starts[key + 1]! += 1;
  }
  for (let key = 1; key < starts.length; key++) starts[key]! += starts[key - 1]!;
  const groups = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const rank = starts[keys[i]!]!++;
    groups[i] = Math.min(COMPONENTS - 1, Math.floor((rank * COMPONENTS) / n));
  }
  return groups;
}

/** Fits one mixture to the samples given their component assignment. */
export function fitModel(pixels: Uint8ClampedArray, samples: Int32Array, groups: Int32Array): ColourModel {
  const sums = new Float64Array(COMPONENTS * 3);
  const products = new Float64Array(COMPONENTS * 9);
  const counts = new Float64Array(COMPONENTS);
  for (let i = 0; i < samples.length; i++) {
    const k = groups[i]!;
    const p = samples[i]! * 4;
    const r = pixels[p]!;
    const g = pixels[p + 1]!;
    const b = pixels[p + 2]!;
    counts[k]! += 1;
    sums[k * 3]! += r;
    sums[k * 3 + 1]! += g;
    sums[k * 3 + 2]! += b;
    const o = k * 9;
    products[o]! += r * r;
    products[o + 1]! += r * g;
    products[o + 2]! += r * b;
    products[o + 3]! += g * r;
    products[o + 4]! += g * g;
    products[o + 5]! += g * b;
    products[o + 6]! += b * r;
    products[o + 7]! += b * g;
    products[o + 8]! += b * b;
  }
  const model = new Float64Array(COMPONENTS * STRIDE);
  let used = 0;
  for (let k = 0; k < COMPONENTS; k++) {
    const n = counts[k]!;
    if (n === 0) continue;
    const mean = [sums[k * 3]! / n, sums[k * 3 + 1]! / n, sums[k * 3 + 2]! / n] as const;
    const cov = new Float64Array(9);
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) cov[a * 3 + b] = products[k * 9 + a * 3 + b]! / n - mean[a]! * mean[b]! + (a === b ? REGULARISE : 0);
    const [c00, c01, c02, c10, c11, c12, c20, c21, c22] = cov as unknown as number[] as [number, number, number, number, number, number, number, number, number];
    const det = c00 * (c11 * c22 - c12 * c21) - c01 * (c10 * c22 - c12 * c20) + c02 * (c10 * c21 - c11 * c20);
    if (!(det > 0)) continue;
    const weight = n / samples.length;
    model.set(
      [
        Math.log(weight) - 0.5 * Math.log(det),
        ...mean,
        (c11 * c22 - c12 * c21) / det, (c02 * c21 - c01 * c22) / det, (c01 * c12 - c02 * c11) / det,
        (c12 * c20 - c10 * c22) / det, (c00 * c22 - c02 * c20) / det, (c02 * c10 - c00 * c12) / det,
        (c10 * c21 - c11 * c20) / det, (c01 * c20 - c00 * c21) / det, (c00 * c11 - c01 * c10) / det,
      ],
      used * STRIDE,
    );
    used += 1;
  }
  // log(weight) - log(sqrt(det)) - (colour - mean)' inverse (colour - mean) / 2.
  const logDensity = (k: number, r: number, g: number, b: number) => {
    const o = k * STRIDE;
    const d0 = r - model[o + 1]!;
    const d1 = g - model[o + 2]!;
    const d2 = b - model[o + 3]!;
    const q =
      d0 * (model[o + 4]! * d0 + model[o + 5]! * d1 + model[o + 6]! * d2) +
      d1 * (model[o + 7]! * d0 + model[o + 8]! * d1 + model[o + 9]! * d2) +
      d2 * (model[o + 10]! * d0 + model[o + 11]! * d1 + model[o + 12]! * d2);
    return model[o]! - 0.5 * q;
  };
  return {
    cost(r, g, b) {
      let density = 0;
      for (let k = 0; k < used; k++) density += Math.exp(logDensity(k, r, g, b));
      // The 2π^(3/2) factor is the same on both sides of every comparison: left out.
      return density > 1e-300 ? -Math.log(density) : 690;
    },
    nearest(r, g, b) {
      let best = 0;
      let bestLog = -Infinity;
      for (let k = 0; k < used; k++) {
        const value = logDensity(k, r, g, b);
        if (value > bestLog) {
          bestLog = value;
          best = k;
        }
      }
      return best;
    },
  };
}

/** The first model of a side: components by luminance, refined by a few k-means-like rounds. */
export function initialModel(pixels: Uint8ClampedArray, samples: Int32Array): ColourModel {
  let groups = initialGroups(pixels, samples);
  let model = fitModel(pixels, samples, groups);
  for (let round = 0; round < 2; round++) {
    groups = assignComponents(model, pixels, samples);
    model = fitModel(pixels, samples, groups);
  }
  return model;
}

export function assignComponents(model: ColourModel, pixels: Uint8ClampedArray, samples: Int32Array): Int32Array {
  const groups = new Int32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const p = (samples[i] as number) * 4;
    groups[i] = model.nearest(pixels[p] as number, pixels[p + 1] as number, pixels[p + 2] as number);
  }
  return groups;
}
