// Gaussian mixture colour models of GrabCut (Rother, Kolmogorov, Blake 2004): five full-
// covariance components for the foreground and five for the background, learnt from the
// pixels currently on each side.

const COMPONENTS = 5;
/** Added to the covariance diagonal: a flat-coloured region would be singular otherwise. */
const REGULARISE = 0.01;

interface Component {
  weight: number;
  mean: [number, number, number];
  inverse: Float64Array;
  /** log(weight) - log(sqrt(det)): the constant part of the component's log-density. */
  logScale: number;
}

export interface ColourModel {
  /** -log of the mixture density at an RGB colour (0..255 per channel). */
  cost(r: number, g: number, b: number): number;
  /** The component that explains the colour best, for the next round's learning. */
  nearest(r: number, g: number, b: number): number;
}

/** Splits sample indexes into k groups by luminance rank: a deterministic start for k-means. */
function initialGroups(pixels: Uint8ClampedArray, samples: Int32Array): Int32Array {
  const luminance = (i: number) => 0.299 * (pixels[i * 4] as number) + 0.587 * (pixels[i * 4 + 1] as number) + 0.114 * (pixels[i * 4 + 2] as number);
  const order = Array.from(samples).sort((a, b) => luminance(a) - luminance(b));
  const groups = new Int32Array(samples.length);
  const rank = new Map<number, number>();
  order.forEach((sample, i) => rank.set(sample, Math.min(COMPONENTS - 1, Math.floor((i * COMPONENTS) / order.length))));
  samples.forEach((sample, i) => (groups[i] = rank.get(sample) ?? 0));
  return groups;
}

/** Fits one mixture to the samples given their component assignment. */
export function fitModel(pixels: Uint8ClampedArray, samples: Int32Array, groups: Int32Array): ColourModel {
  const sums = new Float64Array(COMPONENTS * 3);
  const products = new Float64Array(COMPONENTS * 9);
  const counts = new Float64Array(COMPONENTS);
  for (let i = 0; i < samples.length; i++) {
    const k = groups[i] as number;
    const p = (samples[i] as number) * 4;
    const c = [pixels[p] as number, pixels[p + 1] as number, pixels[p + 2] as number];
    counts[k] = (counts[k] as number) + 1;
    for (let a = 0; a < 3; a++) {
      sums[k * 3 + a] = (sums[k * 3 + a] as number) + (c[a] as number);
      for (let b = 0; b < 3; b++) products[k * 9 + a * 3 + b] = (products[k * 9 + a * 3 + b] as number) + (c[a] as number) * (c[b] as number);
    }
  }
  const components: Component[] = [];
  for (let k = 0; k < COMPONENTS; k++) {
    const n = counts[k] as number;
    if (n === 0) continue;
    const mean: [number, number, number] = [(sums[k * 3] as number) / n, (sums[k * 3 + 1] as number) / n, (sums[k * 3 + 2] as number) / n];
    const cov = new Float64Array(9);
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) cov[a * 3 + b] = (products[k * 9 + a * 3 + b] as number) / n - (mean[a] as number) * (mean[b] as number) + (a === b ? REGULARISE : 0);
    const [c00, c01, c02, c10, c11, c12, c20, c21, c22] = cov as unknown as number[] as [number, number, number, number, number, number, number, number, number];
    const det = c00 * (c11 * c22 - c12 * c21) - c01 * (c10 * c22 - c12 * c20) + c02 * (c10 * c21 - c11 * c20);
    if (!(det > 0)) continue;
    const inverse = new Float64Array([
      (c11 * c22 - c12 * c21) / det, (c02 * c21 - c01 * c22) / det, (c01 * c12 - c02 * c11) / det,
      (c12 * c20 - c10 * c22) / det, (c00 * c22 - c02 * c20) / det, (c02 * c10 - c00 * c12) / det,
      (c10 * c21 - c11 * c20) / det, (c01 * c20 - c00 * c21) / det, (c00 * c11 - c01 * c10) / det,
    ]);
    const weight = n / samples.length;
    components.push({ weight, mean, inverse, logScale: Math.log(weight) - 0.5 * Math.log(det) });
  }
  const logDensity = (component: Component, r: number, g: number, b: number) => {
    const d0 = r - component.mean[0];
    const d1 = g - component.mean[1];
    const d2 = b - component.mean[2];
    const m = component.inverse;
    const q =
      d0 * ((m[0] as number) * d0 + (m[1] as number) * d1 + (m[2] as number) * d2) +
      d1 * ((m[3] as number) * d0 + (m[4] as number) * d1 + (m[5] as number) * d2) +
      d2 * ((m[6] as number) * d0 + (m[7] as number) * d1 + (m[8] as number) * d2);
    return component.logScale - 0.5 * q;
  };
  return {
    cost(r, g, b) {
      let density = 0;
      for (const component of components) density += Math.exp(logDensity(component, r, g, b));
      // The 2π^(3/2) factor is the same on both sides of every comparison: left out.
      return density > 1e-300 ? -Math.log(density) : 690;
    },
    nearest(r, g, b) {
      let best = 0;
      let bestLog = -Infinity;
      components.forEach((component, k) => {
        const value = logDensity(component, r, g, b);
        if (value > bestLog) {
          bestLog = value;
          best = k;
        }
      });
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
