// Pointer input that arrives before the editor holds the image in view: right after the
// next-image key or a reload, for the few milliseconds until the image's shapes are loaded.
// Handed to the tools then, it would edit the image left behind (or none, and the load
// would drop the drag half way). It is held here, where it was on the page, and replayed on
// the image it was meant for once that image is in the editor, fitted as it will be shown.
import { toImage } from './model/geometry';
import type { Modifiers } from './model/tools';
import type { Point, View } from './model/types';

export interface HeldPointer {
  kind: 'down' | 'move' | 'up' | 'double';
  /** Where it happened on the page (client pixels): the stage may move before the replay. */
  at: Point;
  modifiers?: Modifiers;
}

/** Where the stage was on the page, and its size, when the input was made. */
export interface StageLayout {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The held input of one image, as the page leaving it finds it (see held-exit.ts). */
export interface HeldGesture {
  image: string;
  events: HeldPointer[];
  stage: StageLayout;
}

interface PointerTarget {
  pointerDown(at: Point, tolerance: number, modifiers?: Modifiers): void;
  pointerMove(at: Point): void;
  pointerUp(at: Point): void;
  doubleClick(at: Point, tolerance: number): void;
}

/** Enough for a few polygon clicks: a gesture keeps only its latest move. */
const MOST_HELD = 64;
/** A move to another image waits this long at most for the held input's image to arrive. */
const MOST_WAIT_MS = 3000;

export function createInputHold() {
  /** The URL of the image the held events are for; null: not known yet (the list was loading). */
  let awaited: string | null = null;
  let events: HeldPointer[] = [];
  let stage: StageLayout | null = null;
  let waiters: Array<() => void> = [];
  const drop = () => {
    awaited = null;
    events = [];
    stage = null;
  };
  // Later, outside the render or effect that replayed: a waiter moves to another image.
  const release = () => {
    const released = waiters;
    waiters = [];
    if (released.length > 0) setTimeout(() => released.forEach((waiter) => waiter()), 0);
  };
  return {
    /**
     * Holds one event for an image (its URL, or null while the page does not know which image
     * it shows yet: then the first to arrive), made on the stage as laid out then. Input held
     * for another image is dropped.
     */
    hold(image: string | null, event: HeldPointer, layout: StageLayout) {
      if (events.length > 0 && awaited === null) awaited = image;
      if (awaited !== image) {
        if (events.length > 0) release();
        awaited = image;
        events = [];
      }
      // A move or release without a press held before it belongs to no gesture of this image.
      if ((event.kind === 'move' || event.kind === 'up') && events.length === 0) return;
      const last = events[events.length - 1];
      if (event.kind === 'move' && last?.kind === 'move') events[events.length - 1] = event;
      else if (events.length < MOST_HELD) events.push(event);
      stage = layout;
    },
    /** True while input waits for its image (a press held: its moves and release are held too). */
    get holding() {
      return events.length > 0;
    },
    /** What is held, for an image known by its URL: the page is going away before it arrived. */
    pending(): HeldGesture | null {
      return events.length > 0 && awaited !== null && stage ? { image: awaited, events: [...events], stage } : null;
    },
    /** Hands the events held for this image, in order, to run; clears the hold either way. */
    replay(image: string, run: (events: HeldPointer[]) => void) {
      const taken = awaited === image || awaited === null ? events : [];
      drop();
      if (taken.length > 0) run(taken);
      release();
    },
    /**
     * Runs next once the held input has reached its image (at once when nothing is held): a
     * move to another image must not leave a box drawn on this one behind. Should the image
     * not come within MOST_WAIT_MS, its input is dropped and next runs anyway.
     */
    afterReplay(next: () => void) {
      if (events.length === 0) return next();
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        next();
      };
      const timer = setTimeout(() => {
        drop();
        once();
      }, MOST_WAIT_MS);
      waiters.push(once);
    },
  };
}

export type InputHold = ReturnType<typeof createInputHold>;

/**
 * Hands held events to the tools as if they had happened over the image shown with this view,
 * on a stage whose top left corner is at stageOrigin on the page.
 */
export function replayHeld(events: readonly HeldPointer[], tools: PointerTarget, view: View, tolerancePx: number, stageOrigin: Point) {
  const tolerance = tolerancePx / view.scale;
  for (const event of events) {
    const at = toImage(view, { x: event.at.x - stageOrigin.x, y: event.at.y - stageOrigin.y });
    if (event.kind === 'down') tools.pointerDown(at, tolerance, event.modifiers);
    else if (event.kind === 'move') tools.pointerMove(at);
    else if (event.kind === 'up') tools.pointerUp(at);
    else tools.doubleClick(at, tolerance);
  }
}
