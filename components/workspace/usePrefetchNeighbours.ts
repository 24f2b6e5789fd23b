'use client';

// The neighbours' bytes and shapes are fetched while the user looks at an image, so the next
// one shows at once.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { predecodeImages } from '@/components/editor/useImageElement';
import { useTRPC } from '@/components/trpc/provider';
import { editorImageQuery } from './useEditorPersistence';
import type { ProjectType } from './useProject';

export const imageUrlOf = (type: ProjectType, name: string, uuid: string) => `/api/image/${type}/${encodeURIComponent(name)}/${encodeURIComponent(uuid)}`;

/** ready: the journal was replayed (a read from before would outlive it). */
export function usePrefetchNeighbours(type: ProjectType, name: string, neighbours: ReadonlyArray<string | undefined>, ready: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = ready ? neighbours.filter(Boolean).join(',') : '';
  useEffect(() => {
    for (const uuid of key ? key.split(',') : []) {
      predecodeImages([imageUrlOf(type, name, uuid)]);
      void queryClient.prefetchQuery(editorImageQuery(trpc, type, name, uuid));
    }
  }, [key, type, name, queryClient, trpc]);
}
