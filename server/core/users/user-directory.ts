// The users of a team server, their browser sessions and API tokens: what the request gate asks
// (who is this?) and what the users command and the admin page change. Implemented over the
// store (server/core/users/user.service.ts) so every process of a team server sees a revoked
// token or a removed user at once.
import type { Actor, Role } from './actor';

export interface ApiTokenSummary {
  /** Shown by `users list`, accepted by `users revoke` (the token itself is never stored). */
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface UserSummary {
  name: string;
  role: Role;
  createdAt: number;
  tokens: ApiTokenSummary[];
}

export interface SignedIn {
  /** The cookie's value; only its hash is stored. */
  sessionToken: string;
  expiresAt: number;
  actor: Actor;
}

export interface UserDirectory {
  /** A new user with a generated password, returned once. already_exists / invalid_input. */
  add(name: string, role: Role): Promise<{ name: string; role: Role; password: string }>;
  list(): Promise<UserSummary[]>;
  /** Also ends the user's sessions and revokes their tokens. not_found. */
  remove(name: string): Promise<void>;
  setRole(name: string, role: Role): Promise<void>;
  /** A new API token, returned once. not_found. */
  issueToken(name: string): Promise<{ id: string; token: string }>;
  /** By the token itself or its id. not_found. */
  revokeToken(tokenOrId: string): Promise<void>;
  /** unauthenticated (wrong name or password, one message for both) or rate_limited (too many failures for the account or the address, when known). */
  signIn(name: string, password: string, address: string | null): Promise<SignedIn>;
  signOut(sessionToken: string): Promise<void>;
  /** The actor of a live session (each use extends it), or null: unknown, expired, signed out, user removed. */
  actorForSession(sessionToken: string): Promise<Actor | null>;
  /** The actor of an API token, or null: unknown or revoked. */
  actorForToken(token: string): Promise<Actor | null>;
}
