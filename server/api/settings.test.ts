// settings.get / settings.save through tRPC: the wire shape, and a refusal as BAD_REQUEST.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { settingsShape } from './schemas/settings.schema';

let t: TestCore;
beforeAll(async () => {
  t = await createTestCore();
});
afterAll(async () => {
  await t.close();
});

describe('settings over tRPC', () => {
  it('saves, reads back, and refuses a chord bound twice or a bad action id without writing', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    expect(settingsShape.parse(await caller.settings.get()).keymap.preset).toBe('labelport');
    const saved = { keymap: { preset: 'labelimg' as const, overrides: { 'image.next': ['d', 'ArrowRight'] } }, workflow: { keepPrevious: true, autoAdvance: true } };
    await caller.settings.save(saved);
    expect(settingsShape.parse(await caller.settings.get())).toEqual(saved);

    const clash = { ...saved, keymap: { preset: 'labelimg' as const, overrides: { 'image.next': ['d'], 'image.previous': ['d'] } } };
    const refusal: unknown = await caller.settings.save(clash).catch((caught: unknown) => caught);
    expect(refusal).toBeInstanceOf(TRPCError);
    expect((refusal as TRPCError).code).toBe('BAD_REQUEST');
    expect((refusal as TRPCError).message).toContain('image.previous');
    const badId = { ...saved, keymap: { preset: 'labelimg' as const, overrides: { 'Image Next': ['x'] } } };
    await expect(caller.settings.save(badId)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.settings.get()).toEqual(saved);
  });
});
