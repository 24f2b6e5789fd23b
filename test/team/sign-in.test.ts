// Team mode as a team meets it: users made with `npm run users` while the server runs, the
// browser's sign-in form and cookie, the sign-in limit, session expiry and sign-out, the server's
// real host name, and a token revoked on one process refused at once by another.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, ROOT, startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { testPostgresDatabase } from '@/server/testing/test-store';
import { sleep } from '../reliability/helpers';

const run = promisify(execFile);
const SESSION_TTL_MS = 4000;

async function usersCommand(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'users', '--', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  return stdout.trim();
}

const lastWord = (line: string) => line.split(/\s+/).at(-1) ?? '';
const me = async (server: BuiltServer, headers: Record<string, string>) =>
  (await request(server, 'GET', '/api/trpc/auth.me', { headers })).json as { result?: { data: { actor: { name: string; role: string } | null } } };

function signInJson(server: BuiltServer, name: string, password: string) {
  return request(server, 'POST', '/api/auth/signin', { body: { name, password } });
}

const cookieOf = (setCookie: string[] | undefined) => (setCookie?.[0] ?? '').split(';')[0] ?? '';

describe('a team server on SQLite', () => {
  let server: BuiltServer;
  let env: Record<string, string>;
  let password = '';

  beforeAll(async () => {
    server = await startBuiltServer({
      label: 'team-sign-in',
      env: { LABELPORT_AUTH: 'required', LABELPORT_SESSION_TTL_MS: String(SESSION_TTL_MS), LABELPORT_ALLOWED_HOSTS: 'labels.example.org' },
    });
    env = { DATA_DIR: server.dataDir };
    // While the server runs: the command shares its database.
    password = lastWord(await usersCommand(env, 'add', 'ada', '--role', 'admin'));
    expect(password.length).toBeGreaterThanOrEqual(16);
  }, 90_000);

  afterAll(() => server?.stop());

  it('signs in with the form, sets a strict HttpOnly cookie, and signs out', async () => {
    const wrong = await request(server, 'POST', '/api/auth/signin', {
      body: `name=ada&password=nope&next=${encodeURIComponent('/projects/bndbox/x')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.location).toBe(`/signin?error=wrong&next=${encodeURIComponent('/projects/bndbox/x')}`);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await request(server, 'POST', '/api/auth/signin', {
      body: `name=ada&password=${password}&next=${encodeURIComponent('//evil.example/')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
    });
    expect(right.status).toBe(303);
    // Only a path on this server: never another site.
    expect(right.headers.location).toBe('/');
    const setCookie = right.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Secure/);
    const cookie = cookieOf(right.headers['set-cookie']);
    expect((await me(server, { cookie })).result?.data.actor).toEqual({ name: 'ada', role: 'admin' });
    expect((await request(server, 'GET', '/', { headers: { cookie } })).status).toBe(200);

    const out = await request(server, 'POST', '/api/auth/signout', { headers: { cookie } });
    expect(out.status).toBe(303);
    expect(out.headers['set-cookie']?.[0]).toMatch(/Max-Age=0/);
    expect((await me(server, { cookie })).result?.data.actor).toBeNull();
    expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: { cookie } })).status).toBe(401);
  });

  it('ends a session left unused past its time to live; use keeps it alive', async () => {
    const cookie = cookieOf((await signInJson(server, 'ada', password)).headers['set-cookie']);
    for (let step = 0; step < 3; step += 1) {
      await sleep(SESSION_TTL_MS / 2);
      expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: { cookie } })).status).toBe(200);
    }
    await sleep(SESSION_TTL_MS + 500);
    expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: { cookie } })).status).toBe(401);
  }, 30_000);

  it('limits failed sign-ins per account: the sixth try fails even with the right password', async () => {
    const secret = lastWord(await usersCommand(env, 'add', 'bea', '--role', 'viewer'));
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signInJson(server, 'bea', 'wrong')).status).toBe(401);
    const limited = await signInJson(server, 'bea', secret);
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ message: 0, error_message: expect.stringMatching(/wait/i) });
    expect(limited.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a sign-in body over 16 KiB as too large, with the right password inside, and counts no failure', async () => {
    const secret = lastWord(await usersCommand(env, 'add', 'dee', '--role', 'viewer'));
    const padding = 'p'.repeat(20 * 1024);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const json = await request(server, 'POST', '/api/auth/signin', { body: { name: 'dee', password: secret, padding } });
      expect(json.status).toBe(413);
      expect(json.json).toMatchObject({ message: 0, error_message: expect.stringMatching(/larger than 16 KiB/) });
      expect(json.headers['set-cookie']).toBeUndefined();
    }
    const form = await request(server, 'POST', '/api/auth/signin', {
      body: `name=dee&password=${secret}&padding=${padding}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/signin?error=failed');
    // Six refusals were not six wrong passwords: the account is not locked.
    expect((await signInJson(server, 'dee', secret)).status).toBe(200);
  });

  it('stops a token the command revokes, and every way in of a user it removes', async () => {
    await usersCommand(env, 'add', 'cy', '--role', 'annotator');
    const line = await usersCommand(env, 'token', 'cy');
    const token = lastWord(line);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: bearer })).status).toBe(200);
    await usersCommand(env, 'revoke', token);
    expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: bearer })).status).toBe(401);

    const second = lastWord(await usersCommand(env, 'token', 'cy'));
    expect(await usersCommand(env, 'list')).toMatch(/cy\tannotator/);
    await usersCommand(env, 'remove', 'cy');
    expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: { authorization: `Bearer ${second}` } })).status).toBe(401);
    await expect(usersCommand(env, 'remove', 'cy')).rejects.toMatchObject({ stderr: expect.stringMatching(/No user cy/) });
  }, 60_000);

  it("answers to the server's real name from LABELPORT_ALLOWED_HOSTS, and to no other", async () => {
    const token = lastWord(await usersCommand(env, 'token', 'ada'));
    const headers = { authorization: `Bearer ${token}` };
    const named = (host: string, origin?: string) =>
      request(server, 'GET', '/bndbox/projects/meta', { headers: { ...headers, host, ...(origin ? { origin } : {}) } });
    expect((await named('labels.example.org')).status).toBe(200);
    expect((await named('labels.example.org:9999', 'https://labels.example.org')).status).toBe(200);
    expect((await named('evil.example')).status).toBe(403);
    expect((await named('labels.example.org', 'https://evil.example')).status).toBe(403);
  }, 30_000);
});

describe('a team server of two processes on PostgreSQL', () => {
  let a: BuiltServer;
  let b: BuiltServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    const databaseUrl = await testPostgresDatabase('team_sign_in');
    env = { DATABASE_URL: databaseUrl };
    const teamEnv = { ...env, LABELPORT_AUTH: 'required' };
    [a, b] = await Promise.all([startBuiltServer({ label: 'team-pg-a', env: teamEnv }), startBuiltServer({ label: 'team-pg-b', env: teamEnv })]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('a session made on one process works on the other; a revoked token stops on both at once', async () => {
    const password = lastWord(await usersCommand(env, 'add', 'dee', '--role', 'annotator'));
    const cookie = cookieOf((await signInJson(a, 'dee', password)).headers['set-cookie']);
    expect((await me(b, { cookie })).result?.data.actor).toEqual({ name: 'dee', role: 'annotator' });
    const token = lastWord(await usersCommand(env, 'token', 'dee'));
    const bearer = { authorization: `Bearer ${token}` };
    for (const server of [a, b]) expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: bearer })).status).toBe(200);
    await usersCommand(env, 'revoke', token);
    for (const server of [a, b]) expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: bearer })).status).toBe(401);
  }, 60_000);
});
