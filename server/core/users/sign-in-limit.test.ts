// The sign-in limit on a real store (SQLite, or PostgreSQL with LABELPORT_TEST_STORE=postgres):
// passwords tried per account in a window, attempts sent at once included.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import * as passwords from './passwords';
import { SIGN_IN_FAILURE_LIMIT } from './user.service';

vi.mock('./passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

let t: TestCore;

beforeAll(async () => {
  t = await createTestCore();
});

afterAll(() => t.close());

const codeOf = (attempt: Promise<unknown>) => attempt.then(() => 'signed in', (error: { code?: string }) => error.code ?? String(error));

describe('the sign-in limit', () => {
  it('tries no more than five passwords of an account in a window, however many arrive at once', async () => {
    const { password } = await t.core.users.add('ada', 'admin');
    vi.mocked(passwords.verifyPassword).mockClear();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, index) => codeOf(t.core.users.signIn('ada', `guess-${index}`, null))));
    expect(burst.every((code) => code === 'unauthenticated' || code === 'rate_limited')).toBe(true);
    // Then one at a time until refused: the burst and these together tried exactly the limit.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      if ((await codeOf(t.core.users.signIn('ada', `again-${attempt}`, null))) === 'rate_limited') break;
    }
    expect(passwords.verifyPassword).toHaveBeenCalledTimes(SIGN_IN_FAILURE_LIMIT);
    expect(await codeOf(t.core.users.signIn('ada', password, null))).toBe('rate_limited');
  });

  it('a right password at the last allowed try signs in, and leaves its address no failure for it', async () => {
    const { password } = await t.core.users.add('bob', 'annotator');
    await t.core.users.add('cy', 'annotator');
    for (let attempt = 1; attempt < SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      expect(await codeOf(t.core.users.signIn('bob', 'wrong', '192.0.2.7'))).toBe('unauthenticated');
    }
    expect(await codeOf(t.core.users.signIn('bob', password, '192.0.2.7'))).toBe('signed in');
    // The address holds four failures: one more try is allowed from it, then none.
    expect(await codeOf(t.core.users.signIn('cy', 'wrong', '192.0.2.7'))).toBe('unauthenticated');
    expect(await codeOf(t.core.users.signIn('cy', 'wrong', '192.0.2.7'))).toBe('rate_limited');
  });
});
