// The user directory over the store: nothing about users, sessions or tokens is cached in a
// process, so a removed user or a revoked token stops working at once on every process of a
// team server (one indexed read per request, in team mode only).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { alreadyExists, DomainError, invalidInput, invalidState, notFound, unauthenticated } from '../errors';
import { ROLES, type Actor, type Role } from './actor';
import { generatePassword, hashPassword, verifyPassword } from './passwords';
import type { UserDirectory } from './user-directory';
import type { StoredUser, UserRepository } from './user-repository';

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Failed sign-ins allowed per account and per address within the window. */
export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
// A session's expiry is pushed on use, but written at most this often: not a write per request.
const EXTEND_EVERY_MS = 60 * 1000;

export interface UserServiceOptions {
  users: UserRepository;
  now: () => number;
  sessionTtlMs?: number;
}

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => `lp_${randomBytes(32).toString('base64url')}`;
const toActor = (user: StoredUser): Actor => ({ userId: user.id, name: user.name, role: user.role });

/** The longest user name `users add` takes; sign-in refuses longer ones before storing anything. */
export const MAX_USER_NAME_LENGTH = 64;

export function checkUserName(name: string): string {
  if (name.length < 1 || name.length > MAX_USER_NAME_LENGTH) throw invalidInput(`A user name has 1 to ${MAX_USER_NAME_LENGTH} characters`);
   
  if (/[\u0000-\u001f\u007f]/.test(name)) throw invalidInput('A user name cannot hold control characters');
  if (name.trim() !== name) throw invalidInput('A user name cannot start or end with a space');
  return name;
}

export function checkRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) throw invalidInput(`A role is one of ${ROLES.join(', ')}`);
  return role as Role;
}

export function createUserService({ users, now, sessionTtlMs = DEFAULT_SESSION_TTL_MS }: UserServiceOptions): UserDirectory {
  const extendEvery = Math.min(EXTEND_EVERY_MS, sessionTtlMs / 10);
  // The last admin cannot go: nobody could manage users from the admin page any more.
  const keepAnAdmin = async (user: StoredUser, newRole: Role | null) => {
    if (user.role !== 'admin' || newRole === 'admin') return;
    const admins = (await users.list()).filter((other) => other.role === 'admin');
    if (admins.length <= 1) throw lastAdmin(user.name);
  };
  const lastAdmin = (name: string) => invalidState(`${name} is the last admin: make another user admin first`);

  const findUser = async (name: string) => {
    const user = await users.findByName(name);
    if (!user) throw notFound(`No user ${name}`);
    return user;
  };

  return {
    async add(name, role) {
      checkUserName(name);
      checkRole(role);
      const password = generatePassword();
      const inserted = await users.insert({ id: randomUUID(), name, role, passwordHash: await hashPassword(password), createdAt: now() });
      if (!inserted) throw alreadyExists(`A user named ${name} exists`);
      return { name, role, password };
    },

    async list() {
      const [all, tokens] = await Promise.all([users.list(), users.tokens()]);
      return all.map((user) => ({
        name: user.name,
        role: user.role,
        createdAt: user.createdAt,
        tokens: tokens.filter((token) => token.userId === user.id).map(({ id, createdAt, lastUsedAt, revokedAt }) => ({ id, createdAt, lastUsedAt, revokedAt })),
      }));
    },

    async remove(name) {
      const user = await findUser(name);
      await keepAnAdmin(user, null);
      // Another admin removed meanwhile made this one the last (or this one went meanwhile: not found).
      if (!(await users.deleteKeepingAnAdmin(user.id))) throw lastAdmin((await findUser(name)).name);
    },

    async setRole(name, role) {
      const user = await findUser(name);
      await keepAnAdmin(user, checkRole(role));
      if (!(await users.setRoleKeepingAnAdmin(user.id, role))) throw lastAdmin((await findUser(name)).name);
    },

    async issueToken(name) {
      const user = await findUser(name);
      const token = newSecret();
      const id = `tok_${randomBytes(6).toString('hex')}`;
      await users.insertToken({ id, userId: user.id, tokenHash: sha256(token), createdAt: now() });
      return { id, token };
    },

    async revokeToken(tokenOrId) {
      const key = tokenOrId.startsWith('lp_') ? sha256(tokenOrId) : tokenOrId;
      if (!(await users.revokeToken(key, now()))) throw notFound('No such token');
    },

    async signIn(name, password, address) {
      // No user has such a name; answered before the failure row (whose key holds the name, kept
      // 15 minutes) and before scrypt, so a huge name costs neither disk nor CPU.
      if (name.length > MAX_USER_NAME_LENGTH) throw unauthenticated('Wrong user name or password');
      const at = now();
      const since = at - SIGN_IN_WINDOW_MS;
      const keys = address === null ? [`account:${name}`] : [`account:${name}`, `address:${address}`];
      const overLimit = async (limit: number) => {
        for (const key of keys) if ((await users.signInFailures(key, since)) > limit) return true;
        return false;
      };
      const limited = () => new DomainError('rate_limited', 'Too many failed sign-ins: wait 15 minutes and try again');
      // Refused at the limit without a row, so that trying on does not push the wait further.
      if (await overLimit(SIGN_IN_FAILURE_LIMIT - 1)) throw limited();
      // The attempt is counted as a failure before its password is tried (scrypt takes tens of
      // milliseconds): attempts sent at once each see the others' rows, so no more than the
      // limit are ever tried in a window, however many arrive together or on other processes.
      await users.recordSignInFailure(keys, at, since);
      if (await overLimit(SIGN_IN_FAILURE_LIMIT)) {
        await users.forgetSignInAttempt(keys, at);
        throw limited();
      }
      const user = await users.findByName(name);
      // Hash even for an unknown name: the answer's timing must not tell which names exist.
      const matches = user ? await verifyPassword(password, user.passwordHash) : (await hashPassword(password), false);
      if (!user || !matches) throw unauthenticated('Wrong user name or password');
      await users.clearSignInFailures(keys[0]!);
      // The address's row of this attempt goes too; its other failures stay (an address trying many accounts).
      await users.forgetSignInAttempt(keys.slice(1), at);
      await users.deleteExpiredSessions(at);
      const sessionToken = newSecret();
      const expiresAt = at + sessionTtlMs;
      await users.insertSession(sha256(sessionToken), user.id, at, expiresAt);
      return { sessionToken, expiresAt, actor: toActor(user) };
    },

    async signOut(sessionToken) {
      await users.deleteSession(sha256(sessionToken));
    },

    async actorForSession(sessionToken) {
      const at = now();
      const hash = sha256(sessionToken);
      const found = await users.sessionUser(hash, at);
      if (!found) return null;
      if (at + sessionTtlMs - found.expiresAt > extendEvery) await users.extendSession(hash, at + sessionTtlMs);
      return toActor(found.user);
    },

    async actorForToken(token) {
      const found = await users.tokenUser(sha256(token));
      if (!found) return null;
      const at = now();
      if (found.lastUsedAt === null || at - found.lastUsedAt > EXTEND_EVERY_MS) await users.touchToken(found.tokenId, at);
      return toActor(found.user);
    },
  };
}
