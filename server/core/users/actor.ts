// Who is asking, in team mode (LABELPORT_AUTH=required, or HOST not a loopback address). The
// local single-user mode has no actor at all (null): nobody signs in and everything is allowed.

export const ROLES = ['viewer', 'annotator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A signed-in user (browser session) or the owner of an API token. */
export interface Actor {
  userId: string;
  name: string;
  role: Role;
}

/** What a request needs: read (every role), annotate (annotations and labels), admin (the rest). */
export type Access = 'read' | 'annotate' | 'admin';

const RANK: Record<Role, number> = { viewer: 0, annotator: 1, admin: 2 };
const NEEDS: Record<Access, number> = { read: 0, annotate: 1, admin: 2 };

export function mayAccess(role: Role, access: Access): boolean {
  return RANK[role] >= NEEDS[access];
}

/** The name an audit entry or a presence mark records: "local" when nobody signs in. */
export const actorName = (actor: Actor | null): string => actor?.name ?? 'local';
