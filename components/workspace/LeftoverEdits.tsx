'use client';

// Mounted on every page: edits earlier pages left undelivered reach the server as soon as any
// page of Labelport opens (see leftover-edits.ts), and the project cards count them. No
// workspace has those projects open, so nothing else shown is out of date. A project some tab
// still has open (or is closing: its last saves may land after the cards were read) is
// delivered once that tab is gone, and its card read again.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { indexedDbBackend, localStorageStash } from '@/components/editor/edit-journal';
import { deliverLeftovers } from '@/components/editor/leftover-edits';
import type { EditorShape } from '@/components/editor/model/types';
import { onceProjectClosed, unlessProjectOpen } from '@/components/editor/project-lock';
import { failureCode } from '@/components/trpc/error-text';
import { useTRPC, useTRPCClient } from '@/components/trpc/provider';
import { editorSaveInput } from './useEditorPersistence';

/** The project whose workspace this page is (it replays its own leftovers, before it shows them). */
function projectOfPage(): string | null {
  const match = /^\/projects\/([^/]+)\/([^/]+)/.exec(window.location.pathname);
  try {
    return match?.[1] && match[2] ? `${match[1]}/${decodeURIComponent(match[2])}` : null;
  } catch {
    return null;
  }
}

/** A journal that could not be read (or a card read that failed): what was left stays in it for the next page. */
const keptForNextPage = (error: unknown) => console.warn('[labelport] edits left by an earlier page were not delivered now; the next page tries again:', error);

export function LeftoverEdits() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useEffect(() => {
    const stash = localStorageStash();
    if (!stash) return;
    const unmounted = new AbortController();
    // The page's first read of the cards may be on its way, sent before these saves:
    // invalidating alone would wait for that read instead of sending another.
    const readCardsAgain = async () => {
      const cards = trpc.project.pathFilter();
      await queryClient.cancelQueries(cards);
      await queryClient.invalidateQueries(cards);
    };
    // Read again once any project's leftovers went out, stored or not: what a delivery found
    // stored (a replay of the closed tab's own last save, or someone else's state in conflict)
    // may have landed after the cards were read.
    let deliveredAny = false;
    const unlessOpen = async (project: string, work: () => Promise<void>) => {
      if (project === projectOfPage()) return false;
      if (await unlessProjectOpen(project, work)) return (deliveredAny = true);
      void onceProjectClosed(project, work, unmounted.signal)
        .then((delivered) => (delivered ? readCardsAgain() : undefined))
        .catch(keptForNextPage);
      return false;
    };
    void deliverLeftovers({
      backend: indexedDbBackend(),
      stash,
      clientId: `leftover-${crypto.randomUUID()}`,
      unlessOpen,
      save: async (project, uuid, shapes, claim) => {
        const answer = await client.annotation.saveFromEditor.mutate(editorSaveInput(project, uuid, shapes, claim));
        return answer.message === 1 ? answer.version : null;
      },
      isGone: (error) => failureCode(error) === 'NOT_FOUND',
      image: async ({ type, name }, uuid) => {
        const [image] = await client.annotation.forEditor.query({ annotation_type: type, project_name: name, uuids: [uuid] });
        return image ? { ...image, shapes: image.shapes as EditorShape[] } : undefined;
      },
    })
      .then(() => (deliveredAny ? readCardsAgain() : undefined))
      .catch(keptForNextPage);
    return () => unmounted.abort();
  }, [client, queryClient, trpc]);
  return null;
}
