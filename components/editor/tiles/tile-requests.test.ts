import { describe, expect, it } from 'vitest';
import { createDecodeCache } from '../decode-cache';
import { requestTiles, TileMissingError } from './tile-requests';

/** Tiles decode at once, except those the test says the server no longer has. */
function tileServer(gone: readonly string[] = [], broken: readonly string[] = []) {
  const fetched: string[] = [];
  const decode = (url: string) => {
    fetched.push(url);
    if (gone.includes(url)) return Promise.reject(new TileMissingError(url));
    if (broken.includes(url)) return Promise.reject(new Error(`${url}: HTTP 500`));
    return Promise.resolve(`pixels of ${url}`);
  };
  return { fetched, decode };
}

/** Lets the loads started so far finish. */
const loadsSettle = () => new Promise((resolve) => setTimeout(resolve, 0));

function counter() {
  const seen = { arrived: 0, missing: 0 };
  return { seen, events: { arrived: () => void seen.arrived++, missing: () => void seen.missing++ } };
}

describe('tiles requested for the view', () => {
  it('keeps the tiles on screen decoded however many others pass through the cache', async () => {
    const server = tileServer();
    const cache = createDecodeCache({ capacity: 4, decode: server.decode });
    const { events } = counter();
    const reported = new Set<string>();
    // a and b stay on screen while the rest of the view pans over c..h.
    for (const passing of ['c', 'd', 'e', 'f', 'g', 'h']) {
      requestTiles(cache, ['a', 'b', passing], reported, events);
      await loadsSettle();
    }
    expect(cache.peek('a')).toBe('pixels of a');
    expect(cache.peek('b')).toBe('pixels of b');
    expect(server.fetched.filter((url) => url === 'a')).toHaveLength(1);
  });

  it('says a tile arrived only when it was not decoded before', async () => {
    const cache = createDecodeCache({ capacity: 8, decode: tileServer().decode });
    const { seen, events } = counter();
    requestTiles(cache, ['a', 'b'], new Set(), events);
    await loadsSettle();
    requestTiles(cache, ['a', 'b', 'c'], new Set(), events);
    await loadsSettle();
    expect(seen.arrived).toBe(3);
  });

  it('reports a tile the server no longer has once, and not a tile that failed otherwise', async () => {
    const server = tileServer(['gone'], ['broken']);
    const cache = createDecodeCache({ capacity: 8, decode: server.decode });
    const { seen, events } = counter();
    const reported = new Set<string>();
    for (let pass = 0; pass < 3; pass++) {
      requestTiles(cache, ['a', 'gone', 'broken'], reported, events);
      await loadsSettle();
    }
    expect(seen.missing).toBe(1);
    expect(server.fetched.filter((url) => url === 'gone')).toHaveLength(3); // each pass tries again
  });
});
