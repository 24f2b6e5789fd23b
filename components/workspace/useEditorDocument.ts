'use client';

// Which image the editor shows, loaded from the query cache (or the server), and what
// happens on arrival: "keep previous" starts an empty image with the last image's shapes.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import { copiesFor } from '@/components/editor/model/shape-ops';
import type { EditorShape } from '@/components/editor/model/types';
import { useTRPC } from '@/components/trpc/provider';
import { editorImageQuery, type useEditorPersistence } from './useEditorPersistence';
import type { ProjectType } from './useProject';

interface DocumentOptions {
  type: ProjectType;
  name: string;
  store: EditorStore;
  persistence: ReturnType<typeof useEditorPersistence>;
  uuid: string | undefined;
  keepPrevious: boolean;
}

export function useEditorDocument({ type, name, store, persistence, uuid, keepPrevious }: DocumentOptions) {
  const trpc = useTRPC();
  const doc = useQuery({ ...editorImageQuery(trpc, type, name, uuid ?? '-'), enabled: Boolean(uuid) });
  const loaded = doc.data?.[0];
  const { ready, leave } = persistence;

  useEffect(() => {
    if (!loaded || !ready) return;
    const before = store.getState();
    // The cache entry is the editor's own last state (a save landed): nothing to load.
    if (before.imageId === loaded.uuid && before.shapes === loaded.shapes) return;
    const arriving = before.imageId !== loaded.uuid;
    if (arriving && before.imageId) leave(before.imageId, before.shapes);
    store.load(loaded.uuid, { width: loaded.width, height: loaded.height }, loaded.shapes as EditorShape[]);
    if (arriving && keepPrevious && loaded.shapes.length === 0) {
      const copies = copiesFor(before.shapes, store.getState().size, store.newId);
      if (copies.length > 0) store.commit(copies, 'record');
    }
  }, [loaded, ready, store, leave, keepPrevious]);
}
