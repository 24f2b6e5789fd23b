import type { Role } from '@/server/core/users/actor';
import type { StoredUser, UserRepository } from '@/server/core/users/user-repository';
import type { SqliteDatabase } from './database';
import type { Synchronous } from './synchronous';

interface UserRow {
  id: string;
  name: string;
  role: Role;
  password_hash: string;
  created_at: number;
}

export const toStoredUser = (row: UserRow): StoredUser => ({
  id: row.id,
  name: row.name,
  role: row.role,
  passwordHash: row.password_hash,
  createdAt: Number(row.created_at),
});

export function createUserRepository(sqlite: SqliteDatabase): Synchronous<UserRepository> {
  const insert = sqlite.prepare('INSERT INTO users (id, name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const byName = sqlite.prepare<[string], UserRow>('SELECT * FROM users WHERE name = ?');
  const all = sqlite.prepare<[], UserRow>('SELECT * FROM users ORDER BY name');
  // One statement each: SQLite runs it alone, so the count it reads is the one it changes.
  const ANOTHER_ADMIN = "(SELECT COUNT(*) FROM users WHERE role = 'admin') > 1";
  const setRole = sqlite.prepare(`UPDATE users SET role = @role WHERE id = @id AND (role <> 'admin' OR @role = 'admin' OR ${ANOTHER_ADMIN})`);
  const remove = sqlite.prepare(`DELETE FROM users WHERE id = ? AND (role <> 'admin' OR ${ANOTHER_ADMIN})`);
  const insertSession = sqlite.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const sessionUser = sqlite.prepare<[string, number], UserRow & { expires_at: number }>(
    'SELECT users.*, sessions.expires_at FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ? AND sessions.expires_at > ?',
  );
  const extendSession = sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE token_hash = ?');
  const deleteSession = sqlite.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const deleteExpired = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const insertToken = sqlite.prepare('INSERT INTO api_tokens (id, token_hash, user_id, created_at) VALUES (?, ?, ?, ?)');
  const tokenUser = sqlite.prepare<[string], UserRow & { token_id: string; last_used_at: number | null }>(
    `SELECT users.*, api_tokens.id AS token_id, api_tokens.last_used_at FROM api_tokens JOIN users ON users.id = api_tokens.user_id
     WHERE api_tokens.token_hash = ? AND api_tokens.revoked_at IS NULL`,
  );
  const touchToken = sqlite.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?');
  const tokens = sqlite.prepare<[], { id: string; user_id: string; created_at: number; last_used_at: number | null; revoked_at: number | null }>(
    'SELECT id, user_id, created_at, last_used_at, revoked_at FROM api_tokens ORDER BY created_at, id',
  );
  const revoke = sqlite.prepare('UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? OR token_hash = ?');
  const settingsOf = sqlite.prepare<[string], { settings: string | null }>('SELECT settings FROM users WHERE id = ?');
  const saveSettings = sqlite.prepare('UPDATE users SET settings = ? WHERE id = ?');
  const recordFailure = sqlite.prepare('INSERT INTO sign_in_failures (key, at) VALUES (?, ?)');
  const forgetFailures = sqlite.prepare('DELETE FROM sign_in_failures WHERE at < ?');
  const failures = sqlite.prepare<[string, number], { count: number }>('SELECT COUNT(*) AS count FROM sign_in_failures WHERE key = ? AND at >= ?');
  const clearFailures = sqlite.prepare('DELETE FROM sign_in_failures WHERE key = ?');
  const forgetAttempt = sqlite.prepare('DELETE FROM sign_in_failures WHERE rowid IN (SELECT rowid FROM sign_in_failures WHERE key = ? AND at = ? LIMIT 1)');

  return {
    insert: (user) => insert.run(user.id, user.name, user.role, user.passwordHash, user.createdAt).changes === 1,
    findByName: (name) => {
      const row = byName.get(name);
      return row ? toStoredUser(row) : undefined;
    },
    list: () => all.all().map(toStoredUser),
    setRoleKeepingAnAdmin: (id, role) => setRole.run({ id, role }).changes === 1,
    deleteKeepingAnAdmin: (id) => remove.run(id).changes === 1,
    insertSession: (hash, userId, createdAt, expiresAt) => void insertSession.run(hash, userId, createdAt, expiresAt),
    sessionUser: (hash, at) => {
      const row = sessionUser.get(hash, at);
      return row ? { user: toStoredUser(row), expiresAt: Number(row.expires_at) } : undefined;
    },
    extendSession: (hash, expiresAt) => void extendSession.run(expiresAt, hash),
    deleteSession: (hash) => void deleteSession.run(hash),
    deleteExpiredSessions: (at) => void deleteExpired.run(at),
    insertToken: (token) => void insertToken.run(token.id, token.tokenHash, token.userId, token.createdAt),
    tokenUser: (hash) => {
      const row = tokenUser.get(hash);
      return row ? { user: toStoredUser(row), tokenId: row.token_id, lastUsedAt: row.last_used_at } : undefined;
    },
    touchToken: (id, at) => void touchToken.run(at, id),
    tokens: () =>
      tokens.all().map((row) => ({ id: row.id, userId: row.user_id, createdAt: row.created_at, lastUsedAt: row.last_used_at, revokedAt: row.revoked_at })),
    revokeToken: (idOrHash, at) => revoke.run(at, idOrHash, idOrHash).changes > 0,
    settingsOf: (userId) => settingsOf.get(userId)?.settings ?? undefined,
    saveSettings: (userId, settings) => saveSettings.run(settings, userId).changes === 1,
    recordSignInFailure: (keys, at, forgetBefore) => {
      forgetFailures.run(forgetBefore);
      for (const key of keys) recordFailure.run(key, at);
    },
    signInFailures: (key, since) => failures.get(key, since)?.count ?? 0,
    clearSignInFailures: (key) => void clearFailures.run(key),
    forgetSignInAttempt: (keys, at) => {
      for (const key of keys) forgetAttempt.run(key, at);
    },
  };
}
