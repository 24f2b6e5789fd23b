// settings.get / settings.save through tRPC: the wire shape, and a refusal as BAD_REQUEST.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { DEFAULT_SETTINGS } from '@/server/core/settings.service';
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

  it("on a team server, every role sets her own keys and nobody else's; the machine's stay as they were", async () => {
    const machine = await createCaller({ core: t.core, transport: 'trpc', actor: null }).settings.get();
    const as = async (name: string, role: 'viewer' | 'annotator' | 'admin') => {
      const { password } = await t.core.users.add(name, role);
      const { actor } = await t.core.users.signIn(name, password, null);
      return createCaller({ core: t.core, transport: 'trpc', team: true, actor });
    };
    const admin = await as('ada', 'admin');
    const annotator = await as('ann', 'annotator');
    const viewer = await as('vic', 'viewer');
    expect(await admin.settings.get()).toEqual(DEFAULT_SETTINGS);
    const cvat = { keymap: { preset: 'cvat' as const, overrides: { 'image.next': ['f'] } }, workflow: { keepPrevious: false, autoAdvance: true } };
    await annotator.settings.save(cvat);
    const labelimg = { ...cvat, keymap: { preset: 'labelimg' as const, overrides: {} } };
    await viewer.settings.save(labelimg);
    expect(await annotator.settings.get()).toEqual(cvat);
    expect(await viewer.settings.get()).toEqual(labelimg);
    expect(await admin.settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(await createCaller({ core: t.core, transport: 'trpc', actor: null }).settings.get()).toEqual(machine);
    // A clash is refused for a user as for the machine, and her keys stay.
    await expect(annotator.settings.save({ ...cvat, keymap: { preset: 'cvat', overrides: { 'image.next': ['d'], 'image.previous': ['d'] } } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await annotator.settings.get()).toEqual(cvat);
    // A user removed while her tab was open: her save is refused as hers, never written to another row or the machine's file.
    await t.core.users.remove('vic');
    await expect(viewer.settings.save(cvat)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such user' });
    expect(await createCaller({ core: t.core, transport: 'trpc', actor: null }).settings.get()).toEqual(machine);
    expect(await admin.settings.get()).toEqual(DEFAULT_SETTINGS);
  });
});
