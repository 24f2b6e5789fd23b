// What pages that went left undelivered (a keepalive save lost on the way, input still held
// for its image when the page went), delivered from whichever page of Labelport opens next,
// the project list included, for every project no workspace has open. A workspace replays
// its own project's when it opens, with the conflict dialog; a state that conflicts here is
// left for it.
import { createEditJournal, journalProjects, type ExitStash, type JournalBackend } from './edit-journal';
import { forgetHeldExit, heldExitProjects, shapesAfterHeld, stashedHeldExits, type StoredImage } from './held-exit';
import type { EditorShape, ProjectType } from './model/types';

export interface ProjectRef {
  type: ProjectType;
  name: string;
}

/** When the state was made, the version it grew from and the tab that made it (see the save's input). */
export interface StateClaim {
  editedAt: number;
  baseVersion?: number;
  clientId?: string;
}

export interface LeftoverPorts {
  backend: JournalBackend;
  stash: ExitStash;
  /** Stores a state: its new version, or null when a newer or conflicting one is stored; throws when it failed. */
  save(project: ProjectRef, uuid: string, shapes: EditorShape[], claim: StateClaim): Promise<number | null>;
  /** The image's stored shapes and version; undefined when the project has no such image; throws when it failed. */
  image(project: ProjectRef, uuid: string): Promise<(StoredImage & { version: number }) | undefined>;
  /** The failure says the project or image no longer exists: what was left for it can never be stored. */
  isGone(error: unknown): boolean;
  /** Runs work only while no workspace of the project is open (see project-lock.ts). */
  unlessOpen(project: string, work: () => Promise<void>): Promise<boolean>;
  /** Who the held input's states are from: a delivering page is a client of its own. */
  clientId: string;
}

const projectRef = (project: string): ProjectRef | null => {
  const slash = project.indexOf('/');
  const type = project.slice(0, slash);
  return slash > 0 && (type === 'bndbox' || type === 'seg') ? { type, name: project.slice(slash + 1) } : null;
};

/** Delivers every project's leftovers; how many images got a state stored. */
export async function deliverLeftovers(ports: LeftoverPorts): Promise<number> {
  const projects = new Set([...(await journalProjects(ports.backend, ports.stash)), ...heldExitProjects(ports.stash)]);
  let stored = 0;
  for (const project of projects) {
    const ref = projectRef(project);
    if (ref) await ports.unlessOpen(project, async () => void (stored += await deliverProject(ports, project, ref)));
  }
  return stored;
}

const GONE = Symbol('gone');

/** The call's answer; GONE when its project or image no longer exists; null when it failed otherwise (kept for the next page). */
const settle = <T>(ports: LeftoverPorts, call: Promise<T>): Promise<T | typeof GONE | null> =>
  call.catch((error: unknown) => (ports.isGone(error) ? GONE : null));

async function deliverProject(ports: LeftoverPorts, project: string, ref: ProjectRef): Promise<number> {
  let stored = 0;
  const journal = createEditJournal(project, ports.backend, undefined, ports.stash);
  const undelivered = new Set<string>();
  for (const entry of await journal.pending()) {
    const version = await settle(ports, ports.save(ref, entry.imageId, entry.shapes, entry));
    // Kept, every page would send it again, for ever.
    if (version === GONE) journal.forget(entry.imageId);
    else if (version === null) undelivered.add(entry.imageId);
    else {
      journal.acknowledged(entry.imageId, entry.shapes, version);
      stored += 1;
    }
  }
  for (const exit of stashedHeldExits(ports.stash, project)) {
    // Held input goes over the image as its workspace will show it, the state left here included.
    if (undelivered.has(exit.uuid)) continue;
    const image = await settle(ports, ports.image(ref, exit.uuid));
    if (image === null) continue;
    // An image (or project) gone takes its held input with it.
    if (image && image !== GONE) {
      const shapes = shapesAfterHeld(exit, image, ref.type);
      if (shapes) {
        const version = await settle(ports, ports.save(ref, exit.uuid, shapes, { editedAt: exit.at, baseVersion: image.version, clientId: ports.clientId }));
        if (version === null) continue;
        if (version !== GONE) stored += 1;
      }
    }
    forgetHeldExit(ports.stash, project, exit.uuid);
  }
  return stored;
}
