'use client';

// The editor's moves between images and between lists: each settles the polygon being drawn
// first, and a move asked for while a list chosen in the strip is on its way waits for it.
import { useCallback, useEffect, useEffectEvent, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { flushSync } from 'react-dom';
import type { InputHold } from '@/components/editor/held-input';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { ToolController } from '@/components/editor/model/tools';
import type { EditorShape } from '@/components/editor/model/types';
import { errorText } from '@/components/trpc/provider';
import { takeHeldExit } from './EditorPane';
import type { ImagePosition } from './image-position';
import { drawnPoints, leaveDrawing, whenLabelled } from './useDrawingNotice';
import type { useEditorPersistence } from './useEditorPersistence';
import type { ImageFilter, ImageListItem, useImageList } from './useImageList';
import { useImageNavigation } from './useImageNavigation';
import { useJumpToShape, type ShapePlace } from './useJumpToShape';
import { useMovesAwaitingList } from './useMovesAwaitingList';
import type { ProjectType } from './useProject';

/** The strip's filter and its second filter (a label, or ASSIGNEE_PREFIX + an annotator). */
export interface ListChoice {
  filter: ImageFilter;
  stripFilter: string | undefined;
}

export interface ImageMovesOptions {
  type: ProjectType;
  name: string;
  store: EditorStore;
  tools: ToolController;
  tellDrawing: (text: string) => void;
  setNotice: Dispatch<SetStateAction<string | null>>;
  list: ReturnType<typeof useImageList>;
  /** The list in view, as the strip shows it; labelFilter and assignee are its stripFilter split. */
  shown: ListChoice & { labelFilter: string | undefined; assignee: string | undefined; total: number; index: number };
  /** Opens another list (the workspace's filter state). */
  open: (choice: ListChoice) => void;
  position: ImagePosition;
  /** The image at a position, none while the saved one is looked up. */
  itemAt: (index: number) => ImageListItem | undefined;
  heldInput: InputHold;
  persistence: ReturnType<typeof useEditorPersistence>;
  autoAdvance: boolean;
}

export function useImageMoves({ type, name, store, tools, tellDrawing, setNotice, list, shown, open, position, itemAt, heldInput, persistence, autoAdvance }: ImageMovesOptions) {
  const { filter, stripFilter, labelFilter, assignee, total, index } = shown;
  const { leave, applyHeld, flush } = persistence;

  // What "keep previous" starts the next empty image with: set by a step, taken on arrival.
  const carried = useRef<EditorShape[] | null>(null);
  const takeCarried = useCallback(() => {
    const shapes = carried.current;
    carried.current = null;
    return shapes;
  }, []);

  // A polygon closed by a move (settleDrawing) is labelled on the image left: auto-advance, taking
  // it for the user's, stepped once more and skipped the image the move went to.
  const settling = useRef(false);
  /**
   * Before the image in view may be left (a move, another list, the list read again): the
   * polygon being drawn goes as leaveDrawing says, with its word. stay: the label prompt holds it.
   */
  const settleDrawing = useCallback(() => {
    settling.current = true;
    let drawing: ReturnType<typeof leaveDrawing>;
    try {
      drawing = leaveDrawing(store, tools);
    } finally {
      settling.current = false;
    }
    if (drawing.notice) tellDrawing(drawing.notice);
    return drawing;
  }, [store, tools, tellDrawing]);
  // A move the label prompt stopped (the polygon it closed had no label picked): once the shape
  // is named, auto-advance stepped to the next image instead, and without it nothing moved.
  // Made then, in place of that step; Escape drops the shape and the move with it.
  const askedMove = useRef<{ shape: string; redo: () => void } | null>(null);
  const afterLabel = useCallback(
    (redo: () => void) => {
      const shape = store.getState().pendingLabel;
      askedMove.current = shape && { shape: shape.id, redo };
    },
    [store],
  );
  /** What was drawn before the image in view reached the editor, applied to it without the editor; resolves once its save is queued. */
  const handHeldOn = useCallback(() => {
    const held = takeHeldExit(heldInput, type, name, itemAt(position.get()), store.getState().activeLabel);
    return held ? applyHeld(held) : Promise.resolve();
  }, [heldInput, type, name, itemAt, position, store, applyHeld]);
  /** step: the user stepped to a neighbour (next/previous), the one move "keep previous" follows. */
  const go = useCallback(
    (next: number, step = false) => {
      // The list's length now, not at the last render: a key pressed while the list was read lands.
      if (next < 0 || next >= list.sizeNow()) return;
      // A notice speaks of the image left or of a moment past (a switch turned: the toolbar keeps showing one on).
      setNotice(null);
      if (settleDrawing().stay) {
        afterLabel(() => go(next, step));
        return;
      }
      // A box drawn before this image reached the editor goes on to it without the editor.
      void handHeldOn();
      const { imageId, shapes } = store.getState();
      // The image left behind keeps its latest shapes in the cache, whatever comes back first.
      if (imageId) leave(imageId, shapes);
      carried.current = step ? shapes : null;
      void flush();
      // Only to have its page on the way: a read cancelled by the list reopening is asked for again by the strip.
      void list.ensure(next).catch(() => undefined);
      position.set(next);
    },
    [flush, list, store, settleDrawing, afterLabel, leave, handHeldOn, position, setNotice],
  );
  const labelled = useEffectEvent((shape: EditorShape) => {
    const asked = askedMove.current;
    askedMove.current = null;
    if (asked?.shape === shape.id) asked.redo();
    // The next key's move: it waits for a list chosen in the strip as the key does (stepped in the
    // list being left, it was undone by the opening). A shape undone before the move came (Ctrl+Z
    // at once) asks for none: the image was left empty behind.
    else if (autoAdvance && store.getState().shapes.some((kept) => kept.id === shape.id)) next();
  });
  useEffect(() => {
    // After the shape is drawn and committed, so its save is queued for this image first.
    const unsubscribe = store.onShapeLabelled((shape) => {
      if (!settling.current) setTimeout(() => labelled(shape), 0);
    });
    return () => void unsubscribe();
  }, [store]);

  const onNothingLeft = useCallback(() => setNotice('Every image here has shapes'), [setNotice]);
  const { positionOf, keptUuidAt, kept } = list;
  const navigation = useImageNavigation({ type, name, filter, label: labelFilter, assignee, total, index, go, positionOf, kept, keptUuidAt, onNothingLeft });
  const jumpTo = useJumpToShape({ type, name, filter, label: labelFilter, assignee, store, go, shown: position.get, positionOf });
  const listMoves = useMovesAwaitingList(list.whenRead, (move) =>
    typeof move === 'string' ? { next, previous, nextUnlabeled }[move]() : 'goTo' in move ? move.found(navigation.goTo(move.goTo)) : move.found(Promise.resolve(move.open).then((place) => (place ? jumpTo(place) : false))),
  );
  const next = () => listMoves.awaits('next') || go(position.get() + 1, true);
  const previous = () => listMoves.awaits('previous') || go(position.get() - 1, true);
  // Typed right after a filter was chosen: image 6 of the list being read, not of the one left
  // (where it was undone by the opening) nor of a list still empty ("No image matches").
  const goTo = (text: string) => new Promise<boolean>((found) => listMoves.awaits({ goTo: text, found }) || found(navigation.goTo(text)));
  // A Check dataset entry opened right after a filter was chosen: looked up in the list left, it
  // was undone by the opening.
  const openShape = (place: ShapePlace) => new Promise<boolean>((found) => listMoves.awaits({ open: place, found }) || found(jumpTo(place)));
  // A strip row clicked then (or the conflict dialog's Open) is a place in the list being left:
  // its image is opened in the list chosen, where it has another place, or none. A row whose page
  // had not come yet is read from the list being left: gone to by its place, it moved there.
  const openListed = (index: number) => {
    const shownItem = list.itemAt(index);
    const item = shownItem ? Promise.resolve(shownItem) : list.ensure(index).catch(() => undefined);
    const place = item.then((listed) => listed && { imageUuid: listed.uuid, relPath: listed.img_path });
    const opened = (found: boolean) => found || void item.then((listed) => listed && setNotice(`${listed.img_path} is not in this list: show All to open it`));
    const waits = listMoves.awaits({ open: place, found: (found) => void found.then(opened, (error: unknown) => setNotice(errorText(error))) });
    if (!waits) go(index);
  };
  // U pressed again before the last one landed searched from the same image and landed on it
  // too: each waits for the one before and searches from where it went.
  const unlabeledOnItsWay = useRef(Promise.resolve());
  const nextUnlabeled = () => {
    if (listMoves.awaits('nextUnlabeled')) return;
    setNotice(null);
    // Asked after this tab's saves landed: the image just labelled must not count as to do.
    unlabeledOnItsWay.current = unlabeledOnItsWay.current
      .then(() => flush().catch(() => undefined))
      .then(() => navigation.nextUnlabeled(position.get()))
      .catch((error: unknown) => setNotice(errorText(error)));
  };

  /**
   * Reads the list once this tab's saves landed, or it would count them wrong. read is told what
   * was said of a polygon dropped meanwhile: a move it makes takes the notice, and says it again.
   */
  const afterSaves = (read: (dropped: string | null) => void) => {
    let dropped: string | null = null;
    const settled = async () => {
      // Drawn on while the saves were on their way: the image the list opened on took that polygon
      // (or the shape waiting for its label) without a word. It goes as one drawn before, saved
      // first: each round saves what was drawn during the one before.
      for (;;) {
        // The list opened or read again may put another image at the position, even for a moment:
        // its load took the polygon being drawn without a word.
        // The label prompt holds the image: the list is read once it is answered.
        const drawing = settleDrawing();
        dropped = drawing.notice ?? dropped;
        if (drawing.stay || store.getState().pendingLabel) {
          await new Promise<void>((answered) => whenLabelled(store, answered));
          continue;
        }
        // The image left behind keeps its latest shapes in the cache, as go() does: a save still
        // failing now lands later, and the image opened again must show what it saved.
        const { imageId, shapes } = store.getState();
        if (imageId) leave(imageId, shapes);
        // A box drawn before the image in view reached the editor: saved after the list was read,
        // its image was left out of Labeled (kept in To do) until the list was read again.
        await handHeldOn().catch(() => undefined);
        await flush().catch(() => undefined);
        if (!drawnPoints(store) && !store.getState().pendingLabel) return;
      }
    };
    void settled().then(() => {
      // A box drawn before the image in view reached the editor goes on to it without the editor,
      // as on a move: held on, it waited for the image the list read would put at the position
      // (the first of another list, an image added before it), and was dropped when that one came.
      void handHeldOn();
      read(dropped);
    });
  };

  // The strip's filter and label as the user chose them, shown at once: the list opens only once
  // this tab's saves have landed, and until then the chip left stayed chosen, as if the click was ignored.
  const [chosen, setChosen] = useState<ListChoice>({ filter, stripFilter });
  // How many times the list chosen was read again: what was said of the list as it was may be untrue then.
  const [rereads, setRereads] = useState(0);
  /** Another list (filter, label) opens at its start. */
  const chooseList = (choice: ListChoice) => {
    // A notice spoke of the list left ("… is not in this list: show All"), as go() knows.
    setNotice(null);
    // Before the choice, or moves made meanwhile would wait for a list that the label prompt kept
    // from opening, and the chip would show a list that never opened.
    if (settleDrawing().stay) {
      afterLabel(() => chooseList(choice));
      return;
    }
    setChosen(choice);
    const made = listMoves.choose();
    afterSaves(() => {
      // Rendered before the move: moved first, the editor took the image at the start of the
      // list left (useImageList's itemAt knows no image of the chosen one until it is read).
      flushSync(() => open(choice));
      position.set(0);
      listMoves.opened(made);
    });
  };

  /**
   * The same list read again stays on the image in view, or the nearest one it still holds
   * (useImageList's refresh): "Update list" had jumped to the first image.
   */
  const rereadList = async (dropped: string | null = null) => {
    // The same choice, another reading of it: what was said of the list as it was goes (the Check
    // dataset panel's "… is not in the strip's list" stayed, of an image the list may hold now,
    // and so did the workspace's "… is not in this list"). A polygon dropped on the way is said again.
    setRereads((count) => count + 1);
    setNotice(null);
    if (dropped) tellDrawing(dropped);
    const from = position.get();
    const to = await list.refresh(from, itemAt(from));
    if (to !== undefined) setPlaceInReread({ from, to });
  };

  // Applied once the list read again is rendered: moved before, the editor knew no image at the
  // place and waited for one, which never came when it was the image it held already.
  const [placeInReread, setPlaceInReread] = useState<{ from: number; to: number } | null>(null);
  useEffect(() => {
    if (!placeInReread) return;
    // A move made while the list was read is the user's own: it stands.
    if (position.get() === placeInReread.from) position.set(placeInReread.to);
    setPlaceInReread(null);
  }, [placeInReread, position]);

  // A list read again may be shorter than the place shown (an image deleted here, more of a
  // filtered list labelled elsewhere): its last image is shown, not none.
  const listSize = list.counts ? total : null;
  useEffect(() => {
    if (listSize !== null && listSize > 0 && position.get() >= listSize) position.set(listSize - 1);
  }, [listSize, position]);

  // Images added here: the list is read again with them, and the first of them opened.
  // Read as every list is, once the polygon being drawn went with its image: read at once, the
  // list with them put another image at the position, whose load took the polygon without a word.
  const openAdded = (added: readonly string[]) =>
    afterSaves((dropped) =>
      void list
        .refresh()
        .then(() => (added[0] ? navigation.goTo(added[0]) : false))
        .then(() => dropped && tellDrawing(dropped))
        .catch(() => undefined),
    );

  return {
    takeCarried,
    next,
    previous,
    nextUnlabeled,
    goTo,
    whyNotFound: navigation.whyNotFound,
    openShape,
    openListed,
    afterSaves,
    chosen,
    rereads,
    chooseList,
    rereadList,
    openAdded,
    reading: listMoves.reading,
  };
}
