'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import type { ImageFilter } from './useImageList';
import type { ProjectType } from './useProject';

export interface ImageNavigationOptions {
  type: ProjectType;
  name: string;
  /** The strip's list: positions are counted in it. */
  filter: ImageFilter;
  label: string | undefined;
  assignee?: string;
  total: number;
  index: number;
  go: (index: number) => void;
  /** Called when "next to-do" finds every image of the list with shapes. */
  onNothingLeft?: () => void;
}

const POSITION = /^\d+$/;

/** "Go to…" and "Next to-do": both land on a position of the strip's list through go(). */
export function useImageNavigation(options: ImageNavigationOptions) {
  const { type, name, filter, label, assignee, total, index, go, onNothingLeft } = options;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useMemo(() => ({ annotation_type: type, project_name: name, filter, label, assignee }), [type, name, filter, label, assignee]);

  // Always asked afresh (staleTime 0): saves since the last ask change which images have shapes.
  const nextUnlabeled = useCallback(async (): Promise<void> => {
    const found = await queryClient.fetchQuery({ ...trpc.image.nextUnlabeled.queryOptions({ ...list, after: index }), staleTime: 0 });
    if (found) go(found.index);
    else onNothingLeft?.();
  }, [queryClient, trpc, list, index, go, onNothingLeft]);

  /** A number is a 1-based position in the list; anything else a file name or part of one. */
  const goTo = useCallback(async (text: string): Promise<boolean> => {
    const wanted = text.trim();
    if (POSITION.test(wanted)) {
      const position = Number(wanted);
      if (position < 1 || position > total) return false;
      go(position - 1);
      return true;
    }
    const found = await queryClient.fetchQuery({ ...trpc.image.locate.queryOptions({ ...list, name: wanted }), staleTime: 0 });
    if (!found || found.index >= total) return false;
    go(found.index);
    return true;
  }, [queryClient, trpc, list, total, go]);

  return { nextUnlabeled, goTo };
}
