import { describe, expect, it } from 'vitest';
import { createDecodeCache } from './decode-cache';

/** A decoder whose decodes finish when the test says so, counting how often each URL ran. */
function manualDecoder() {
  const pending = new Map<string, { resolve: (value: string) => void; reject: (error: Error) => void }>();
  const calls: string[] = [];
  return {
    calls,
    decode: (url: string) =>
      new Promise<string>((resolve, reject) => {
        calls.push(url);
        pending.set(url, { resolve, reject });
      }),
    finish: (url: string) => pending.get(url)?.resolve(`pixels of ${url}`),
    fail: (url: string) => pending.get(url)?.reject(new Error(`cannot decode ${url}`)),
  };
}

describe('decode cache', () => {
  it('decodes each URL once, and peeks at it only once it is decoded', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 3, decode: decoder.decode });
    const first = cache.load('a');
    const second = cache.load('a');
    expect(cache.peek('a')).toBeNull();
    decoder.finish('a');
    await expect(first).resolves.toBe('pixels of a');
    await expect(second).resolves.toBe('pixels of a');
    expect(cache.peek('a')).toBe('pixels of a');
    expect(decoder.calls).toEqual(['a']);
  });

  it('drops the least recently used URL past its capacity', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 2, decode: decoder.decode });
    for (const url of ['a', 'b']) {
      const loaded = cache.load(url);
      decoder.finish(url);
      await loaded;
    }
    // Going back to a makes b the oldest, so c pushes b out and a stays ready.
    await cache.load('a');
    void cache.load('c');
    expect(cache.urls()).toEqual(['a', 'c']);
    expect(cache.peek('a')).toBe('pixels of a');
    expect(cache.peek('b')).toBeNull();
    void cache.load('b');
    expect(decoder.calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a failed decode, so the next load tries again', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 2, decode: decoder.decode });
    const failing = cache.load('broken');
    decoder.fail('broken');
    await expect(failing).rejects.toThrow('cannot decode broken');
    expect(cache.urls()).toEqual([]);
    const retry = cache.load('broken');
    decoder.finish('broken');
    await expect(retry).resolves.toBe('pixels of broken');
    expect(decoder.calls).toEqual(['broken', 'broken']);
  });

  it('keeps every URL wanted at once: a new decode pushes out one not wanted, never a wanted one held longest', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 4, decode: decoder.decode });
    // The image before the current one was touched first, an image no longer wanted after it.
    for (const url of ['before', 'left', 'current', 'next']) {
      const loaded = cache.load(url);
      decoder.finish(url);
      await loaded;
    }
    const wanted = cache.loadAll(['current', 'next', 'after next', 'before']);
    expect(decoder.calls).toEqual(['before', 'left', 'current', 'next', 'after next']);
    expect(cache.urls().sort()).toEqual(['after next', 'before', 'current', 'next']);
    decoder.finish('after next');
    await Promise.all(wanted);
    expect(cache.peek('before')).toBe('pixels of before');
  });

  it('refuses a capacity that could hold nothing', () => {
    expect(() => createDecodeCache({ capacity: 0, decode: async (url: string) => url })).toThrow(RangeError);
  });
});
