// What the user directory needs from storage (both stores implement it). Secrets are never
// stored: sessions and tokens by their SHA-256 hash, passwords as scrypt hashes.
import type { Role } from './actor';

export interface StoredUser {
  id: string;
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: number;
}

export interface StoredApiToken {
  id: string;
  userId: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface UserRepository {
  /** false when the name is taken. */
  insert(user: StoredUser): Promise<boolean>;
  findByName(name: string): Promise<StoredUser | undefined>;
  /** Ordered by name, byte order. */
  list(): Promise<StoredUser[]>;
  /**
   * false, changing nothing, when it would leave no admin: checked and done at once, so two
   * admins removing each other (in two tabs or two processes) cannot both go.
   */
  setRoleKeepingAnAdmin(id: string, role: Role): Promise<boolean>;
  /** With the user's sessions and tokens; false, deleting nothing, when it is the last admin (as setRoleKeepingAnAdmin). */
  deleteKeepingAnAdmin(id: string): Promise<boolean>;

  insertSession(tokenHash: string, userId: string, createdAt: number, expiresAt: number): Promise<void>;
  /** The user of a session that has not expired at `at`. */
  sessionUser(tokenHash: string, at: number): Promise<{ user: StoredUser; expiresAt: number } | undefined>;
  extendSession(tokenHash: string, expiresAt: number): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Sessions that expired before `at` are of no use to anyone. */
  deleteExpiredSessions(at: number): Promise<void>;

  insertToken(token: { id: string; userId: string; tokenHash: string; createdAt: number }): Promise<void>;
  /** The user of a token not revoked. */
  tokenUser(tokenHash: string): Promise<{ user: StoredUser; tokenId: string; lastUsedAt: number | null } | undefined>;
  touchToken(id: string, at: number): Promise<void>;
  tokens(): Promise<StoredApiToken[]>;
  /** By id or hash; false when no such token (revoking twice keeps the first time). */
  revokeToken(idOrHash: string, at: number): Promise<boolean>;

  /** The user's own settings as saved (JSON text); undefined when she saved none, or is no user. */
  settingsOf(userId: string): Promise<string | undefined>;
  /** false, saving nothing, when there is no such user. */
  saveSettings(userId: string, settings: string): Promise<boolean>;

  /** One failed sign-in under each key (an account, an address); rows older than `forgetBefore` go. */
  recordSignInFailure(keys: readonly string[], at: number, forgetBefore: number): Promise<void>;
  signInFailures(key: string, since: number): Promise<number>;
  clearSignInFailures(key: string): Promise<void>;
  /** Takes back the one row recordSignInFailure wrote under each key at `at` (an attempt that was not a failure). */
  forgetSignInAttempt(keys: readonly string[], at: number): Promise<void>;
}
