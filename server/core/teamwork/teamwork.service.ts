// Working together on one image set: who else has an image open (each workspace tab says so
// every few seconds; rows expire), and which annotator each image is assigned to.
import { invalidInput } from '../errors';
import type { ProjectService } from '../project.service';
import type { ImageList, Repositories } from '../repositories';
import type { AnnotationType } from '../types';
import { actingUser } from '../users/acting-user';

/** A tab not heard from for this long has gone (closed, asleep, offline). */
export const PRESENCE_TTL_MS = 30_000;
/** Images one assignment takes at most: positions of a list, or a kept list's images by uuid. */
export const MAX_ASSIGN = 200_000;

export type AssignTarget =
  | { kind: 'images'; uuids: readonly string[] }
  /** Positions in the list's order (the strip's), 1-based and inclusive, as the strip numbers them. */
  | { kind: 'range'; list: ImageList; from: number; to: number }
  | { kind: 'list'; list: ImageList };

export function createTeamworkService(deps: { repos: Repositories; projects: ProjectService; now: () => number }) {
  const { repos, projects, now } = deps;
  let lastPrune = 0;

  const uuidsOf = async (projectId: string, target: AssignTarget): Promise<string[]> => {
    if (target.kind === 'images') return [...target.uuids];
    const total = await repos.images.listCount(projectId, target.list);
    const [from, to] = target.kind === 'range' ? [target.from, Math.min(target.to, total)] : [1, total];
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) throw invalidInput(`No images in positions ${from} to ${to} (the list has ${total})`);
    if (to - from + 1 > MAX_ASSIGN) throw invalidInput(`At most ${MAX_ASSIGN} images at once`);
    return (await repos.images.listPage(projectId, target.list, from - 1, to - from + 1)).map(({ image }) => image.uuid);
  };

  // On a team server an image goes to someone who can label it: a typo had made up a person
  // every strip then offered, and a viewer could never label what was given to them. A local
  // workspace, with no users, names its annotators freely.
  const checkAssignees = async (names: readonly string[]) => {
    const users = await repos.users.list();
    if (users.length === 0) return;
    const roles = new Map(users.map((user) => [user.name, user.role]));
    for (const name of names) {
      const role = roles.get(name);
      if (role === undefined) throw invalidInput(`There is no user ${name}`);
      if (role === 'viewer') throw invalidInput(`${name} is a viewer, who may not label images`);
    }
  };

  return {
    /** This tab shows this image now; answers the other tabs on it. */
    async here(type: AnnotationType, name: string, uuid: string, clientId: string) {
      const project = await projects.get(type, name);
      const at = now();
      await repos.teamwork.touchPresence(project.id, clientId, uuid, actingUser(), at);
      if (at - lastPrune > PRESENCE_TTL_MS * 10) {
        lastPrune = at;
        await repos.teamwork.forgetPresence(at - PRESENCE_TTL_MS * 10);
      }
      return (await repos.teamwork.presentOn(project.id, uuid, at - PRESENCE_TTL_MS)).filter((client) => client.clientId !== clientId);
    },

    async leave(type: AnnotationType, name: string, clientId: string): Promise<void> {
      await repos.teamwork.leavePresence((await projects.get(type, name)).id, clientId);
    },

    /** Assigns the target's images to one annotator (null: unassigns them); answers how many. */
    async assign(type: AnnotationType, name: string, target: AssignTarget, assignee: string | null): Promise<number> {
      const project = await projects.get(type, name);
      if (assignee !== null) await checkAssignees([assignee]);
      const uuids = await uuidsOf(project.id, target);
      return repos.teamwork.assign(project.id, uuids, assignee, now(), actingUser());
    },

    /** Deals the target's images out to the annotators in turn, in list order; optionally only images no one has. */
    async assignRoundRobin(type: AnnotationType, name: string, target: AssignTarget, assignees: readonly string[], onlyUnassigned: boolean) {
      if (assignees.length === 0) throw invalidInput('Round-robin needs at least one annotator');
      const project = await projects.get(type, name);
      await checkAssignees(assignees);
      let uuids = await uuidsOf(project.id, target);
      if (onlyUnassigned) {
        const taken = await repos.teamwork.assignees(project.id, uuids);
        uuids = uuids.filter((uuid) => !taken.has(uuid));
      }
      const at = now();
      const by = actingUser();
      let assigned = 0;
      for (const [turn, assignee] of assignees.entries()) {
        assigned += await repos.teamwork.assign(project.id, uuids.filter((_, index) => index % assignees.length === turn), assignee, at, by);
      }
      return assigned;
    },

    async assignees(type: AnnotationType, name: string, uuids: readonly string[]) {
      return repos.teamwork.assignees((await projects.get(type, name)).id, uuids);
    },

    async assignmentCounts(type: AnnotationType, name: string) {
      return repos.teamwork.assignmentCounts((await projects.get(type, name)).id);
    },
  };
}

export type TeamworkService = ReturnType<typeof createTeamworkService>;
