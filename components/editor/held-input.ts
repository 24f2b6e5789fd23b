// Pointer input that arrives before the editor holds the image in view: right after the
// next-image key or a reload, for the few milliseconds until the image's shapes are loaded.
// Handed to the tools then, it would edit the image left behind (or none, and the load
// would drop the drag half way). It is held here, where it was on the page, and replayed on
// the image it was meant for once that image is in the editor, fitted as it will be shown.
// Should the user move on, or the page go, first, it is applied to that image's stored shapes
// instead (held-exit.ts).
import { toImage } from './model/geometry';
import type { EditorStore } from './model/editor-store';
import type { Modifiers } from './model/tools';
import type { Point, Tool, View } from './model/types';

/** A key pressed while the input before it waited (see holdKey): Enter, Backspace, Escape, undo. */
export type HeldKey = 'complete' | 'back' | 'cancel' | 'undo';

export interface HeldPointer {
  kind: 'down' | 'move' | 'up' | 'double' | HeldKey;
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

/** The editor's tool and label when the input was made. */
export interface MadeWith {
  tool: Tool;
  label: string;
}

/** The input held for one image, taken out of the hold. */
export interface HeldGesture extends MadeWith {
  image: string;
  events: HeldPointer[];
  stage: StageLayout;
}

interface PointerTarget {
  pointerDown(at: Point, tolerance: number, modifiers?: Modifiers): void;
  pointerMove(at: Point): void;
  pointerUp(at: Point): void;
  doubleClick(at: Point, tolerance: number): void;
  complete(): boolean;
  deleteBackward(): void;
  cancel(): boolean;
  undo(): void;
}

/** Enough for a few polygon clicks: a gesture keeps only its latest move. */
const MOST_HELD = 64;

export function createInputHold() {
  /** The URL of the image the held events are for; null: not known yet (the list was loading). */
  let awaited: string | null = null;
  let events: HeldPointer[] = [];
  let stage: StageLayout | null = null;
  let made: MadeWith | null = null;
  const listeners = new Set<() => void>();
  let held = false;
  /** Tells the listeners when input starts or stops waiting. */
  const changed = () => {
    if (held === events.length > 0) return;
    held = !held;
    listeners.forEach((listener) => listener());
  };
  const drop = () => {
    awaited = null;
    events = [];
    stage = null;
    made = null;
    changed();
  };
  return {
    /** Called when input starts or stops waiting (holding changes). */
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /**
     * Holds one event for an image (its URL, or null while the page does not know which image
     * it shows yet: then the first to arrive), made on the stage as laid out then, with the
     * editor's tool and label then. Input held for another image is dropped.
     */
    hold(image: string | null, event: HeldPointer, layout: StageLayout, madeWith: MadeWith) {
      if (events.length > 0 && awaited === null) awaited = image;
      if (awaited !== image) {
        drop();
        awaited = image;
      }
      // A move or release without a press held before it belongs to no gesture of this image.
      if ((event.kind === 'move' || event.kind === 'up') && events.length === 0) return;
      const last = events[events.length - 1];
      if (event.kind === 'move' && last?.kind === 'move') events[events.length - 1] = event;
      else if (events.length < MOST_HELD) events.push(event);
      stage = layout;
      made ??= madeWith;
      changed();
    },
    /**
     * A key that finishes or corrects what the held input draws (Enter closing the polygon,
     * Backspace or undo taking back its last point, Escape dropping it): replayed in its turn.
     * Left to the tools live, it found no drawing yet: the polygon stayed open, to be dropped
     * when the user moved on, or kept a point taken back. False when nothing is held.
     */
    holdKey(key: HeldKey): boolean {
      const last = events[events.length - 1];
      if (!last) return false;
      if (events.length < MOST_HELD) events.push({ kind: key, at: last.at });
      return true;
    },
    /** Whether input is held for this image (or for whichever image comes first): what take(image) would take. */
    holdsFor(image: string) {
      return events.length > 0 && (awaited === image || awaited === null);
    },
    /** True while input waits for its image (a press held: its moves and release are held too). */
    get holding() {
      return events.length > 0;
    },
    /**
     * Takes what is held for this image (or for whichever image comes first) out of the hold:
     * to replay it when the image arrives, or to apply it elsewhere when the user moves on or
     * the page goes first. Input held for another image is dropped. Input made before any
     * label was restored or picked (right after a reload) takes the present one.
     */
    take(image: string, presentLabel = ''): HeldGesture | null {
      const gesture =
        events.length > 0 && stage && made && (awaited === image || awaited === null) ? { image, events, stage, tool: made.tool, label: made.label || presentLabel } : null;
      drop();
      return gesture;
    },
  };
}

/**
 * Runs a replay with the tool and label the input was made with, then picks the editor's
 * present ones again, as the keys that chose them did after that input.
 */
export function asMade(store: Pick<EditorStore, 'getState' | 'setTool' | 'setActiveLabel'>, made: MadeWith, replay: () => void) {
  const { tool, activeLabel } = store.getState();
  if (tool !== made.tool) store.setTool(made.tool);
  if (activeLabel !== made.label) store.setActiveLabel(made.label);
  replay();
  if (store.getState().tool !== tool) store.setTool(tool);
  if (store.getState().activeLabel !== activeLabel) store.setActiveLabel(activeLabel);
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
    else if (event.kind === 'double') tools.doubleClick(at, tolerance);
    else if (event.kind === 'complete') tools.complete();
    else if (event.kind === 'back') tools.deleteBackward();
    else if (event.kind === 'cancel') tools.cancel();
    else if (event.kind === 'undo') tools.undo();
  }
}
