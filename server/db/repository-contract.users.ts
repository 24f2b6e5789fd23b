// Users, sessions, tokens and the sign-in limit, through the user directory the request gate
// uses, on each store: what a team server's processes must agree on.
import { expect, it } from 'vitest';
import { createUserService, SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS } from '@/server/core/users/user.service';
import type { UserDirectory } from '@/server/core/users/user-directory';
import { type OpenStore, useStore } from './repository-contract.fixtures';

export function describeUserContract(open: OpenStore, options: { multiProcess: boolean }): void {
  const s = useStore(open);
  let clock = 1_000_000;
  const directory = (ttl = 60_000): UserDirectory => createUserService({ users: s.repos.users, now: () => clock, sessionTtlMs: ttl });

  it('adds a user whose generated password signs in; the session names the user and role', async () => {
    const users = directory();
    const { password } = await users.add('alice', 'annotator');
    expect(password.length).toBeGreaterThanOrEqual(16);
    const signedIn = await users.signIn('alice', password, '10.0.0.1');
    expect(signedIn.actor).toMatchObject({ name: 'alice', role: 'annotator' });
    expect(await users.actorForSession(signedIn.sessionToken)).toMatchObject({ name: 'alice', role: 'annotator' });
    await expect(users.signIn('alice', `${password}x`, '10.0.0.1')).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(users.signIn('nobody', password, '10.0.0.1')).rejects.toMatchObject({ code: 'unauthenticated', message: 'Wrong user name or password' });
    await expect(users.add('alice', 'viewer')).rejects.toMatchObject({ code: 'already_exists' });
    await expect(users.add(' bob', 'viewer')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(users.add('bob', 'root' as never)).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await users.list()).map((user) => user.name)).toEqual(['alice']);
  });

  it('ends a session after the time to live without use, and on sign-out', async () => {
    const users = directory(60_000);
    const { password } = await users.add('carol', 'viewer');
    const first = await users.signIn('carol', password, 'a');
    clock += 50_000;
    // Used within its life: pushed on.
    expect(await users.actorForSession(first.sessionToken)).not.toBeNull();
    clock += 50_000;
    expect(await users.actorForSession(first.sessionToken)).not.toBeNull();
    clock += 61_000;
    expect(await users.actorForSession(first.sessionToken)).toBeNull();
    const second = await users.signIn('carol', password, 'a');
    await users.signOut(second.sessionToken);
    expect(await users.actorForSession(second.sessionToken)).toBeNull();
  });

  it('refuses sign-ins past the limit per account, even with the right password, until the window passes', async () => {
    const users = directory();
    const { password } = await users.add('dave', 'admin');
    for (let attempt = 0; attempt < SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      await expect(users.signIn('dave', 'wrong', `address-${attempt}`)).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    await expect(users.signIn('dave', password, 'fresh-address')).rejects.toMatchObject({ code: 'rate_limited' });
    clock += SIGN_IN_WINDOW_MS + 1;
    expect((await users.signIn('dave', password, 'fresh-address')).actor.name).toBe('dave');
  });

  it('refuses sign-ins past the limit per address, whatever the account', async () => {
    const users = directory();
    const { password } = await users.add('erin', 'admin');
    for (let attempt = 0; attempt < SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      await expect(users.signIn(`guess-${attempt}`, 'wrong', '192.0.2.7')).rejects.toMatchObject({ code: 'unauthenticated' });
    }
    await expect(users.signIn('erin', password, '192.0.2.7')).rejects.toMatchObject({ code: 'rate_limited' });
    expect((await users.signIn('erin', password, '192.0.2.8')).actor.name).toBe('erin');
  });

  it('tokens name their user until revoked (by id or by the token), and a removed user has none', async () => {
    const users = directory();
    await users.add('frank', 'annotator');
    const byId = await users.issueToken('frank');
    const byToken = await users.issueToken('frank');
    expect(byId.token).toMatch(/^lp_/);
    expect(await users.actorForToken(byId.token)).toMatchObject({ name: 'frank' });
    await users.revokeToken(byId.id);
    expect(await users.actorForToken(byId.token)).toBeNull();
    expect(await users.actorForToken(byToken.token)).toMatchObject({ name: 'frank' });
    await users.revokeToken(byToken.token);
    expect(await users.actorForToken(byToken.token)).toBeNull();
    await expect(users.revokeToken('tok_nope')).rejects.toMatchObject({ code: 'not_found' });
    const listed = (await users.list()).find((user) => user.name === 'frank');
    expect(listed?.tokens.map((token) => token.revokedAt !== null)).toEqual([true, true]);

    const live = await users.issueToken('frank');
    const { password } = await users.add('gina', 'viewer');
    const session = await users.signIn('gina', password, 'x');
    await users.setRole('gina', 'annotator');
    expect((await users.actorForSession(session.sessionToken))?.role).toBe('annotator');
    await users.remove('frank');
    await users.remove('gina');
    expect(await users.actorForToken(live.token)).toBeNull();
    expect(await users.actorForSession(session.sessionToken)).toBeNull();
    await expect(users.remove('gina')).rejects.toMatchObject({ code: 'not_found' });
  });

  it("keeps a user's own settings, apart from everyone else's, and none for a user removed", async () => {
    const users = directory();
    await users.add('sue', 'annotator');
    await users.add('tim', 'viewer');
    const idOf = async (name: string) => (await s.repos.users.findByName(name))?.id ?? '';
    const [sue, tim] = [await idOf('sue'), await idOf('tim')];
    expect(await s.repos.users.settingsOf(sue)).toBeUndefined();
    expect(await s.repos.users.saveSettings(sue, '{"keymap":"sue"}')).toBe(true);
    expect(await s.repos.users.saveSettings(sue, '{"keymap":"sue again"}')).toBe(true);
    expect(await s.repos.users.settingsOf(sue)).toBe('{"keymap":"sue again"}');
    expect(await s.repos.users.settingsOf(tim)).toBeUndefined();
    await users.remove('sue');
    expect(await s.repos.users.settingsOf(sue)).toBeUndefined();
    expect(await s.repos.users.saveSettings(sue, '{}')).toBe(false);
  });

  it('keeps the last admin: neither removed nor made something else', async () => {
    const users = directory();
    await users.add('ida', 'admin');
    await expect(users.remove('ida')).rejects.toMatchObject({ code: 'invalid_state' });
    await expect(users.setRole('ida', 'viewer')).rejects.toMatchObject({ code: 'invalid_state' });
    await users.add('jo', 'admin');
    await users.setRole('ida', 'viewer');
    await expect(users.remove('jo')).rejects.toMatchObject({ code: 'invalid_state' });
  });

  // Each saw two admins before either went: both went, and nobody could manage users any more.
  const removeEachOther = async (first: UserDirectory, second: UserDirectory) => {
    await first.add('kim', 'admin');
    await first.add('lee', 'admin');
    const outcomes = await Promise.allSettled([first.remove('lee'), second.setRole('kim', 'viewer')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'invalid_state' } });
    expect((await first.list()).filter((user) => user.role === 'admin')).toHaveLength(1);
  };

  it('keeps an admin when the last two are removed or demoted at once', async () => {
    const users = directory();
    await removeEachOther(users, users);
  });

  if (options.multiProcess) {
    it('keeps an admin when two processes remove or demote the last two at once', async () => {
      const other = await s.store.openAnother!();
      try {
        await removeEachOther(directory(), createUserService({ users: other.repos.users, now: () => clock }));
      } finally {
        await other.close();
      }
    });

    it('a token revoked on one process stops working on another at once', async () => {
      const other = await s.store.openAnother!();
      try {
        const here = directory();
        const there = createUserService({ users: other.repos.users, now: () => clock });
        await here.add('hank', 'viewer');
        const { token } = await here.issueToken('hank');
        expect(await there.actorForToken(token)).toMatchObject({ name: 'hank' });
        await here.revokeToken(token);
        expect(await there.actorForToken(token)).toBeNull();
      } finally {
        await other.close();
      }
    });
  }
}
