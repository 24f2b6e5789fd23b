// Input held for images that never reached the editor (see held-exit.ts): stashed first, as the
// page may go before the image's shapes come, then applied to each image once it can be read.
// One run at a time, each taking what is stashed. A read that fails for a passing reason (the
// server down, restarting) keeps the input stashed and is tried again while the workspace is
// open: forgotten, input drawn meanwhile was lost without a word.
import type { ExitStash } from '@/components/editor/edit-journal';
import { forgetHeldExit, stashedHeldExits, stashHeldExit, type HeldExit } from '@/components/editor/held-exit';

/** How soon input held for an image whose read failed (the server down) is tried again. */
export const HELD_RETRY_MS = 2000;

export interface HeldExitRunnerOptions<Image> {
  stash: ExitStash;
  /** The project, `type/name`. */
  project: string;
  /** The image's shapes as the editor would start from them; rejects when they cannot be read. */
  read(uuid: string): Promise<Image | undefined>;
  /** The read failed for good (the image or project gone): the input can never land. */
  refusedForGood(error: unknown): boolean;
  /** Applies the input to the image read (undefined: gone) and saves it; whether it changed. */
  apply(exit: HeldExit, image: Image | undefined): boolean;
  /** Whether input is waiting for a read to succeed, after each run. */
  onWaiting(waiting: boolean): void;
}

export function createHeldExitRunner<Image>({ stash, project, read, refusedForGood, apply, onWaiting }: HeldExitRunnerOptions<Image>) {
  let run = Promise.resolve(0);
  let retry: ReturnType<typeof setTimeout> | null = null;
  let workspaceOpen = true;

  /** Applies everything stashed; resolves with how many images changed. */
  const applyStashed = (): Promise<number> => {
    const thisRun = run.then(async () => {
      let changed = 0;
      let waiting = false;
      for (const exit of stashedHeldExits(stash, project)) {
        let image: Image | undefined;
        try {
          image = await read(exit.uuid);
        } catch (error) {
          if (!refusedForGood(error)) {
            waiting = true;
            continue;
          }
        }
        if (apply(exit, image)) changed += 1;
        forgetHeldExit(stash, project, exit.uuid);
      }
      onWaiting(waiting);
      // Only while the workspace is open: closed, the stash waits for its next opening.
      if (waiting && workspaceOpen && !retry) {
        retry = setTimeout(() => {
          retry = null;
          void applyStashed();
        }, HELD_RETRY_MS);
      }
      return changed;
    });
    // A run that threw (an apply) rejects for its caller alone: chained on, it left every later
    // run rejected unrun, and nothing held was applied again.
    run = thisRun.catch(() => 0);
    return thisRun;
  };

  return {
    applyStashed,
    /** Stashed first: the page may go before the image's shapes come. */
    keep: (exit: HeldExit) => stashHeldExit(stash, project, exit),
    /** Resolves once it is applied (its save queued), as applyStashed. */
    apply: (exit: HeldExit) => {
      stashHeldExit(stash, project, exit);
      return applyStashed();
    },
    setWorkspaceOpen(open: boolean) {
      workspaceOpen = open;
      if (open) return;
      if (retry) clearTimeout(retry);
      retry = null;
    },
  };
}
