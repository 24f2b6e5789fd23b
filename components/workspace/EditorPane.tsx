'use client';

// The canvas and what it needs to show the image at the editor's position: its document, its
// neighbours' prefetch and a huge image's tiles. It follows the position store directly, so a
// switch renders this pane alone before the frame (see image-position.ts).
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { EditorCanvas, type CanvasHandle } from '@/components/editor/EditorCanvas';
import { heldExitOf, type HeldExit } from '@/components/editor/held-exit';
import type { InputHold } from '@/components/editor/held-input';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { createToolController } from '@/components/editor/model/tools';
import type { EditorShape } from '@/components/editor/model/types';
import { isHugeImage } from '@/components/editor/tiles/tile-view';
import { useTilePyramid } from '@/components/editor/tiles/useTilePyramid';
import { noticeOf } from './image-availability';
import type { ImagePosition } from './image-position';
import type { ImageListItem } from './useImageList';
import { useEditorDocument } from './useEditorDocument';
import type { useEditorPersistence } from './useEditorPersistence';
import { leaveDrawingAsPageGoes } from './useKeptDrawing';
import { imageUrlOf, originalUrlOf, thumbUrlOf, usePrefetchNeighbours, versionOf } from './usePrefetchNeighbours';
import type { ProjectType } from './useProject';

/** What is held for the image at the position, taken out of the hold to go on without the editor. */
export function takeHeldExit(held: InputHold, type: ProjectType, name: string, item: ImageListItem | undefined, activeLabel: string): HeldExit | null {
  const gesture = item ? held.take(imageUrlOf(type, name, item.uuid), activeLabel) : null;
  return gesture && item ? heldExitOf(gesture, item.uuid) : null;
}

interface EditorPaneProps {
  type: ProjectType;
  name: string;
  store: EditorStore;
  tools: ReturnType<typeof createToolController>;
  position: ImagePosition;
  itemAt: (index: number) => ImageListItem | undefined;
  persistence: ReturnType<typeof useEditorPersistence>;
  keepPrevious: boolean;
  takeCarried: () => EditorShape[] | null;
  colorOf: (label: string) => string;
  spaceHeld: boolean;
  onReady: (handle: CanvasHandle) => void;
  held: InputHold;
}

export function EditorPane({ type, name, store, tools, position, itemAt, persistence, keepPrevious, takeCarried, colorOf, spaceHeld, onReady, held }: EditorPaneProps) {
  const index = useSyncExternalStore(position.subscribe, position.get, position.get);
  const current = itemAt(index);
  const { loadCached, availability, retry } = useEditorDocument({ type, name, store, persistence, uuid: current?.uuid, keepPrevious, takeCarried });
  // A prefetched neighbour is in the editor before the render of the switch.
  const latestItemAt = useRef(itemAt);
  useLayoutEffect(() => {
    latestItemAt.current = itemAt;
  }, [itemAt]);
  // Whether the image in view can be shown: stepping on from one that cannot, "keep previous"
  // has nothing of it to carry (the store still holds the image before it).
  const leavingUnavailable = useRef(false);
  useEffect(
    () =>
      position.onMove((next) => {
        if (leavingUnavailable.current) takeCarried();
        const item = latestItemAt.current(next);
        if (item) loadCached(item.uuid);
        // Not loaded by the move (not prefetched): keys pressed before it comes must not edit the image left.
        store.awaitImage(store.getState().imageId !== item?.uuid);
      }),
    [position, loadCached, store, takeCarried],
  );
  // The image at the position came after the move (a list chosen in the strip was read): when it
  // is the one the editor holds, no load comes to end the wait, and the editor took no input. Read
  // at the position now: a move made since waits for its own image.
  useEffect(() => {
    const shown = latestItemAt.current(position.get());
    if (current && shown && store.getState().imageId === shown.uuid) store.awaitImage(false);
    // No image at the position yet (a list chosen or read again, its first page on its way): the
    // shapes held are the image left's, which the Shapes panel listed to be picked on a blank canvas.
    else if (!shown) store.awaitImage(true);
  }, [current, position, store]);
  // A key held down outruns a prefetch of one image: three load ahead (the decode cache takes
  // them in turn, the nearest first).
  const neighbours = [itemAt(index + 1), itemAt(index + 2), itemAt(index + 3), itemAt(index - 1)];
  usePrefetchNeighbours(type, name, current, neighbours, persistence.ready);
  // Input still waiting for its image is in no journal yet: leaving, it is stashed for the
  // next load to apply (see held-exit.ts).
  const { keepHeld, applyHeld } = persistence;
  useEffect(() => {
    const exitAt = () => takeHeldExit(held, type, name, latestItemAt.current(position.get()), store.getState().activeLabel);
    const keep = () => {
      // A polygon half drawn on the image shown went with the page without a word, where one
      // clicked on an image still on its way is closed on it: closed as a move closes it, before
      // the workspace's own pagehide (added after this one) sends what is unsaved. One that would
      // ask for its label is kept for the next opening instead.
      leaveDrawingAsPageGoes(store, tools, `${type}/${name}`);
      const exit = exitAt();
      if (exit) keepHeld(exit);
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      // The workspace closes, the page lives on: applied now.
      const exit = exitAt();
      if (exit) void applyHeld(exit);
    };
  }, [held, position, store, tools, type, name, keepHeld, applyHeld]);
  const { status: pyramid, refresh: refreshPyramid } = useTilePyramid(type, name, current?.uuid, current ? isHugeImage(current) : false);
  const currentUrl = current ? imageUrlOf(type, name, current.uuid) : null;
  // An image that cannot be shown (deleted meanwhile, or its read failed) takes no input: what
  // was held for it while its read was on its way is let go here, and the notice says so (held
  // on, it would be applied to no image when the user moves on, and dropped without a word).
  const unavailable = availability.state === 'missing' || availability.state === 'failed';
  useLayoutEffect(() => {
    leavingUnavailable.current = unavailable;
  }, [unavailable]);
  const [droppedOn, setDroppedOn] = useState<string | null>(null);
  if (droppedOn !== null && droppedOn !== currentUrl) setDroppedOn(null);
  useEffect(() => {
    if (!unavailable || !currentUrl || !held.holdsFor(currentUrl)) return;
    if (held.take(currentUrl, store.getState().activeLabel)) setDroppedOn(currentUrl);
  }, [unavailable, currentUrl, held, store]);
  const notice = noticeOf(availability, droppedOn !== null && droppedOn === currentUrl);
  const fileVersion = current ? versionOf(current) : '';
  const tileUrl = useCallback((tile: string) => `${currentUrl}?tile=${tile}&${fileVersion}`, [currentUrl, fileVersion]);
  const imageUrlNow = useCallback(() => {
    const item = latestItemAt.current(position.get());
    return item ? imageUrlOf(type, name, item.uuid) : null;
  }, [position, type, name]);
  return (
    <EditorCanvas
      store={store}
      tools={tools}
      imageUrl={currentUrl}
      imageUrlNow={imageUrlNow}
      thumbUrl={current ? thumbUrlOf(type, name, current) : null}
      originalUrl={current ? originalUrlOf(type, name, current) : null}
      pyramid={pyramid}
      tileUrl={tileUrl}
      onTilesMissing={refreshPyramid}
      colorOf={colorOf}
      spaceHeld={spaceHeld}
      onReady={onReady}
      held={held}
      notice={notice}
      onRetry={retry}
    />
  );
}
