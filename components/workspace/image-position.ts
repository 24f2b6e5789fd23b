// Which image of the list the editor is on. Held outside React state so that a switch renders
// the editor alone in the key's own turn (it subscribes here); the rest of the workspace (strip,
// position, panels) follows in a transition after the frame that shows the new image.
import { startTransition } from 'react';

export interface ImagePosition {
  get(): number;
  subscribe(listener: () => void): () => void;
  /** Runs synchronously on each move, before the subscribers render it (the editor's preload). */
  onMove(handler: (index: number) => void): () => void;
  /** Moves the editor now; follow(index) gets the same index once the new image had its frame. */
  set(index: number): void;
}

export function createImagePosition(follow: (index: number) => void): ImagePosition {
  let index = 0;
  const listeners = new Set<() => void>();
  const moveHandlers = new Set<(index: number) => void>();
  let following = false;
  const catchUp = () => {
    if (!following) return;
    following = false;
    // The latest index: keys pressed back to back catch up once.
    startTransition(() => follow(index));
  };
  return {
    get: () => index,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onMove(handler) {
      moveHandlers.add(handler);
      return () => void moveHandlers.delete(handler);
    },
    set(next) {
      if (next === index) return;
      index = next;
      moveHandlers.forEach((handler) => handler(next));
      listeners.forEach((listener) => listener());
      if (following) return;
      following = true;
      // After the next frame; the timeout alone when frames do not come (a hidden tab).
      requestAnimationFrame(() => setTimeout(catchUp, 0));
      setTimeout(catchUp, 100);
    },
  };
}
