// Decoded images by URL, least recently used first out. A decoded full-size photo holds its
// pixels in memory (a 24 MP JPEG is ~100 MB), so only a few stay referenced: the current
// image and its neighbours. Decodes wait their turn, the most wanted first: several started at
// once share the machine's few cores, and the one wanted next (the current image, or the next
// one with a key held down) then finishes only with the others. No DOM here: the decoder is
// injected, so this is tested in Node.

export interface DecodeCache<T> {
  /** The decoded value when it is ready, else null; starts nothing, changes no order. */
  peek(url: string): T | null;
  /**
   * Starts or joins the decode of url, and marks it most recently used. It starts at once,
   * beyond the concurrency: the image on screen never waits for decodes of images ahead.
   */
  load(url: string): Promise<T>;
  /**
   * Starts or joins the decodes of urls, all wanted at once, the most wanted first: they wait
   * in that order ahead of the others. Those already held are marked used before a new
   * decode's entry can push them out, so up to capacity of them stay.
   */
  loadAll(urls: readonly string[]): Promise<T>[];
  /** The URLs held, least recently used first. */
  urls(): string[];
}

/** A waiting decode pushed out of the cache before it started: nobody wants it any more. */
export class DecodeDroppedError extends Error {
  constructor(url: string) {
    super(`${url} was no longer wanted before its decode started`);
    this.name = 'DecodeDroppedError';
  }
}

interface Entry<T> {
  promise: Promise<T>;
  value: T | null;
  /** Set while the decode waits for its turn. */
  waiting: { start(): void; drop(): void } | null;
}

export function createDecodeCache<T>({
  capacity,
  decode,
  concurrency = Infinity,
}: {
  capacity: number;
  decode: (url: string) => Promise<T>;
  /** How many decodes loadAll runs at once (load starts its own beyond them). */
  concurrency?: number;
}): DecodeCache<T> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, not ${capacity}`);
  if (!(concurrency >= 1)) throw new RangeError(`concurrency must be at least 1, not ${concurrency}`);
  // A Map iterates in insertion order: re-inserting an entry makes it the most recent.
  const entries = new Map<string, Entry<T>>();
  // Waiting decodes, the next to start first.
  let queue: string[] = [];
  let running = 0;

  const startNow = (url: string, entry: Entry<T>) => {
    const waiting = entry.waiting;
    if (!waiting) return;
    entry.waiting = null;
    queue = queue.filter((queued) => queued !== url);
    running++;
    waiting.start();
  };

  const startWaiting = () => {
    for (let next = queue[0]; next !== undefined && running < concurrency; next = queue[0]) {
      const entry = entries.get(next);
      if (entry?.waiting) startNow(next, entry);
      else queue.shift();
    }
  };

  const touch = (url: string, entry: Entry<T>) => {
    entries.delete(url);
    entries.set(url, entry);
    for (const [oldest, pushedOut] of entries) {
      if (entries.size <= capacity) break;
      entries.delete(oldest);
      pushedOut.waiting?.drop();
    }
  };

  const finished = () => {
    running--;
    startWaiting();
  };

  const newEntry = (url: string): Entry<T> => {
    let settle: { resolve(value: T): void; reject(error: unknown): void } | undefined;
    const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
    const { resolve, reject } = settle as NonNullable<typeof settle>;
    const entry: Entry<T> = {
      promise,
      value: null,
      waiting: {
        start() {
          // A decoder that throws at once fails like one that rejects.
          new Promise<T>((started) => started(decode(url))).then(
            (value) => {
              entry.value = value;
              resolve(value);
              finished();
            },
            (error: unknown) => {
              // Forgotten, so the next visit tries again (the file may have been fixed meanwhile).
              if (entries.get(url) === entry) entries.delete(url);
              reject(error);
              finished();
            },
          );
        },
        drop() {
          entry.waiting = null;
          queue = queue.filter((queued) => queued !== url);
          reject(new DecodeDroppedError(url));
        },
      },
    };
    return entry;
  };

  const cache: DecodeCache<T> = {
    peek: (url) => entries.get(url)?.value ?? null,
    load(url) {
      const [promise] = cache.loadAll([url]);
      const entry = entries.get(url);
      if (entry) startNow(url, entry);
      return promise as Promise<T>;
    },
    loadAll(urls) {
      // Loading one by one, a new entry pushed out the least recently used, which could be
      // wanted too (the image before, touched last time): decoded again on every key press.
      for (const url of urls) {
        const known = entries.get(url);
        if (known) touch(url, known);
      }
      const promises = urls.map((url) => {
        const known = entries.get(url);
        if (known) return known.promise;
        const entry = newEntry(url);
        touch(url, entry);
        return entry.promise;
      });
      const wanted = urls.filter((url) => entries.get(url)?.waiting);
      queue = [...new Set([...wanted, ...queue])];
      startWaiting();
      return promises;
    },
    urls: () => [...entries.keys()],
  };
  return cache;
}
