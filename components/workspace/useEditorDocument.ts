'use client';

// Which image the editor shows, loaded from the query cache (or the server), and what
// happens on arrival: "keep previous" starts an empty image with the shapes of the image the
// user stepped from (next/previous only: not a jump, a resume or a filter change).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import { copiesFor } from '@/components/editor/model/shape-ops';
import type { EditorShape } from '@/components/editor/model/types';
import { errorText } from '@/components/trpc/error-text';
import { useTRPC } from '@/components/trpc/provider';
import { availabilityOf, type ImageAvailability } from './image-availability';
import { editorImageQuery, type useEditorPersistence } from './useEditorPersistence';
import type { ProjectType } from './useProject';

interface DocumentOptions {
  type: ProjectType;
  name: string;
  store: EditorStore;
  persistence: ReturnType<typeof useEditorPersistence>;
  uuid: string | undefined;
  keepPrevious: boolean;
  /** The shapes to start an empty image with, taken once (null: none). */
  takeCarried: () => EditorShape[] | null;
}

/**
 * Loads the image at uuid into the editor from the query cache as its entry arrives. The
 * returned loadCached(uuid) does it at once when the entry is cached already: called as the
 * user switches, the switch renders the canvas once, with the new image, not once without it.
 */
export function useEditorDocument({ type, name, store, persistence, uuid, keepPrevious, takeCarried }: DocumentOptions): {
  loadCached: (uuid: string) => void;
  /** Whether the image at uuid can be shown: its read may answer nothing (deleted) or fail. */
  availability: ImageAvailability;
  /** Reads the image again (after a failed read). */
  retry: () => void;
} {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { ready } = persistence;
  // Nothing is read before the journal was replayed: a read from before would outlive it.
  const doc = useQuery({ ...editorImageQuery(trpc, type, name, uuid ?? '-'), enabled: Boolean(uuid) && ready });
  const loaded = doc.data?.[0];
  // An empty answer (the image was deleted meanwhile) or a failed read loads nothing: the
  // editor says so rather than wait for ever on the image left behind.
  const availability = availabilityOf({ data: doc.data, error: doc.error, fetching: doc.isFetching }, errorText);
  const { refetch } = doc;
  const retry = useCallback(() => void refetch(), [refetch]);
  // Loads only a cache entry it has not loaded yet: the entry of the image in view may lag
  // behind the editor (it is written when the editor leaves the image or a save lands).
  const lastLoaded = useRef<typeof loaded>(undefined);

  const load = useCallback((loaded: NonNullable<typeof lastLoaded.current>) => {
    if (loaded === lastLoaded.current) return;
    const previous = lastLoaded.current;
    lastLoaded.current = loaded;
    // Only the version moved (a save's answer, written before the saved shapes are): the
    // editor holds these shapes or newer ones. Loading them would drop an edit made since.
    if (previous?.uuid === loaded.uuid && previous.shapes === loaded.shapes) return;
    const before = store.getState();
    // The cache entry is the editor's own last state (a save landed): nothing to load.
    if (before.imageId === loaded.uuid && before.shapes === loaded.shapes) return;
    const arriving = before.imageId !== loaded.uuid;
    store.load(loaded.uuid, { width: loaded.width, height: loaded.height }, loaded.shapes as EditorShape[]);
    const carried = arriving ? takeCarried() : null;
    // An image emptied on purpose in this session stays empty.
    if (keepPrevious && carried && loaded.shapes.length === 0 && !store.hasEdits(loaded.uuid)) {
      const copies = copiesFor(carried, store.getState().size, store.newId);
      if (copies.length > 0) store.commit(copies, 'record');
    }
  }, [store, keepPrevious, takeCarried]);

  useEffect(() => {
    if (loaded) load(loaded);
  }, [loaded, load]);

  const loadCached = useCallback(
    (next: string) => {
      if (!ready) return;
      const entry = queryClient.getQueryData(editorImageQuery(trpc, type, name, next).queryKey)?.[0];
      if (entry) load(entry);
    },
    [ready, queryClient, trpc, type, name, load],
  );
  return { loadCached, availability, retry };
}
