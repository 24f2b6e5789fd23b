import type { UserRepository } from '@/server/core/users/user-repository';
import { toStoredUser } from '../user.repository';
import type { PostgresDatabase } from './database';

const USER_COLUMNS = 'users.id, users.name, users.role, users.password_hash, users.created_at';
// The admins' rows locked before they are counted: under READ COMMITTED two statements would each
// count the other's admin from their snapshots and both go. Locked, the second waits, and then
// counts only the rows still admins.
const LOCKED_ADMINS = "WITH admins AS (SELECT id FROM users WHERE role = 'admin' FOR UPDATE)";
const ANOTHER_ADMIN = '(SELECT count(*) FROM admins) > 1';

export function createUserRepository(db: PostgresDatabase): UserRepository {
  type UserRow = Parameters<typeof toStoredUser>[0];
  return {
    insert: async (user) =>
      (
        await db.query('INSERT INTO users (id, name, role, password_hash, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
          user.id,
          user.name,
          user.role,
          user.passwordHash,
          user.createdAt,
        ])
      ).rowCount === 1,
    findByName: async (name) => {
      const row = (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE name = $1`, [name])).rows[0];
      return row ? toStoredUser(row) : undefined;
    },
    list: async () => (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users ORDER BY name`)).rows.map(toStoredUser),
    setRoleKeepingAnAdmin: async (id, role) =>
      (await db.query(`${LOCKED_ADMINS} UPDATE users SET role = $2 WHERE id = $1 AND (role <> 'admin' OR $2 = 'admin' OR ${ANOTHER_ADMIN})`, [id, role])).rowCount === 1,
    deleteKeepingAnAdmin: async (id) => (await db.query(`${LOCKED_ADMINS} DELETE FROM users WHERE id = $1 AND (role <> 'admin' OR ${ANOTHER_ADMIN})`, [id])).rowCount === 1,
    insertSession: async (hash, userId, createdAt, expiresAt) =>
      void (await db.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [hash, userId, createdAt, expiresAt])),
    sessionUser: async (hash, at) => {
      const row = (
        await db.query<UserRow & { expires_at: number }>(
          `SELECT ${USER_COLUMNS}, sessions.expires_at FROM sessions JOIN users ON users.id = sessions.user_id
           WHERE sessions.token_hash = $1 AND sessions.expires_at > $2`,
          [hash, at],
        )
      ).rows[0];
      return row ? { user: toStoredUser(row), expiresAt: Number(row.expires_at) } : undefined;
    },
    extendSession: async (hash, expiresAt) => void (await db.query('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1', [hash, expiresAt])),
    deleteSession: async (hash) => void (await db.query('DELETE FROM sessions WHERE token_hash = $1', [hash])),
    deleteExpiredSessions: async (at) => void (await db.query('DELETE FROM sessions WHERE expires_at <= $1', [at])),
    insertToken: async (token) =>
      void (await db.query('INSERT INTO api_tokens (id, token_hash, user_id, created_at) VALUES ($1, $2, $3, $4)', [
        token.id,
        token.tokenHash,
        token.userId,
        token.createdAt,
      ])),
    tokenUser: async (hash) => {
      const row = (
        await db.query<UserRow & { token_id: string; last_used_at: number | null }>(
          `SELECT ${USER_COLUMNS}, api_tokens.id AS token_id, api_tokens.last_used_at FROM api_tokens JOIN users ON users.id = api_tokens.user_id
           WHERE api_tokens.token_hash = $1 AND api_tokens.revoked_at IS NULL`,
          [hash],
        )
      ).rows[0];
      return row ? { user: toStoredUser(row), tokenId: row.token_id, lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at) } : undefined;
    },
    touchToken: async (id, at) => void (await db.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [id, at])),
    tokens: async () =>
      (
        await db.query<{ id: string; user_id: string; created_at: number; last_used_at: number | null; revoked_at: number | null }>(
          'SELECT id, user_id, created_at, last_used_at, revoked_at FROM api_tokens ORDER BY created_at, id',
        )
      ).rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        createdAt: Number(row.created_at),
        lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
        revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
      })),
    revokeToken: async (idOrHash, at) =>
      (await db.query('UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 OR token_hash = $1', [idOrHash, at])).rowCount > 0,
    settingsOf: async (userId) => (await db.query<{ settings: string | null }>('SELECT settings FROM users WHERE id = $1', [userId])).rows[0]?.settings ?? undefined,
    saveSettings: async (userId, settings) => (await db.query('UPDATE users SET settings = $1 WHERE id = $2', [settings, userId])).rowCount === 1,
    recordSignInFailure: async (keys, at, forgetBefore) => {
      await db.query('DELETE FROM sign_in_failures WHERE at < $1', [forgetBefore]);
      for (const key of keys) await db.query('INSERT INTO sign_in_failures (key, at) VALUES ($1, $2)', [key, at]);
    },
    signInFailures: async (key, since) =>
      Number((await db.query<{ count: string }>('SELECT COUNT(*) AS count FROM sign_in_failures WHERE key = $1 AND at >= $2', [key, since])).rows[0]?.count ?? 0),
    clearSignInFailures: async (key) => void (await db.query('DELETE FROM sign_in_failures WHERE key = $1', [key])),
    forgetSignInAttempt: async (keys, at) => {
      for (const key of keys) {
        // Rows of attempts in the same millisecond are alike: SKIP LOCKED lets two attempts that
        // take theirs back at once pick different rows (both picking one left the other's behind).
        await db.query('DELETE FROM sign_in_failures WHERE ctid = (SELECT ctid FROM sign_in_failures WHERE key = $1 AND at = $2 LIMIT 1 FOR UPDATE SKIP LOCKED)', [key, at]);
      }
    },
  };
}
