'use client';

// Every edit reaches the server: autosave while the page lives, a keepalive request when it
// goes away (close, reload, navigation), and the IndexedDB journal replayed on the next load
// for whatever neither delivered. The browser warns before leaving only while an edit is
// still unacknowledged.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createAutosave, type SaveStatus } from '@/components/editor/autosave';
import { createEditJournal, indexedDbBackend, localStorageStash, memoryStash } from '@/components/editor/edit-journal';
import type { ProjectRef, StateClaim } from '@/components/editor/leftover-edits';
import { holdProjectOpen } from '@/components/editor/project-lock';
import { shapesAfterHeld } from '@/components/editor/held-exit';
import type { EditorStore } from '@/components/editor/model/editor-store';
import { relabelShapes } from '@/components/editor/model/shape-ops';
import type { EditorShape } from '@/components/editor/model/types';
import { errorText, failureCode, failureReason } from '@/components/trpc/error-text';
import { signInAgainOn401, useTRPC, useTRPCClient } from '@/components/trpc/provider';
import { createHeldExitRunner } from './held-exit-runner';
import type { ProjectType } from './useProject';

/** The procedure the keepalive request calls: the same one autosave uses. */
const SAVE_PATH = '/api/trpc/annotation.saveFromEditor';
/** Browsers refuse keepalive bodies past 64 KiB in flight; bigger edits wait in the journal. */
const KEEPALIVE_LIMIT = 60_000;

/** A state's save as the procedure takes it: autosave, the keepalive request and leftover delivery send the same. */
export const editorSaveInput = ({ type, name }: ProjectRef, uuid: string, shapes: EditorShape[], claim: StateClaim) => ({
  annotation_type: type,
  project_name: name,
  uuid,
  shapes,
  edited_at: claim.editedAt,
  base_version: claim.baseVersion,
  client_id: claim.clientId,
});

type EditorImages = Array<{ uuid: string; shapes: EditorShape[]; version: number }>;

/** What another save stored first: the user chooses what becomes of their own state. */
export interface SaveConflict {
  uuid: string;
  mine: EditorShape[];
  theirs: EditorShape[];
  version: number;
  change: { actor: string; at: number; source: string } | null;
}

/** A save answered with a conflict: no retry can land it; the user decides (the journal keeps it meanwhile). */
class ConflictAnswer extends Error {
  constructor(readonly conflict: SaveConflict) {
    super('Another change was saved first');
  }
}

/** Merge shapes: every shape of both states; a shape both sides have (same id) keeps mine. */
export function mergeShapes(mine: readonly EditorShape[], theirs: readonly EditorShape[]): EditorShape[] {
  const mineIds = new Set(mine.map((shape) => shape.id));
  return [...theirs.filter((shape) => !mineIds.has(shape.id)), ...mine];
}

/** The cache key of one image's editor read: the workspace loads and prefetches with it. */
export const editorImageQuery = (trpc: ReturnType<typeof useTRPC>, type: ProjectType, name: string, uuid: string) => ({
  ...trpc.annotation.forEditor.queryOptions({ annotation_type: type, project_name: name, uuids: [uuid] }),
  staleTime: Infinity,
  // Entries hold edits not yet saved: they must not be collected, nor replaced by an equal copy.
  gcTime: Infinity,
  structuralSharing: false,
});
const editorImageKey = (trpc: ReturnType<typeof useTRPC>, type: ProjectType, name: string, uuid: string) =>
  trpc.annotation.forEditor.queryKey({ annotation_type: type, project_name: name, uuids: [uuid] });

/**
 * Drops the editor's copies of listed images whose size is no longer theirs: a reload found the
 * file replaced (cropped, say), and shapes the server had converted for the old size were drawn,
 * and new ones saved, against the new picture. The next read brings them for the new size.
 */
export function forgetResizedEditorImages(
  queryClient: ReturnType<typeof useQueryClient>,
  trpc: ReturnType<typeof useTRPC>,
  type: ProjectType,
  name: string,
  listed: ReadonlyArray<{ uuid: string; width: number; height: number }>,
): void {
  for (const { uuid, width, height } of listed) {
    const queryKey = editorImageKey(trpc, type, name, uuid);
    const cached = queryClient.getQueryData(queryKey)?.[0];
    if (cached && (cached.width !== width || cached.height !== height)) void queryClient.resetQueries({ queryKey, exact: true });
  }
}

/** The server will never take it (the image or project gone, the state refused); other failures (a server down) pass. */
const refusedForGood = (error: unknown) => ['NOT_FOUND', 'BAD_REQUEST', 'FORBIDDEN'].includes(failureCode(error) ?? '');

/** Why an edit was refused for good, as the status says it. */
function refusalText(error: unknown): string {
  // The server's words for a missing image name its uuid; the user knows it as the one drawn on.
  if (failureCode(error) === 'NOT_FOUND' && failureReason(error) === undefined) return 'the image was deleted from the project';
  return errorText(error);
}

/** heldDropped: a polygon held for an image that never reached the editor could not close there (its points). */
export function useEditorPersistence(type: ProjectType, name: string, store: EditorStore, heldDropped: (points: number) => void) {
  const client = useTRPCClient();
  const [saveState, setSaveState] = useState<{ status: SaveStatus; refusal?: unknown }>({ status: 'saved' });
  const [replayed, setReplayed] = useState(false);
  // Input held for an image whose shapes could not be read (the server down): waiting to be saved.
  const [heldUnread, setHeldUnread] = useState(false);
  // One dialog at a time, the others waiting their turn: two images can conflict at once (a
  // journal replayed on open, saves failing offline while a colleague edits both).
  const [conflicts, setConflicts] = useState<SaveConflict[]>([]);
  const conflict = conflicts[0] ?? null;
  const addConflict = (added: SaveConflict) => setConflicts((waiting) => [...waiting.filter((entry) => entry.uuid !== added.uuid), added]);
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  /**
   * The editor's copy of an image is the query cache entry the workspace loads it from: it
   * holds the image's latest shapes, saved or on their way, so coming back shows them.
   */
  // The states this tab wrote into the cache: the journal, a waiting save or a conflict may hold
  // the same array, so a rename gives the entry the one renamed copy they share (see renameLabel).
  const [writtenStates] = useState(() => new WeakSet<EditorShape[]>());
  const writeCache = (uuid: string, shapes: EditorShape[]) => {
    writtenStates.add(shapes);
    return queryClient.setQueryData(editorImageKey(trpc, type, name, uuid), (old) => (old?.[0] ? [{ ...old[0], shapes }] : old));
  };
  // The version the editor's state of an image grows from: the one it loaded, then each save's.
  const cachedVersion = (uuid: string) => queryClient.getQueryData(editorImageKey(trpc, type, name, uuid))?.[0]?.version;
  const setCachedVersion = (uuid: string, version: number) =>
    queryClient.setQueryData(editorImageKey(trpc, type, name, uuid), (old) => (old?.[0] ? [{ ...old[0], version }] : old));
  // The held input runner below is made once: it tells through the latest callback.
  const latestHeldDropped = useRef(heldDropped);
  useEffect(() => {
    latestHeldDropped.current = heldDropped;
  });
  const [parts] = useState(() => {
    // When each state was made: the server never lets an older state overwrite a newer one,
    // whichever request (autosave, keepalive, journal replay) arrives last.
    const editTimes = new WeakMap<EditorShape[], number>();
    const editedAt = (shapes: EditorShape[]) => editTimes.get(shapes) ?? Date.now();
    // Replayed journal states keep the version they grew from and the tab that made them; live
    // ones take the latest version known and this tab's id.
    const tabId = `tab-${crypto.randomUUID()}`;
    const replayBases = new WeakMap<EditorShape[], { baseVersion?: number; clientId?: string }>();
    const inputOf = (uuid: string, shapes: EditorShape[]) => {
      const replayed = replayBases.get(shapes);
      return editorSaveInput({ type, name }, uuid, shapes, {
        editedAt: editedAt(shapes),
        baseVersion: replayed ? replayed.baseVersion : cachedVersion(uuid),
        clientId: replayed ? replayed.clientId : tabId,
      });
    };
    const savedVersions = new WeakMap<EditorShape[], number>();
    // States the server holds already, at that version: their shapes taken in a conflict. Saved,
    // they only wrote the same shapes again as a new version, which the colleague's next save
    // then met as a conflict with her own work.
    const storedAs = new WeakMap<EditorShape[], number>();
    /** The version the server holds this very state at, while nothing newer came since. */
    const storedVersionOf = (uuid: string, shapes: EditorShape[]) => {
      const version = storedAs.get(shapes);
      return version !== undefined && version === cachedVersion(uuid) ? version : undefined;
    };
    const project = `${type}/${name}`;
    // Without localStorage, held input still reaches its image while the page lives.
    const stash = localStorageStash() ?? memoryStash();
    const journal = createEditJournal(project, indexedDbBackend(), undefined, stash);
    const autosave = createAutosave({
      save: async (uuid, shapes) => {
        const stored = storedVersionOf(uuid, shapes);
        if (stored !== undefined) {
          savedVersions.set(shapes, stored);
          return;
        }
        let answer;
        try {
          answer = await client.annotation.saveFromEditor.mutate(inputOf(uuid, shapes));
        } catch (error) {
          // The journal keeps the edit; it is saved once the user has signed in again.
          signInAgainOn401(error);
          throw error;
        }
        if (answer.message === 0) {
          const { version, shapes: theirs, change } = answer.conflict;
          throw new ConflictAnswer({ uuid, mine: shapes, theirs: theirs as EditorShape[], version, change });
        }
        savedVersions.set(shapes, answer.version);
        setCachedVersion(uuid, answer.version);
      },
      onStatus: (status, refusal) => setSaveState({ status, refusal }),
      onSaved: (uuid, shapes) => {
        journal.acknowledged(uuid, shapes, savedVersions.get(shapes));
        // The shown image's cache entry follows its acknowledged edits (newer ones stay in the store).
        if (uuid === store.getState().imageId) writeCache(uuid, store.getState().shapes);
      },
      // The image or project is gone, or the state is refused: no retry will ever land it.
      isPermanent: (error) => error instanceof ConflictAnswer || refusedForGood(error),
      asksUser: (error) => error instanceof ConflictAnswer,
      onRefused: (uuid, _shapes, error) => {
        if (error instanceof ConflictAnswer) addConflict(error.conflict);
        // Kept, every open would send it again, for ever (leftover delivery forgets it too).
        else if (failureCode(error) === 'NOT_FOUND') journal.forget(uuid);
      },
      sendOnExit: (uuid, shapes) => {
        if (storedVersionOf(uuid, shapes) !== undefined) return true;
        const body = JSON.stringify(inputOf(uuid, shapes));
        if (body.length > KEEPALIVE_LIMIT) return false;
        try {
          void fetch(SAVE_PATH, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
          return true;
        } catch {
          return false;
        }
      },
    });
    // Held input is applied to the image's shapes (the cache's, with this tab's unsaved edits, or
    // the server's) and saved like any edit.
    const held = createHeldExitRunner({
      stash,
      project,
      read: async (uuid) => (await queryClient.fetchQuery(editorImageQuery(trpc, type, name, uuid)))[0],
      refusedForGood,
      apply: (exit, image) => {
        const shapes = image ? shapesAfterHeld(exit, { ...image, shapes: image.shapes as EditorShape[] }, type, (points) => latestHeldDropped.current(points)) : null;
        if (image && shapes) {
          editTimes.set(shapes, exit.at);
          replayBases.set(shapes, { baseVersion: image.version, clientId: tabId });
          writeCache(exit.uuid, shapes);
          journal.record(exit.uuid, shapes, exit.at, image.version, tabId);
          autosave.markDirty(exit.uuid, shapes);
        }
        // The journal has it now, stashed at once: a page closed again keeps it there.
        journal.flush();
        return Boolean(image && shapes);
      },
      onWaiting: setHeldUnread,
    });
    return { journal, autosave, editTimes, replayBases, storedAs, tabId, applyHeldExits: held.applyStashed, keepHeld: held.keep, applyHeld: held.apply, setWorkspaceOpen: held.setWorkspaceOpen };
  });
  const { journal, autosave, editTimes, replayBases, storedAs, tabId, applyHeldExits, keepHeld, applyHeld, setWorkspaceOpen } = parts;

  // Replays what an earlier page left unacknowledged before the canvas shows anything: the
  // server keeps whichever state is newest, and the editor then shows what the server has.
  // The project's lock is held meanwhile and while the workspace is open: no other page
  // delivers this project's leftovers (see project-lock.ts).
  useEffect(() => {
    let cancelled = false;
    setWorkspaceOpen(true);
    const open = holdProjectOpen(`${type}/${name}`);
    void (async () => {
      const deliveredElsewhere = await open.held;
      const entries = await journal.pending();
      for (const { imageId, shapes, editedAt, baseVersion, clientId } of entries) {
        editTimes.set(shapes, editedAt);
        replayBases.set(shapes, { baseVersion, clientId });
        // Held by this page's journal too: a label renamed before the replay lands rewrites it.
        journal.record(imageId, shapes, editedAt, baseVersion, clientId);
        autosave.markDirty(imageId, shapes);
      }
      if (entries.length > 0) await autosave.flush();
      // Over the states just replayed: held input was made after them.
      const held = await applyHeldExits();
      if (held > 0) await autosave.flush();
      if (deliveredElsewhere || entries.length > 0 || held > 0) await queryClient.invalidateQueries(trpc.annotation.forEditor.pathFilter());
      if (!cancelled) setReplayed(true);
    })();
    return () => {
      cancelled = true;
      setWorkspaceOpen(false);
      // Closed inside the app: what the workspace applies and saves as it closes (held input
      // included, applied by the editor's own cleanup after this one) is its own to finish.
      setTimeout(() => void applyHeldExits().then(() => autosave.flush()).finally(open.release), 0);
    };
  }, [type, name, journal, autosave, editTimes, replayBases, applyHeldExits, setWorkspaceOpen, queryClient, trpc]);

  useEffect(() => {
    const unsubscribe = store.onDocumentChange((uuid, shapes) => {
      const now = Date.now();
      editTimes.set(shapes, now);
      // The shown image's entry is written when the editor leaves it or a save lands: writing
      // it on every step of a drag would re-render the workspace 60 times a second. An image
      // the editor is leaving (between) was written as it left: a change since must be too.
      const { imageId, between } = store.getState();
      if (uuid !== imageId || between) writeCache(uuid, shapes);
      journal.record(uuid, shapes, now, cachedVersion(uuid), tabId);
      autosave.markDirty(uuid, shapes);
    });
    return () => void unsubscribe();
  }, [store, journal, autosave, editTimes]);

  useEffect(() => {
    const flush = () => void autosave.flush();
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    const onExit = () => {
      journal.flush();
      autosave.flushOnExit();
    };
    const warnIfUnsaved = (event: BeforeUnloadEvent) => {
      if (autosave.pending() === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onExit);
    window.addEventListener('beforeunload', warnIfUnsaved);
    window.addEventListener('blur', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', onExit);
      window.removeEventListener('beforeunload', warnIfUnsaved);
      window.removeEventListener('blur', flush);
      document.removeEventListener('visibilitychange', onHidden);
      journal.flush();
      // Leaving the workspace inside the app: the page lives on, so a normal save completes.
      flush();
    };
  }, [autosave, journal]);

  const actions = useMemo(
    () => ({
      /**
       * The user's answer to a conflict. keep: mine over theirs; theirs: their shapes replace
       * mine (an undoable edit when the image is shown); merge: both sets of shapes. Either
       * way the next save grows from their version.
       */
      resolveConflict: (choice: 'keep' | 'theirs' | 'merge') => {
        if (!conflict) return;
        const { uuid, mine, theirs, version } = conflict;
        setConflicts((waiting) => waiting.filter((entry) => entry !== conflict));
        setCachedVersion(uuid, version);
        // A state replayed from the journal claimed its old base: resolved, it grows from theirs.
        // Mine kept is sent again as it is: it says so itself, for an image never shown has no
        // cached version to take, and its old edit time alone loses to their newer save.
        if (choice === 'keep') replayBases.set(mine, { baseVersion: version, clientId: tabId });
        else replayBases.delete(mine);
        if (choice === 'theirs') storedAs.set(theirs, version);
        const next = choice === 'keep' ? mine : choice === 'theirs' ? theirs : mergeShapes(mine, theirs);
        const { imageId, between, shapes } = store.getState();
        if (imageId === uuid && !between) {
          if (next !== shapes) store.commit(next, 'record');
          else autosave.markDirty(uuid, next);
          return;
        }
        // Off screen, or being left for an image still loading: the image's state as the
        // editor will show it again.
        const shown = imageId === uuid ? shapes : (queryClient.getQueryData(editorImageKey(trpc, type, name, uuid))?.[0]?.shapes ?? mine);
        if (next !== shown) {
          // Recorded in that image's history too (its listener writes the cache, journal and
          // save): without it, the first undo there stepped back over the merge to a state
          // before it, and saved that over the colleague's shapes.
          store.commitTo(uuid, shown, next);
        } else {
          // Mine kept as it is: no step to undo (an empty one would make the first undo there do nothing).
          writeCache(uuid, next);
          journal.record(uuid, next, Date.now(), version, tabId);
          autosave.markDirty(uuid, next);
        }
      },
      flush: () => autosave.flush(),
      keepHeld,
      applyHeld,
      /** The editor leaves an image: its cache entry takes the shapes as they are now. */
      leave: (uuid: string, shapes: EditorShape[]) => writeCache(uuid, shapes),
      /** A label renamed on the server: this tab's copies follow, or unsaved ones would write the old name back. */
      renameLabel: (from: string, to: string) => {
        const renamed = <S extends { label: string }>(shapes: S[]): S[] => relabelShapes(shapes, from, to);
        // Unsaved states follow too: sent with the old name they met the rename as a conflict
        // with this tab's own edit, whose every answer wrote the old label back or lost the edit.
        // One renamed copy per state, so the journal forgets it when autosave's save of it lands;
        // it keeps the base a replayed state claimed, and is made now, after the rename.
        const now = Date.now();
        const copies = new Map<EditorShape[], EditorShape[]>();
        const follow = (shapes: EditorShape[]) => {
          const known = copies.get(shapes);
          if (known) return known;
          const next = renamed(shapes);
          copies.set(shapes, next);
          if (next === shapes) return next;
          editTimes.set(next, now);
          const replay = replayBases.get(shapes);
          if (replay) replayBases.set(next, replay);
          writtenStates.add(next);
          return next;
        };
        journal.rewrite((_, shapes) => follow(shapes), now);
        autosave.rewrite((_, shapes) => follow(shapes));
        // A state refused as a conflict waits in the journal (rewritten above) and in the dialog's queue.
        // Theirs too: taken or merged under the old name, the server would refuse it as a new conflict.
        setConflicts((waiting) =>
          waiting.some((entry) => entry.mine !== follow(entry.mine) || entry.theirs !== renamed(entry.theirs))
            ? waiting.map((entry) => ({ ...entry, mine: follow(entry.mine), theirs: renamed(entry.theirs) }))
            : waiting,
        );
        queryClient.setQueriesData<EditorImages>(trpc.annotation.forEditor.queryFilter({ annotation_type: type, project_name: name }), (old) =>
          old?.map((image) => {
            // Renamed here, as the histories are (relabel): the editor finds it equal to what it holds.
            // A state this tab wrote takes the one renamed copy the journal and the waiting saves
            // hold: a conflict answered on that image compares with it by identity.
            const written = writtenStates.has(image.shapes as EditorShape[]);
            const shapes = written ? follow(image.shapes as EditorShape[]) : renamed(image.shapes);
            return { ...image, shapes };
          }),
        );
        // The image in view: the editor's shapes (already renamed) are newer than its entry.
        const { imageId, shapes } = store.getState();
        if (imageId) writeCache(imageId, shapes);
      },
    }),
    [autosave, journal, conflict, replayBases, keepHeld, applyHeld, queryClient, trpc, type, name, store, writtenStates],
  );
  /** ready is false until the journal was read: the canvas must not show shapes it overrides. */
  // Said in the status while nothing later has landed: a refused edit is not stored.
  const saveProblem = saveState.status === 'refused' ? refusalText(saveState.refusal) : null;
  // "All changes saved" would not be true while held input waits for its image to be read.
  const saveStatus: SaveStatus = saveState.status === 'saved' && heldUnread ? 'failed' : saveState.status;
  return { saveStatus, saveProblem, ready: replayed, conflict, ...actions };
}
