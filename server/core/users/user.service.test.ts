// Sign-in over a stub store: what it stores and hashes for a name no user can have.
import { describe, expect, it, vi } from 'vitest';
import * as passwords from './passwords';
import type { UserRepository } from './user-repository';
import { MAX_USER_NAME_LENGTH, createUserService } from './user.service';

vi.mock('./passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword), verifyPassword: vi.fn(actual.verifyPassword) };
});

/** A store with no users that notes every call made to it. */
function emptyStore() {
  const calls: string[] = [];
  const users = new Proxy({} as UserRepository, {
    get: (_target, method) => async () => {
      calls.push(String(method));
      return method === 'signInFailures' ? 0 : undefined;
    },
  });
  return { calls, users };
}

describe('signIn', () => {
  it('refuses a name longer than any user can have like a wrong password, storing nothing and hashing nothing', async () => {
    const { calls, users } = emptyStore();
    const service = createUserService({ users, now: () => 0 });
    await expect(service.add('x'.repeat(MAX_USER_NAME_LENGTH + 1), 'annotator')).rejects.toMatchObject({ code: 'invalid_input' });
    vi.mocked(passwords.hashPassword).mockClear();

    await expect(service.signIn('x'.repeat(MAX_USER_NAME_LENGTH + 1), 'secret', '192.0.2.1')).rejects.toMatchObject({
      code: 'unauthenticated',
      message: 'Wrong user name or password',
    });
    expect(calls).toEqual([]);
    expect(passwords.hashPassword).not.toHaveBeenCalled();
    expect(passwords.verifyPassword).not.toHaveBeenCalled();
  });

  it('still counts a failure for an unknown name of a length a user can have', async () => {
    const { calls, users } = emptyStore();
    const service = createUserService({ users, now: () => 0 });
    await expect(service.signIn('x'.repeat(MAX_USER_NAME_LENGTH), 'secret', null)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(calls).toContain('recordSignInFailure');
    expect(passwords.hashPassword).toHaveBeenCalled();
  });
});
