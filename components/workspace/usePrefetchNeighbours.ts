'use client';

// The neighbours' bytes and shapes are fetched while the user looks at an image, so the next
// one shows at once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isHugeImage } from '@/components/editor/tiles/tile-view';
import { predecodeImage } from '@/components/editor/useImageElement';
import { useTRPC } from '@/components/trpc/provider';
import { editorImageQuery } from './useEditorPersistence';
import type { ProjectType } from './useProject';

export const imageUrlOf = (type: ProjectType, name: string, uuid: string) => `/api/image/${type}/${encodeURIComponent(name)}/${encodeURIComponent(uuid)}`;

/** What the editor decodes as an image's original: a huge one's 2048 px preview (tiles come over it). */
export const originalUrlOf = (type: ProjectType, name: string, image: { uuid: string; width: number; height: number }) =>
  isHugeImage(image) ? `${imageUrlOf(type, name, image.uuid)}?size=preview` : imageUrlOf(type, name, image.uuid);

interface Neighbour {
  uuid: string;
  width: number;
  height: number;
}

/** ready: the journal was replayed (a read from before would outlive it). */
export function usePrefetchNeighbours(type: ProjectType, name: string, neighbours: ReadonlyArray<Neighbour | undefined>, ready: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const present = neighbours.filter((neighbour): neighbour is Neighbour => Boolean(neighbour));
  const key = ready ? present.map((n) => `${n.uuid}:${n.width}:${n.height}`).join(',') : '';
  useEffect(() => {
    if (!key) return;
    // After the frame that shows the image switched to: started in the switch's own effects,
    // the neighbours' fetches and decodes delayed that frame by a few ms on every key press.
    // Never cancelled: a key held down moves on before the frame, and the image after it must
    // still be on its way.
    requestAnimationFrame(() => {
      setTimeout(() => {
        for (const entry of key.split(',')) {
          const [uuid = '', width, height] = entry.split(':');
          predecodeImage(imageUrlOf(type, name, uuid), originalUrlOf(type, name, { uuid, width: Number(width), height: Number(height) }));
          void queryClient.prefetchQuery(editorImageQuery(trpc, type, name, uuid));
        }
      }, 0);
    });
  }, [key, type, name, queryClient, trpc]);
}
