'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { countOf } from '@/components/ui/count-text';
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
  /** A position the server found, as a position of the strip's list (useImageList); undefined: not in it. */
  positionOf: (found: { index: number; uuid: string }) => Promise<number | undefined>;
  /** The strip's list is kept as it was opened (useImageList): its positions are not the live list's. */
  kept: boolean;
  /** The image at a position of a list kept as it was opened; undefined for the live list. */
  keptUuidAt: (index: number) => Promise<string | undefined>;
  /** Called when "next to-do" finds every image of the list with shapes. */
  onNothingLeft?: () => void;
}

const POSITION = /^\d+$/;
const MAX_PASSED_OVER = 50;

/** "Go to…" and "Next to-do": both land on a position of the strip's list through go(). */
export function useImageNavigation(options: ImageNavigationOptions) {
  const { type, name, filter, label, assignee, total, index, go, positionOf, kept, keptUuidAt, onNothingLeft } = options;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useMemo(() => ({ annotation_type: type, project_name: name, filter, label, assignee }), [type, name, filter, label, assignee]);

  // Always asked afresh (staleTime 0): saves since the last ask change which images have shapes.
  // In a kept list the search starts after the image here (its place in the order holds when it
  // has left the list as it is now); an image found that the kept list lacks (its shapes were
  // removed since it opened) is passed over.
  // from: the position the search starts after, the one shown when it is not the last render's.
  const nextUnlabeled = useCallback(async (from = index): Promise<void> => {
    let after = await keptUuidAt(from);
    // Images without shapes now that the kept list lacks are rare (shapes removed since it
    // opened); past this many the search gives up rather than walk the project.
    for (let passed = 0; passed < MAX_PASSED_OVER; passed += 1) {
      const found = await queryClient.fetchQuery({ ...trpc.image.nextUnlabeled.queryOptions({ ...list, after: from, after_uuid: after }), staleTime: 0 });
      if (!found || found.uuid === after) break;
      const position = await positionOf(found);
      if (position !== undefined) return go(position);
      after = found.uuid;
    }
    onNothingLeft?.();
  }, [queryClient, trpc, list, index, go, positionOf, keptUuidAt, onNothingLeft]);

  /** A number is a 1-based position in the list; anything else a file name or part of one. */
  const goTo = useCallback(async (text: string): Promise<boolean> => {
    const wanted = text.trim();
    if (POSITION.test(wanted)) {
      const position = Number(wanted);
      if (position < 1 || position > total) return false;
      go(position - 1);
      return true;
    }
    // A kept list may hold an image the list as it is now has lost (labelled since it opened):
    // the project's whole list is searched first, then the list as it is now.
    const searched = kept ? [{ annotation_type: type, project_name: name, filter: 'all' as const }, list] : [list];
    for (const where of searched) {
      const found = await queryClient.fetchQuery({ ...trpc.image.locate.queryOptions({ ...where, name: wanted }), staleTime: 0 });
      const position = found ? await positionOf(found) : undefined;
      if (position === undefined) continue;
      go(position);
      return true;
    }
    return false;
  }, [queryClient, trpc, list, kept, type, name, total, go, positionOf]);

  /** Why goTo(text) found nothing, as the user can act on it: the list is narrower than the project. */
  const whyNotFound = useCallback(async (text: string): Promise<string> => {
    const wanted = text.trim();
    if (POSITION.test(wanted)) return total === 0 ? 'This list has no images' : `This list has ${countOf(total, 'image')}: give a number from 1 to ${total}`;
    const narrowed = filter !== 'all' || label !== undefined || assignee !== undefined;
    const whole = { annotation_type: type, project_name: name, filter: 'all' as const };
    const inProject = narrowed && (await queryClient.fetchQuery({ ...trpc.image.locate.queryOptions({ ...whole, name: wanted }), staleTime: 0 }).catch(() => null));
    return inProject ? `“${wanted}” is in the project but not in this list: show All to open it` : `No image matches “${wanted}”`;
  }, [queryClient, trpc, type, name, filter, label, assignee, total]);

  return { nextUnlabeled, goTo, whyNotFound };
}
