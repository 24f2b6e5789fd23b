'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates it, true from then on. A form rendered
 * on the server can be typed into and submitted before its handlers are attached: the browser
 * then submits it natively (a reload that loses the input), so its submit waits for this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
