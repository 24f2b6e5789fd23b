'use client';

// Decoded tiles of huge images, shared by every canvas of the tab: a tile is 512 x 512, so a
// few screens' worth of them (and the way back over ground just panned) stay decoded. A
// high-DPI screen shows over a hundred at once (the sharp level and the one under it).
import { createDecodeCache } from '../decode-cache';
import { TileMissingError } from './tile-requests';

async function decodeTile(url: string): Promise<ImageBitmap> {
  const response = await fetch(url);
  if (response.status === 404) throw new TileMissingError(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return createImageBitmap(await response.blob());
}

export const tileBitmaps = createDecodeCache({ capacity: 512, decode: decodeTile });
