'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { forgetResizedEditorImages } from './useEditorPersistence';
import type { ProjectType } from './useProject';

export type ImageFilter = 'all' | 'labeled' | 'unlabeled';
export interface ImageListItem {
  uuid: string;
  img_path: string;
  width: number;
  height: number;
  shape_count: number;
  /** Changes when the image's file does: it names the file's version in the image's URLs. */
  file_version: string;
  /** The image's side of the project's split; absent: none. */
  split?: 'train' | 'val' | 'test';
}

export const PAGE_SIZE = 100;

/** An image of a kept list that is no longer in the project: it keeps its place, empty. */
const goneItem = (uuid: string): ImageListItem => ({ uuid, img_path: '', width: 0, height: 0, shape_count: 0, file_version: '' });

/** The uuids of a list kept as it was when opened, and each one's position in it. */
interface KeptList {
  uuids: string[];
  positions: Map<string, number>;
}

/**
 * Where to stand in a kept list read again, for the image at `index` of the list before: on
 * that image, or (it has left the list) on the first image after it still listed, or (none
 * after it) the last one before it; at the start when none of them is listed any more.
 */
function placeInReread(before: readonly string[], after: ReadonlyMap<string, number>, index: number): number {
  for (let at = index; at < before.length; at += 1) {
    const place = after.get(before[at] ?? '');
    if (place !== undefined) return place;
  }
  for (let at = Math.min(index, before.length) - 1; at >= 0; at -= 1) {
    const place = after.get(before[at] ?? '');
    if (place !== undefined) return place;
  }
  return 0;
}

/**
 * The project's images in pages of 100: a 10,000-image project never loads its whole list,
 * yet any position can be reached (the strip scrolls, next/previous step).
 *
 * A filtered list (to do, labeled, a label's, an annotator's) stays as it was when opened:
 * labelling an image in "To do" must not shift the images after it, nor the one under the
 * cursor. Its uuids are read once when it opens and its pages are those images as they are now;
 * positions the server finds (go to, next to do, a check's entry) are looked up in it by uuid.
 * The whole project's list changes only with the images, and is read page by page live.
 */
export function useImageList(type: ProjectType, name: string, filter: ImageFilter, label?: string, assignee?: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<Map<number, ImageListItem[]>>(new Map());
  const [counts, setCounts] = useState<{ total: number; labeled: number; filtered: number } | null>(null);
  const [version, setVersion] = useState(0);
  const keepsList = filter !== 'all' || label !== undefined || assignee !== undefined;
  // The kept list being read, or read: pages wait for it.
  const kept = useRef<Promise<KeptList> | null>(null);

  const listInput = useMemo(() => ({ annotation_type: type, project_name: name, filter, label, assignee }), [type, name, filter, label, assignee]);
  // The list the pages are of: until another list's opening clears them, they are not its images.
  // Taken for its own, the list chosen in the strip put the first image of the list left in the
  // editor while it was read, and the keys pressed meanwhile edited that image.
  const [pagesOf, setPagesOf] = useState(listInput);

  const fetchPage = useCallback(
    async (page: number, limit = PAGE_SIZE, staleTime = 2000) => {
      if (!kept.current) {
        return queryClient.fetchQuery({ ...trpc.image.page.queryOptions({ ...listInput, offset: page * PAGE_SIZE, limit }), staleTime });
      }
      const { uuids } = await kept.current;
      const wanted = uuids.slice(page * PAGE_SIZE, page * PAGE_SIZE + limit);
      const data = await queryClient.fetchQuery({ ...trpc.image.listed.queryOptions({ annotation_type: type, project_name: name, uuids: wanted }), staleTime });
      const found = new Map(data.items.map((item) => [item.uuid, item]));
      return { ...data, filtered_total: uuids.length, items: wanted.map((uuid) => found.get(uuid) ?? goneItem(uuid)) };
    },
    [queryClient, trpc, listInput, type, name],
  );

  // Which opening of the list a page belongs to: a page of a list left meanwhile (the filter
  // changed while it was read) is not shown in the next one.
  const opened = useRef(0);
  // The list's length as soon as it is known, before a render shows it: a key pressed while the
  // list was read goes to a position of it once it is there.
  const size = useRef<number | null>(null);
  // refresh()'s and whenRead()'s callers waiting for the list read (again): each resolves once
  // a first page of an opening after `after` is there.
  const reopenWaiters = useRef<Array<{ after: number; resolve: () => void }>>([]);
  // The last opening whose first page came, or failed to: whenRead() waits for the current one.
  const firstPageOf = useRef(0);
  const firstPageIn = useCallback((opening: number) => {
    firstPageOf.current = opening;
    const ready = reopenWaiters.current.filter((waiter) => waiter.after < opening);
    reopenWaiters.current = reopenWaiters.current.filter((waiter) => waiter.after >= opening);
    ready.forEach((waiter) => waiter.resolve());
  }, []);
  const loadPage = useCallback(
    async (page: number): Promise<ImageListItem[]> => {
      const opening = opened.current;
      // A first page that failed still ends the wait: a move waiting for the list is made (in
      // the list as far as it is known) rather than kept for ever.
      const data = await fetchPage(page).catch((error: unknown) => {
        if (page === 0 && opening === opened.current) firstPageIn(opening);
        throw error;
      });
      if (opening !== opened.current) return data.items;
      // Before the editor can come to these images from the list.
      forgetResizedEditorImages(queryClient, trpc, type, name, data.items);
      size.current ??= data.filtered_total;
      // Only the chip counts follow the saves; the filtered count is the list's as opened.
      setCounts((current) => ({ total: data.total, labeled: data.labeled, filtered: current?.filtered ?? data.filtered_total }));
      setPages((current) => new Map(current).set(page, data.items));
      if (page === 0) firstPageIn(opening);
      return data.items;
    },
    [fetchPage, queryClient, trpc, type, name, firstPageIn],
  );

  /** Resolves once the list as last rendered has its first page (or its read failed). */
  const whenRead = useCallback(
    () =>
      firstPageOf.current === opened.current
        ? Promise.resolve()
        : new Promise<void>((resolve) => reopenWaiters.current.push({ after: opened.current - 1, resolve })),
    [],
  );

  // For the strip, which nobody awaits: a page whose read was cancelled (the list left, and its
  // pages removed, as it was read) or failed is asked for again when the strip next needs it.
  const showPage = useCallback((page: number) => void loadPage(page).catch(() => undefined), [loadPage]);

  // Nobody awaits it: a read cancelled by the list reopening meanwhile (a delete right after a
  // save: an uncaught CancelledError in the page) or failed leaves the counts to the next read.
  const refreshCounts = useCallback(async () => {
    const opening = opened.current;
    // Never from the cache: it is called because a save just changed the counts.
    const data = await queryClient.fetchQuery({ ...trpc.image.page.queryOptions({ ...listInput, offset: 0, limit: 1 }), staleTime: 0 }).catch(() => null);
    // Counted in the list left meanwhile (another filter chosen as the save landed): its length
    // became the new list's, which then said "1 / 8" of a To do list of seven.
    if (data && opening === opened.current) setCounts((current) => ({ total: data.total, labeled: data.labeled, filtered: current?.filtered ?? data.filtered_total }));
  }, [queryClient, trpc, listInput]);

  useEffect(() => {
    opened.current += 1;
    size.current = null;
    setPages(new Map());
    setPagesOf(listInput);
    setCounts(null);
    // A list opened (or re-read) now shows the images as they are now: no page of it may
    // come from the cache, whichever part of the page asks first.
    queryClient.removeQueries(trpc.image.page.queryFilter(listInput));
    queryClient.removeQueries(trpc.image.listed.queryFilter({ annotation_type: type, project_name: name }));
    kept.current = keepsList
      ? queryClient
          .fetchQuery({ ...trpc.image.uuidsInList.queryOptions(listInput), staleTime: 0 })
          .then(({ uuids }) => ({ uuids, positions: new Map(uuids.map((uuid, position) => [uuid, position])) }))
      : null;
    const opening = opened.current;
    void kept.current?.then(
      ({ uuids }) => {
        if (opening === opened.current) size.current = uuids.length;
      },
      () => undefined,
    );
    showPage(0);
  }, [showPage, version, queryClient, trpc, listInput, keepsList, type, name]);

  // Both wait for a kept list still being read (a key pressed right after the filter changed).
  /** A position the server found (in the list as it is now) as a position of this list; undefined: not in it. */
  const positionOf = useCallback(async (found: { index: number; uuid: string }): Promise<number | undefined> => {
    const list = kept.current ? await kept.current : null;
    return list ? list.positions.get(found.uuid) : found.index;
  }, []);

  /** The image at a position of a kept list (its place counts when it has left the list as it is now); undefined for the live list. */
  const keptUuidAt = useCallback(async (index: number): Promise<string | undefined> => (kept.current ? (await kept.current).uuids[index] : undefined), []);

  /** The images at positions [from, to) of a kept list, in its order; undefined for the live list. */
  const keptUuidsIn = useCallback(async (from: number, to: number): Promise<string[] | undefined> => (kept.current ? (await kept.current).uuids.slice(from, to) : undefined), []);

  const requestPage = useCallback((page: number) => {
    if (!pages.has(page)) showPage(page);
  }, [pages, showPage]);

  /** One image's item changed in this tab (change returns it as it was when nothing changed). */
  const updateItem = useCallback((uuid: string, change: (item: ImageListItem) => ImageListItem) => {
    setPages((current) => {
      for (const [page, items] of current) {
        const at = items.findIndex((item) => item.uuid === uuid);
        const item = items[at];
        if (!item) continue;
        const changed = change(item);
        if (changed === item) return current;
        return new Map(current).set(page, items.map((other, index) => (index === at ? changed : other)));
      }
      return current;
    });
  }, []);

  /** An image's shape count changed in this tab: its badge follows without a reload. */
  const setShapeCount = useCallback(
    (uuid: string, count: number) => updateItem(uuid, (item) => (item.shape_count === count ? item : { ...item, shape_count: count })),
    [updateItem],
  );

  /**
   * An image renamed in this tab keeps its place until the list is next opened: the user goes
   * on from where the image is, not from where its new name sorts.
   */
  const setPath = useCallback((uuid: string, imgPath: string) => updateItem(uuid, (item) => ({ ...item, img_path: imgPath })), [updateItem]);

  /** Images were put on a side in this tab: their badges follow without a reload. */
  const setSplit = useCallback((uuids: readonly string[], side: ImageListItem['split'] | null) => {
    const changed = new Set(uuids);
    setPages((current) => {
      const next = new Map(current);
      for (const [page, items] of current) {
        if (!items.some((item) => changed.has(item.uuid))) continue;
        next.set(page, items.map((item) => {
          if (!changed.has(item.uuid)) return item;
          const { split: _previous, ...rest } = item;
          return side ? { ...rest, split: side } : rest;
        }));
      }
      return next;
    });
  }, []);

  /**
   * After a whole split: the loaded pages take their images' new sides. Only the sides are
   * merged, by uuid: a filtered list must not shift under the cursor.
   */
  const refreshSplits = useCallback(async () => {
    const fetched = await Promise.all([...pages.keys()].map((page) => fetchPage(page, PAGE_SIZE, 0)));
    const sides = new Map(fetched.flatMap((data) => data.items.map((item) => [item.uuid, item.split] as const)));
    setPages((current) => {
      const next = new Map<number, ImageListItem[]>();
      for (const [page, items] of current) {
        next.set(page, items.map((item) => {
          if (!sides.has(item.uuid) || sides.get(item.uuid) === item.split) return item;
          const { split: _previous, ...rest } = item;
          const side = sides.get(item.uuid);
          return side ? { ...rest, split: side } : rest;
        }));
      }
      return next;
    });
  }, [pages, fetchPage]);

  /**
   * Re-reads counts and pages (after saves change labeled/unlabeled); resolves once the list's
   * first page is read again. Given the position of the image in view (and that image), it
   * resolves with that image's place in the list read again: a kept list read anew holds other
   * images (see placeInReread), the live list may hold images added or gone before it (the scan
   * at open found new files), which moved the editor to another image under the user.
   */
  const refresh = useCallback(
    async (keeping?: number, shown?: ImageListItem): Promise<number | undefined> => {
      const before = kept.current;
      await new Promise<void>((resolve) => {
        reopenWaiters.current.push({ after: opened.current, resolve });
        setVersion((value) => value + 1);
      });
      if (keeping === undefined) return undefined;
      const after = kept.current;
      if (!before || !after) {
        if (after || !shown) return keeping;
        // Its path names it alone; gone, the image after it takes its place.
        const found = await queryClient.fetchQuery({ ...trpc.image.locate.queryOptions({ ...listInput, name: shown.img_path }), staleTime: 0 }).catch(() => null);
        return found?.uuid === shown.uuid ? found.index : keeping;
      }
      // A list whose read failed has no place to find: the position stays.
      const lists = await Promise.all([before, after]).catch(() => null);
      return lists ? placeInReread(lists[0].uuids, lists[1].positions, keeping) : keeping;
    },
    [queryClient, trpc, listInput],
  );

  const itemAt = (index: number): ImageListItem | undefined => (pagesOf === listInput ? pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE] : undefined);

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
    requestPage,
    setShapeCount,
    setPath,
    setSplit,
    refreshSplits,
    positionOf,
    keptUuidAt,
    keptUuidsIn,
    /** A filtered list, kept as it was opened. */
    kept: keepsList,
    /** How many images the list holds, as soon as that is known (counts.filtered once rendered). */
    sizeNow: useCallback(() => size.current ?? 0, []),
    refresh,
    whenRead,
    /** Re-reads the counts only, keeping the pages in view (stable identity). */
    refreshCounts,
  };
}
