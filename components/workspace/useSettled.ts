'use client';

import { useEffect, useState } from 'react';

/**
 * How long the user stays on an image before reads about it (its history, the presence mark)
 * go out: a key held down passes an image every few frames, and a request for each competed
 * with the decodes of the images ahead.
 */
export const STAY_ON_IMAGE_MS = 300;

/** The value once it stayed unchanged for ms, else undefined. Re-renders only the component that calls it. */
export function useSettled<T>(value: T, ms: number): T | undefined {
  const [settled, setSettled] = useState<{ value: T } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ value }), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled && Object.is(settled.value, value) ? settled.value : undefined;
}
