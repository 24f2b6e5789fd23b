// Decoded images by URL, least recently used first out. A decoded full-size photo holds its
// pixels in memory (a 24 MP JPEG is ~100 MB), so only a few stay referenced: the current
// image and its neighbours. No DOM here: the decoder is injected, so this is tested in Node.

export interface DecodeCache<T> {
  /** The decoded value when it is ready, else null; starts nothing, changes no order. */
  peek(url: string): T | null;
  /** Starts or joins the decode of url and marks it most recently used. */
  load(url: string): Promise<T>;
  /**
   * Starts or joins the decodes of urls, all wanted at once. Those already held are marked
   * used before a new decode's entry can push them out, so up to capacity of them stay.
   */
  loadAll(urls: readonly string[]): Promise<T>[];
  /** The URLs held, least recently used first. */
  urls(): string[];
}

interface Entry<T> {
  promise: Promise<T>;
  value: T | null;
}

export function createDecodeCache<T>({ capacity, decode }: { capacity: number; decode: (url: string) => Promise<T> }): DecodeCache<T> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, not ${capacity}`);
  // A Map iterates in insertion order: re-inserting an entry makes it the most recent.
  const entries = new Map<string, Entry<T>>();

  const touch = (url: string, entry: Entry<T>) => {
    entries.delete(url);
    entries.set(url, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= capacity) break;
      entries.delete(oldest);
    }
  };

  const cache: DecodeCache<T> = {
    peek: (url) => entries.get(url)?.value ?? null,
    load(url) {
      const known = entries.get(url);
      if (known) {
        touch(url, known);
        return known.promise;
      }
      const entry: Entry<T> = {
        value: null,
        promise: decode(url).then(
          (value) => {
            entry.value = value;
            return value;
          },
          (error: unknown) => {
            // Forgotten, so the next visit tries again (the file may have been fixed meanwhile).
            if (entries.get(url) === entry) entries.delete(url);
            throw error;
          },
        ),
      };
      touch(url, entry);
      return entry.promise;
    },
    loadAll(urls) {
      // Loading one by one, a new entry pushed out the least recently used, which could be
      // wanted too (the image before, touched last time): decoded again on every key press.
      for (const url of urls) {
        const known = entries.get(url);
        if (known) touch(url, known);
      }
      return urls.map((url) => entries.get(url)?.promise ?? cache.load(url));
    },
    urls: () => [...entries.keys()],
  };
  return cache;
}
