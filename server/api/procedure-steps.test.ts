// Procedures run as one tRPC step (procedure-steps.ts) must behave exactly as tRPC's own chain:
// input parsed (defaults and transforms applied) before the resolver, output parsed (unknown keys
// dropped) after it, each failure with tRPC's code, our guard first, the acting user set.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Core } from '@/server/core';
import { actingUser } from '@/server/core/users/acting-user';
import { appRouter } from './root';
import { withOneStepProcedures } from './procedure-steps';
import { adminProcedure, createCallerFactory, readProcedure, router, type ApiContext } from './trpc';

const testRouter = withOneStepProcedures(
  router({
    greet: readProcedure
      .input(z.object({ name: z.string().trim(), times: z.number().int().default(1) }))
      .output(z.object({ text: z.string() }))
      .query(({ input }) => ({ text: `${input.name}!`.repeat(input.times), secret: 'not on the wire' })),
    broken: readProcedure.output(z.object({ count: z.number() })).query(() => ({ count: 'many' }) as unknown as { count: number }),
    slow: readProcedure
      .input(z.object({ value: z.string().refine(async (value) => value !== 'taken', 'is taken') }))
      .mutation(({ input }) => input.value),
    whoAmI: adminProcedure.query(() => actingUser()),
  }),
);

const local: ApiContext = { core: {} as Core, transport: 'trpc', team: false, actor: null };
const caller = (ctx: ApiContext = local) => createCallerFactory(testRouter)(ctx);

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('procedures run as one step', () => {
  it('every procedure of the app does', () => {
    for (const [path, procedure] of Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { middlewares: unknown[] } }>)) {
      expect(procedure._def.middlewares, path).toHaveLength(1);
    }
  });

  it('the resolver gets the parsed input, and the reply is the parsed output', async () => {
    await expect(caller().greet({ name: '  Ada ', times: 2 })).resolves.toEqual({ text: 'Ada!Ada!' });
    await expect(caller().greet({ name: 'Bo' } as { name: string; times: number })).resolves.toEqual({ text: 'Bo!' });
  });

  it('bad input is BAD_REQUEST with zod issues, and the resolver never runs', async () => {
    const error = await failure(caller().greet({ name: 'Ada', times: 1.5 }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.cause).toBeInstanceOf(z.ZodError);
    expect((error.cause as z.ZodError).issues[0]?.path).toEqual(['times']);
  });

  it('an output off its schema is an INTERNAL_SERVER_ERROR, never sent', async () => {
    const error = await failure(caller().broken());
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.message).toBe('Output validation failed');
  });

  it('a schema with an async refinement is still checked', async () => {
    await expect(caller().slow({ value: 'free' })).resolves.toBe('free');
    expect((await failure(caller().slow({ value: 'taken' }))).code).toBe('BAD_REQUEST');
  });

  it('the guard runs first: access refused before input is read, and the call acts as its user', async () => {
    const viewer: ApiContext = { ...local, team: true, actor: { userId: 'u1', name: 'vera', role: 'viewer' } };
    expect((await failure(caller(viewer).whoAmI())).code).toBe('FORBIDDEN');
    expect((await failure(caller({ ...local, team: true }).greet({ name: 1 } as never))).code).toBe('UNAUTHORIZED');
    const admin: ApiContext = { ...local, team: true, actor: { userId: 'u2', name: 'ada', role: 'admin' } };
    await expect(caller(admin).whoAmI()).resolves.toBe('ada');
  });
});
