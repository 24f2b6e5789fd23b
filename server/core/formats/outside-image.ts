// Coordinates past the image edge are cut there on import (a shape lives inside its image);
// saying so keeps a wrong file (swapped axes, another image's size) from passing unnoticed.
import { round } from './common';
import type { Bounds, PixelSize } from './geometry';

// Float noise of normalised formats (six decimals of a 4000 px side) is not worth a word.
const TOLERANCE_PX = 0.01;

/** How the bounds pass the image's edges in pixels ("x from -3, y up to 2560"), or null. */
export function outsideImage(bounds: Bounds, size: PixelSize): string | null {
  const parts: string[] = [];
  const axis = (name: string, min: number, max: number, limit: number) => {
    const low = min < -TOLERANCE_PX;
    const high = max > limit + TOLERANCE_PX;
    if (low && high) parts.push(`${name} from ${round(min)} to ${round(max)}`);
    else if (low) parts.push(`${name} from ${round(min)}`);
    else if (high) parts.push(`${name} up to ${round(max)}`);
  };
  axis('x', bounds.xMin, bounds.xMax, size.width);
  axis('y', bounds.yMin, bounds.yMax, size.height);
  return parts.length > 0 ? parts.join(', ') : null;
}
