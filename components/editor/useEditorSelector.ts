'use client';

// A slice of the editor's state that re-renders its component only when the slice changes,
// not on every pointer move of a drag or a draft.
import { useRef, useSyncExternalStore } from 'react';
import type { EditorState, EditorStore } from './model/editor-store';

/** Equal when both are the same, or objects/arrays whose own entries are the same. */
function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    return Object.is(x, y) || (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((item, i) => Object.is(item, y[i])));
  });
}

export function useEditorSelector<T>(store: EditorStore, select: (state: EditorState) => T): T {
  const last = useRef<{ value: T } | null>(null);
  const read = () => {
    const next = select(store.getState());
    if (last.current && shallowEqual(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(store.subscribe, read, read);
}
