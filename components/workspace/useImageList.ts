'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';

export type ImageFilter = 'all' | 'labeled' | 'unlabeled';
export interface ImageListItem {
  uuid: string;
  img_path: string;
  width: number;
  height: number;
  shape_count: number;
}

export const PAGE_SIZE = 100;

/**
 * The project's images in pages of 100: a 10,000-image project never loads its whole list,
 * yet any position can be reached (the strip scrolls, next/previous step).
 */
export function useImageList(type: ProjectType, name: string, filter: ImageFilter) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<Map<number, ImageListItem[]>>(new Map());
  const [counts, setCounts] = useState<{ total: number; labeled: number; filtered: number } | null>(null);
  const [version, setVersion] = useState(0);

  const loadPage = useCallback(
    async (page: number): Promise<ImageListItem[]> => {
      const data = await queryClient.fetchQuery({
        ...trpc.image.page.queryOptions({ annotation_type: type, project_name: name, filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
        staleTime: 2000,
      });
      setCounts({ total: data.total, labeled: data.labeled, filtered: data.filtered_total });
      setPages((current) => new Map(current).set(page, data.items));
      return data.items;
    },
    [queryClient, trpc, type, name, filter],
  );

  useEffect(() => {
    setPages(new Map());
    void loadPage(0);
  }, [loadPage, version]);

  const itemAt = (index: number): ImageListItem | undefined => pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];

  const ensure = useCallback(
    async (index: number): Promise<ImageListItem | undefined> => {
      const page = Math.floor(index / PAGE_SIZE);
      const items = pages.get(page) ?? (await loadPage(page));
      return items[index % PAGE_SIZE];
    },
    [pages, loadPage],
  );

  return {
    counts,
    itemAt,
    ensure,
    loadedPages: pages,
    requestPage: (page: number) => (pages.has(page) ? undefined : void loadPage(page)),
    /** Re-reads counts and pages (after saves change labeled/unlabeled). */
    refresh: () => setVersion((value) => value + 1),
    /** Re-reads the counts only (and page 0), keeping the pages in view. */
    refreshCounts: () => void loadPage(0),
    indexOf: (uuid: string) => {
      for (const [page, items] of pages) {
        const at = items.findIndex((item) => item.uuid === uuid);
        if (at >= 0) return page * PAGE_SIZE + at;
      }
      return -1;
    },
  };
}
