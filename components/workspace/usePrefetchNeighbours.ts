'use client';

// The neighbours' bytes and shapes are fetched while the user looks at an image, so the next
// one shows at once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isHugeImage } from '@/components/editor/tiles/tile-view';
import { predecodeImages } from '@/components/editor/useImageElement';
import { useTRPC } from '@/components/trpc/provider';
import { editorImageQuery } from './useEditorPersistence';
import type { ProjectType } from './useProject';

export const imageUrlOf = (type: ProjectType, name: string, uuid: string) => `/api/image/${type}/${encodeURIComponent(name)}/${encodeURIComponent(uuid)}`;

// The pictures are cached by their URLs (by the browser for a minute, decoded for as long as
// the tab lives): with the file's version in them, a file replaced under the same name and
// found by a reload is fetched anew, where the old picture was drawn over the new size.
export const versionOf = (image: { file_version: string }) => `v=${encodeURIComponent(image.file_version)}`;

/** An image's 100 px thumbnail: the strip's, and what the editor shows until the original is decoded. */
export const thumbUrlOf = (type: ProjectType, name: string, image: { uuid: string; file_version: string }) =>
  `${imageUrlOf(type, name, image.uuid)}?size=thumb&${versionOf(image)}`;

/** What the editor decodes as an image's original: a huge one's 2048 px preview (tiles come over it). */
export const originalUrlOf = (type: ProjectType, name: string, image: Neighbour) =>
  `${imageUrlOf(type, name, image.uuid)}?${isHugeImage(image) ? 'size=preview&' : ''}${versionOf(image)}`;

interface Neighbour {
  uuid: string;
  width: number;
  height: number;
  file_version: string;
}

/**
 * current, then neighbours (the most wanted first): decoded ahead, current included so that it
 * stays; only the neighbours' shapes are read ahead. The current image's read is the editor's
 * own: a second one, landing after the replayed journal's save, would bring back the stored
 * state without the shape just replayed. ready: the journal was replayed (a read from before
 * would outlive it).
 */
export function usePrefetchNeighbours(type: ProjectType, name: string, current: Neighbour | undefined, neighbours: ReadonlyArray<Neighbour | undefined>, ready: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const wanted = ready ? [current, ...neighbours].filter((image): image is Neighbour => Boolean(image)) : [];
  // The images, as a dependency that changes only when they do (a new array every render).
  const key = wanted.map((image) => `${image.uuid}:${image.width}:${image.height}:${image.file_version}`).join(',');
  // What is wanted when the prefetch starts: with a key held down, a prefetch scheduled for an
  // image already left would otherwise bring back images no longer wanted, and push out some
  // that are.
  const latest = useRef({ wanted, current });
  useLayoutEffect(() => {
    latest.current = { wanted, current };
  });
  useEffect(() => {
    if (!key) return;
    // After the frame that shows the image switched to: started in the switch's own effects,
    // the neighbours' fetches and decodes delayed that frame by a few ms on every key press.
    // Never cancelled: a key held down moves on before the frame, and the image after it must
    // still be on its way.
    requestAnimationFrame(() => {
      setTimeout(() => {
        const { wanted: images, current: shown } = latest.current;
        predecodeImages(images.map((image) => ({ thumb: thumbUrlOf(type, name, image), original: originalUrlOf(type, name, image) })));
        for (const { uuid } of images) if (uuid !== shown?.uuid) void queryClient.prefetchQuery(editorImageQuery(trpc, type, name, uuid));
      }, 0);
    });
  }, [key, type, name, queryClient, trpc]);
}
