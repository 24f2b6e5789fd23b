'use client';

import { useEffect, useState } from 'react';

/**
 * The value once it stayed unchanged for ms, else undefined: reads about the image shown
 * (its history, who else is on it) wait until the user stays on it, instead of going out for
 * every image a key held down passes through. Re-renders only the component that calls it.
 */
export function useSettled<T>(value: T, ms: number): T | undefined {
  const [settled, setSettled] = useState<{ value: T } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ value }), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled && Object.is(settled.value, value) ? settled.value : undefined;
}
