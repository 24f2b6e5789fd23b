'use client';

// "Check dataset" entries open their image in the strip's list and select the shape once the
// image's shapes are in the editor (they load after the switch).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import { useTRPC } from '@/components/trpc/provider';
import type { ImageFilter } from './useImageList';
import type { ProjectType } from './useProject';

export interface ShapePlace {
  imageUuid: string;
  relPath: string;
  shapeId?: string;
}

export interface JumpToShapeOptions {
  type: ProjectType;
  name: string;
  filter: ImageFilter;
  label: string | undefined;
  assignee?: string;
  store: EditorStore;
  go: (index: number) => void;
  /** The position in view. */
  shown: () => number;
  /** A position the server found, as a position of the strip's list (useImageList); undefined: not in it. */
  positionOf: (found: { index: number; uuid: string }) => Promise<number | undefined>;
}

export function useJumpToShape(options: JumpToShapeOptions) {
  const { type, name, filter, label, assignee, store, go, shown, positionOf } = options;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useRef<ShapePlace | null>(null);

  const selectIfShown = useCallback(() => {
    const wanted = pending.current;
    const state = store.getState();
    if (!wanted || state.imageId !== wanted.imageUuid) return;
    pending.current = null;
    if (wanted.shapeId && state.shapes.some((shape) => shape.id === wanted.shapeId)) store.select([wanted.shapeId]);
  }, [store]);
  useEffect(() => {
    const unsubscribe = store.subscribe(selectIfShown);
    return () => void unsubscribe();
  }, [store, selectIfShown]);

  /** False when the image is not in the strip's list (another filter, or gone). */
  return useCallback(
    async (place: ShapePlace): Promise<boolean> => {
      const list = { annotation_type: type, project_name: name, filter, label, assignee, name: place.relPath };
      const found = await queryClient.fetchQuery({ ...trpc.image.locate.queryOptions(list), staleTime: 0 });
      // A match by part of the name is another image: only this one will do. A list kept as it
      // was opened may hold the image though the list as it is now does not (it has shapes now).
      const position = await (found?.uuid === place.imageUuid ? positionOf(found) : positionOf({ index: -1, uuid: place.imageUuid }));
      if (position === undefined || position < 0) return false;
      pending.current = place;
      // The editor may hold the image at another place: a list chosen in the strip opens at its
      // start, and the editor shows its first image once read. Only selected there, it stayed.
      if (shown() !== position) go(position);
      selectIfShown();
      return true;
    },
    [type, name, filter, label, assignee, queryClient, trpc, store, go, shown, positionOf, selectIfShown],
  );
}
