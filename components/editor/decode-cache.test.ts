import { describe, expect, it } from 'vitest';
import { createDecodeCache, DecodeDroppedError } from './decode-cache';

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

  it('runs as many decodes at once as allowed, the most wanted first', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 5, decode: decoder.decode, concurrency: 2 });
    const loads = cache.loadAll(['current', 'next', 'after', 'before']);
    expect(decoder.calls).toEqual(['current', 'next']);
    decoder.finish('next');
    await loads[1];
    expect(decoder.calls).toEqual(['current', 'next', 'after']);
    decoder.finish('current');
    await loads[0];
    expect(decoder.calls).toEqual(['current', 'next', 'after', 'before']);
  });

  it('a key held down: the images wanted now start before those wanted a moment ago', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 5, decode: decoder.decode, concurrency: 1 });
    const first = cache.loadAll(['1', '2', '3']);
    const moved = cache.loadAll(['2', '3', '4']);
    // 1 was already decoding; its neighbours 2 and 3 are still wanted, now ahead of nothing else.
    decoder.finish('1');
    await first[0];
    expect(decoder.calls).toEqual(['1', '2']);
    decoder.finish('2');
    await moved[0];
    expect(decoder.calls).toEqual(['1', '2', '3']);
    decoder.finish('3');
    await moved[1];
    expect(decoder.calls).toEqual(['1', '2', '3', '4']);
  });

  it('the image the editor shows starts decoding at once, beside those already running', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 5, decode: decoder.decode, concurrency: 1 });
    const ahead = cache.loadAll(['next', 'after']);
    const shown = cache.load('after');
    expect(decoder.calls).toEqual(['next', 'after']);
    decoder.finish('after');
    await expect(shown).resolves.toBe('pixels of after');
    await expect(ahead[1]).resolves.toBe('pixels of after');
    // next still runs: the limit holds later back until it is done.
    void cache.loadAll(['later']);
    expect(decoder.calls).toEqual(['next', 'after']);
    decoder.finish('next');
    await ahead[0];
    expect(decoder.calls).toEqual(['next', 'after', 'later']);
  });

  it('a waiting decode pushed out of the cache never starts, and says so', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 2, decode: decoder.decode, concurrency: 1 });
    const [a, b] = cache.loadAll(['a', 'b']);
    // The user moved on: c and a are wanted, and b, waiting behind a, is pushed out.
    const [c] = cache.loadAll(['c', 'a']);
    await expect(b).rejects.toBeInstanceOf(DecodeDroppedError);
    decoder.finish('a');
    await a;
    decoder.finish('c');
    await c;
    expect(decoder.calls).toEqual(['a', 'c']);
    expect(cache.urls()).toEqual(['a', 'c']);
  });

  it('a decoder that throws at once frees its turn for the next decode', async () => {
    const cache = createDecodeCache({
      capacity: 3,
      concurrency: 1,
      decode: (url: string) => {
        if (url === 'bad') throw new Error('not an image');
        return Promise.resolve(url);
      },
    });
    const [bad, good] = cache.loadAll(['bad', 'good']);
    await expect(bad).rejects.toThrow('not an image');
    await expect(good).resolves.toBe('good');
  });

  it('holds no more decoded bytes than its budget, keeping the most wanted, and always the image used last', async () => {
    const decoder = manualDecoder();
    // Each decoded value here weighs 100 bytes, except the huge one.
    const sizeOf = (value: string) => (value.includes('huge') ? 500 : 100);
    const cache = createDecodeCache({ capacity: 5, decode: decoder.decode, budget: { bytes: 250, sizeOf } });
    const loads = cache.loadAll(['current', 'next', 'before']);
    for (const url of ['before', 'next', 'current']) decoder.finish(url);
    await Promise.all(loads);
    // Three of 100 do not fit in 250: the least wanted went, the moment the most wanted was in.
    expect(cache.urls()).toEqual(['next', 'current']);
    expect(cache.peek('before')).toBeNull();
    const huge = cache.load('huge');
    decoder.finish('huge');
    await huge;
    expect(cache.urls()).toEqual(['huge']);
    expect(cache.peek('huge')).toBe('pixels of huge');
  });

  it('a waiting decode that would not fit beside the more wanted ones never starts', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 5, decode: decoder.decode, concurrency: 1, budget: { bytes: 250, sizeOf: () => 100 } });
    const first = cache.load('first');
    decoder.finish('first');
    await first;
    // Sized like the last decode, 100 each: current and next fit with first, after them none.
    const [current, next, after] = cache.loadAll(['current', 'next', 'after']);
    decoder.finish('current');
    await current;
    decoder.finish('next');
    await next;
    await expect(after).rejects.toBeInstanceOf(DecodeDroppedError);
    expect(decoder.calls).toEqual(['first', 'current', 'next']);
    expect(cache.urls()).toEqual(['next', 'current']);
  });

  it('a URL wanted twice in one call decodes once', async () => {
    const decoder = manualDecoder();
    const cache = createDecodeCache({ capacity: 3, decode: decoder.decode });
    const [once, again] = cache.loadAll(['a', 'a']);
    decoder.finish('a');
    await expect(once).resolves.toBe('pixels of a');
    await expect(again).resolves.toBe('pixels of a');
    expect(decoder.calls).toEqual(['a']);
  });

  it('refuses a capacity that could hold nothing', () => {
    expect(() => createDecodeCache({ capacity: 0, decode: async (url: string) => url })).toThrow(RangeError);
  });
});
