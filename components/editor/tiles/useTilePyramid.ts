'use client';

// A huge image's pyramid status for the canvas, polled while the server cuts it (the same
// status the progress bar shows).
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import type { Pyramid } from './tile-view';

export interface PyramidStatus extends Pyramid {
  state: 'cutting' | 'ready' | 'failed';
  done: number;
  total: number;
  message: string;
}

/** status: null until there is one; refresh: ask again (a tile of a "ready" pyramid was gone). */
export function useTilePyramid(type: 'bndbox' | 'seg', name: string, uuid: string | undefined, enabled: boolean): { status: PyramidStatus | null; refresh: () => void } {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.image.tiles.queryOptions({ annotation_type: type, project_name: name, uuid: uuid ?? '' }),
    enabled: enabled && Boolean(uuid),
    refetchInterval: (current) => (current.state.data?.state === 'cutting' ? 400 : false),
    retry: false,
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { status: enabled && query.data ? query.data : null, refresh };
}
