// Which tiles to ask the decode cache for each time the tiles in view change. No DOM here:
// the cache is passed in, so this is tested in Node.
import type { DecodeCache } from '../decode-cache';

/** A tile the server no longer has: its cache evicted the pyramid, which must be cut again. */
export class TileMissingError extends Error {
  constructor(url: string) {
    super(`${url}: HTTP 404`);
    this.name = 'TileMissingError';
  }
}

export interface TileRequestEvents {
  /** A tile that was not decoded yet is now: draw again. */
  arrived(): void;
  /** A tile answered 404; called at most once per tile URL of the reported set. */
  missing(): void;
}

/**
 * Loads every tile in view, decoded ones too: a load marks a tile most recently used (a peek
 * does not), so the tiles on screen are the last the cache evicts, however much was panned.
 */
export function requestTiles<T>(cache: DecodeCache<T>, urls: readonly string[], reported: Set<string>, events: TileRequestEvents): void {
  for (const url of urls) {
    const wasDecoded = cache.peek(url) !== null;
    cache.load(url).then(
      () => {
        if (!wasDecoded) events.arrived();
      },
      (error: unknown) => {
        if (!(error instanceof TileMissingError) || reported.has(url)) return;
        reported.add(url);
        events.missing();
      },
    );
  }
}
