import { afterEach, describe, expect, it, vi } from 'vitest';
import { createImagePosition } from './image-position';

describe('image position', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves the editor at once and the rest of the workspace once, to the latest index, after the frame', () => {
    vi.useFakeTimers();
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const followed: number[] = [];
    const position = createImagePosition((index) => followed.push(index));
    const seen: string[] = [];
    position.onMove((index) => seen.push(`preload ${index}`));
    position.subscribe(() => seen.push(`render ${position.get()}`));

    position.set(1);
    position.set(2);
    expect(seen).toEqual(['preload 1', 'render 1', 'preload 2', 'render 2']);
    expect(followed).toEqual([]);
    // Keys pressed back to back before the frame: the workspace catches up once, to the last.
    frames.splice(0).forEach((frame) => frame());
    vi.advanceTimersByTime(0);
    expect(followed).toEqual([2]);
    vi.advanceTimersByTime(200);
    expect(followed).toEqual([2]);
  });

  it('catches up without frames (a hidden tab), and ignores a move to where it is', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const followed: number[] = [];
    const position = createImagePosition((index) => followed.push(index));
    position.set(0);
    position.set(3);
    vi.advanceTimersByTime(150);
    expect(followed).toEqual([3]);
  });
});
