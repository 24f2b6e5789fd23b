// Who is asking, for every kind of request (REST, tRPC, image bytes, downloads, pages). In the
// local single-user mode nobody is asked and nothing is read: the REST floor stays as it was.
import type { Core } from '@/server/core';
import { forbidden, unauthenticated } from '@/server/core/errors';
import { mayAccess, type Access, type Actor } from '@/server/core/users/actor';
import { isTeamMode, readEnv } from '@/server/env';
import { readBearerToken, readSessionCookie } from './session-cookie';

export interface RequestIdentity {
  team: boolean;
  actor: Actor | null;
}

let teamMode: boolean | undefined;

/** Read once: the environment does not change while the server runs. */
export function serverIsTeamMode(): boolean {
  teamMode ??= isTeamMode(readEnv());
  return teamMode;
}

export async function identify(headers: Headers, core: Pick<Core, 'users'>): Promise<RequestIdentity> {
  if (!serverIsTeamMode()) return { team: false, actor: null };
  const bearer = readBearerToken(headers);
  if (bearer) return { team: true, actor: await core.users.actorForToken(bearer) };
  const session = readSessionCookie(headers);
  return { team: true, actor: session ? await core.users.actorForSession(session) : null };
}

/** The one access decision (tRPC middleware and the routes outside tRPC): throws what the error table maps to 401 / 403. */
export function requireAccess(identity: RequestIdentity, access: Access): void {
  if (!identity.team) return;
  if (!identity.actor) throw unauthenticated();
  if (!mayAccess(identity.actor.role, access)) {
    const { role } = identity.actor;
    // "A annotator", "A admin": the article follows the role's first sound.
    const article = /^[aeiou]/.test(role) ? 'An' : 'A';
    throw forbidden(`${article} ${role} may not do this (${access === 'annotate' ? 'annotators and admins' : 'admins'} only)`);
  }
}
