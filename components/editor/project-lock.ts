// Which projects have a workspace open in some tab of this browser: each workspace holds its
// project's Web Lock (shared, so two tabs of one project may be open) for as long as it is
// open, and the browser releases it when the page goes. Edits a page left behind are
// delivered from another page only while no workspace of their project is open: an open one
// delivers its own, and two deliveries of the same held input would store it twice.

const lockName = (project: string) => `labelport-workspace\u0000${project}`;

const locks = (): LockManager | undefined => (typeof navigator === 'undefined' ? undefined : navigator.locks);

/**
 * Holds the project's lock until release(). held resolves once it is held: true when another
 * page was delivering the project's leftovers first (what was read of it before may be stale).
 */
export function holdProjectOpen(project: string): { held: Promise<boolean>; release: () => void } {
  const manager = locks();
  if (!manager) return { held: Promise.resolve(false), release: () => undefined };
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Promise<boolean>((resolve) => {
    const hold = (waited: boolean) => () => {
      resolve(waited);
      return released;
    };
    const name = lockName(project);
    manager
      .request(name, { mode: 'shared', ifAvailable: true }, (lock) => (lock ? hold(false)() : manager.request(name, { mode: 'shared' }, hold(true))))
      .catch(() => resolve(false));
  });
  return { held, release };
}

/**
 * Runs work holding the project's lock alone, when no workspace of it is open; false, without
 * running it, when one is (or the browser cannot tell).
 */
export async function unlessProjectOpen(project: string, work: () => Promise<void>): Promise<boolean> {
  const manager = locks();
  if (!manager) return false;
  return manager.request(lockName(project), { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await work();
    return true;
  });
}

/** How often a page waiting for a workspace to close looks again (a queued request would block new workspaces). */
const CLOSED_POLL_MS = 250;

/**
 * Runs work as unlessProjectOpen does, once no workspace of the project is open, however long
 * that takes; false when aborted first. A request that waits in the lock's queue would keep
 * other tabs from opening the project meanwhile, so this looks again every CLOSED_POLL_MS.
 */
export async function onceProjectClosed(project: string, work: () => Promise<void>, signal: AbortSignal): Promise<boolean> {
  if (!locks()) return false;
  while (!signal.aborted) {
    if (await unlessProjectOpen(project, work)) return true;
    await new Promise((resolve) => setTimeout(resolve, CLOSED_POLL_MS));
  }
  return false;
}
