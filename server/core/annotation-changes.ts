// Every stored change of an image's shapes goes through here: the save (which bumps the image's
// annotation version), its entry in the change log and the project's last change, in the
// caller's transaction, under the name of the user the request acts for.
import type { Repositories, SaveGuard } from './repositories';
import type { AnnotationChangeSource, ImageAnnotation } from './types';
import { actingUser } from './users/acting-user';

export interface StoreChange {
  projectId: string;
  uuid: string;
  annotation: ImageAnnotation;
  /** When the state was made: an older one than the stored one is not written. */
  editedAt: number;
  source: AnnotationChangeSource;
  at: number;
  /** The workspace's claim (repositories.ts SaveGuard); absent: written over whatever is stored. */
  guard?: SaveGuard;
  /** Read before the change's group began: the group's transaction may run in another request's context. */
  actor?: string;
}

/** The new version, or undefined when nothing was written (a newer state, another version, no such image). */
export function storeAnnotationChange(repos: Repositories, change: StoreChange): Promise<number | undefined> {
  return repos.annotations.save(change.projectId, change.uuid, change.annotation, change.editedAt, change.guard, {
    actor: change.actor ?? actingUser(),
    at: change.at,
    source: change.source,
  });
}
