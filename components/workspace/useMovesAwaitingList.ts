'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ShapePlace } from './useJumpToShape';

/**
 * A key or button's move, a Go to (a number counts in the list it is made in), or an image (and
 * shape) to open, which is looked up in the list it is opened in (a strip row's may still be read
 * from the list left; none: its read failed).
 */
export type AwaitingMove =
  | 'next'
  | 'previous'
  | 'nextUnlabeled'
  | { goTo: string; found: (found: Promise<boolean>) => void }
  | { open: ShapePlace | Promise<ShapePlace | undefined>; found: (found: Promise<boolean>) => void };

/**
 * A list chosen in the strip (a filter, a label) opens once this tab's saves have landed, at its
 * start. A move asked for meanwhile (a key, a button, a Check dataset entry) waits and is made
 * in that list once its first page is there: made at once, it moved in the list being left, and
 * the opening undid it.
 *
 * choose() when the user picks a list, opened(choice) right after the change is applied;
 * awaits(move) is true when the move is kept for later; reading while the list chosen last is
 * not shown yet. whenRead: the list as last rendered.
 */
export function useMovesAwaitingList(whenRead: () => Promise<void>, make: (move: AwaitingMove) => void) {
  const choices = useRef(0);
  const waiting = useRef<{ choice: number; moves: AwaitingMove[] } | null>(null);
  // Set with the list's change, so whenRead (in the effect after that render) is the new list's.
  const [applied, setApplied] = useState(0);
  const [shown, setShown] = useState(0);
  // The last choice, for the strip to show its list is on its way until it is shown.
  const [chosen, setChosen] = useState(0);
  // The latest make (it reads the workspace's latest commands), without running the effect below on every render.
  const makeMove = useEffectEvent(make);
  useEffect(() => {
    if (applied === 0) return;
    let current = true;
    void whenRead().then(() => current && setShown(applied));
    return () => {
      current = false;
    };
  }, [applied, whenRead]);
  useEffect(() => {
    const due = waiting.current;
    // A later choice's list is still on its way: the moves wait for that one.
    if (!due || due.choice !== shown) return;
    waiting.current = null;
    for (const move of due.moves) makeMove(move);
  }, [shown]);
  return {
    choose: (): number => {
      choices.current += 1;
      waiting.current = { choice: choices.current, moves: waiting.current?.moves ?? [] };
      setChosen(choices.current);
      return choices.current;
    },
    opened: (choice: number) => setApplied(choice),
    awaits: (move: AwaitingMove): boolean => {
      if (!waiting.current) return false;
      waiting.current.moves.push(move);
      return true;
    },
    reading: chosen !== shown,
  };
}
