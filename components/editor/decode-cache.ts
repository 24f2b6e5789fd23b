// Decoded images by URL, least recently used first out. A decoded full-size photo holds its
// pixels in memory (a 24 MP JPEG is ~100 MB), so only a few stay referenced: the current
// image and its neighbours, as many as the count and, given sizes, the byte budget allow.
// Decodes wait their turn, the most wanted first: several started at once share the machine's
// few cores, and the one wanted next (the current image, or the next one with a key held down)
// then finishes only with the others. No DOM here: the decoder is injected, so this is tested
// in Node.

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
   * in that order ahead of the others, and are marked used in reverse, so that the most wanted
   * is the last pushed out. Those held already are never pushed out by a new one of urls
   * while a URL not wanted is left to go.
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
  /** The decoded value's bytes (0 without a budget); null until decoded. */
  bytes: number | null;
  /** Set while the decode waits for its turn. */
  waiting: { start(): void; drop(): void } | null;
}

export interface ByteBudget<T> {
  bytes: number;
  sizeOf(value: T): number;
}

export function createDecodeCache<T>({
  capacity,
  decode,
  concurrency = Infinity,
  budget,
}: {
  capacity: number;
  decode: (url: string) => Promise<T>;
  /** How many decodes loadAll runs at once (load starts its own beyond them). */
  concurrency?: number;
  /**
   * The bytes the decoded values may hold together. The most recently used stays whatever its
   * size; a waiting decode that would not fit beside those more recently used (its size guessed
   * from the last decode's) never starts, as it would be pushed out the moment it finished.
   */
  budget?: ByteBudget<T>;
}): DecodeCache<T> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, not ${capacity}`);
  if (!(concurrency >= 1)) throw new RangeError(`concurrency must be at least 1, not ${concurrency}`);
  // A Map iterates in insertion order: re-inserting an entry makes it the most recent.
  const entries = new Map<string, Entry<T>>();
  // Waiting decodes, the next to start first.
  let queue: string[] = [];
  let running = 0;
  // The images of one project tend to share a size: the next decode's guess.
  let lastBytes = 0;

  const startNow = (url: string, entry: Entry<T>) => {
    const waiting = entry.waiting;
    if (!waiting) return;
    entry.waiting = null;
    queue = queue.filter((queued) => queued !== url);
    running++;
    waiting.start();
  };

  const bytesOf = (entry: Entry<T>) => entry.bytes ?? lastBytes;

  const fitsBudget = (url: string) => {
    if (!budget) return true;
    let moreRecent = 0;
    let counting = false;
    for (const [held, entry] of entries) {
      if (counting && !entry.waiting) moreRecent += bytesOf(entry);
      counting ||= held === url;
    }
    return moreRecent + lastBytes <= budget.bytes;
  };

  const startWaiting = () => {
    for (let next = queue[0]; next !== undefined && running < concurrency; next = queue[0]) {
      const entry = entries.get(next);
      if (!entry?.waiting) queue.shift();
      else if (fitsBudget(next)) startNow(next, entry);
      else forget(next, entry);
    }
  };

  const forget = (url: string, entry: Entry<T>) => {
    entries.delete(url);
    entry.waiting?.drop();
  };

  /** Pushes out the least recently used past the capacity or the budget, never the most recent. */
  const trim = () => {
    let held = 0;
    for (const entry of entries.values()) held += entry.bytes ?? 0;
    for (const [oldest, entry] of entries) {
      if (entries.size <= 1 || (entries.size <= capacity && (!budget || held <= budget.bytes))) break;
      held -= entry.bytes ?? 0;
      forget(oldest, entry);
    }
  };

  const touch = (url: string, entry: Entry<T>) => {
    entries.delete(url);
    entries.set(url, entry);
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
      bytes: null,
      waiting: {
        start() {
          // A decoder that throws at once fails like one that rejects.
          new Promise<T>((started) => started(decode(url))).then(
            (value) => {
              entry.value = value;
              entry.bytes = budget ? budget.sizeOf(value) : 0;
              lastBytes = entry.bytes;
              resolve(value);
              trim();
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
      // Pushed out only once all are in: loading one by one, a new entry pushed out the least
      // recently used, which could be wanted too (the image before, touched last time), and
      // was decoded again on every key press.
      const wantedEntries = new Map<string, Entry<T>>();
      for (const url of urls) if (!wantedEntries.has(url)) wantedEntries.set(url, entries.get(url) ?? newEntry(url));
      for (const [url, entry] of [...wantedEntries].reverse()) touch(url, entry);
      trim();
      const promises = urls.map((url) => (wantedEntries.get(url) as Entry<T>).promise);
      const wanted = urls.filter((url) => entries.get(url)?.waiting);
      queue = [...new Set([...wanted, ...queue])];
      startWaiting();
      return promises;
    },
    urls: () => [...entries.keys()],
  };
  return cache;
}
