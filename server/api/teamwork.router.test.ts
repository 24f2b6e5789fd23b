// Bad input to the team procedures (presence, assignments, users, folders) gets a clear refusal
// and changes nothing; a role below the procedure's level is refused before its input is read.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { MAX_ASSIGN } from '@/server/core/teamwork/teamwork.service';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { tinyPng } from '@/test/reliability/helpers';
import { createCaller } from './root';

let t: TestCore;
const project = { annotation_type: 'bndbox' as const, project_name: 'team' };
const local = () => createCaller({ core: t.core, transport: 'trpc', actor: null });

beforeAll(async () => {
  t = await createTestCore();
  const folder = await makeTempDir('labelport-teamwork-router-');
  for (let index = 1; index <= 3; index += 1) fs.writeFileSync(path.join(folder, `img${index}.png`), tinyPng(index));
  await t.core.projects.create({ source: 'folder', name: 'team', type: 'bndbox', folder, labelFilePath: '' });
  await t.scanSettled('bndbox', 'team');
}, 30_000);

afterAll(() => t.close());

describe('team procedures refuse bad input and change nothing', () => {
  it('presence: a client id too short, an unknown project', async () => {
    await expect(local().teamwork.here({ ...project, uuid: 'x', client_id: 'short' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(local().teamwork.here({ ...project, project_name: 'ghost', uuid: 'x', client_id: 'tab-12345678' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a project open in a workspace tab is not renamed under it; once the tab has left, it is', async () => {
    const caller = local();
    const [uuid] = (await t.core.images.page('bndbox', 'team', { filter: 'all' }, 0, 1)).items.map(({ image }) => image.uuid);
    await caller.teamwork.here({ ...project, uuid: uuid ?? '', client_id: 'tab-rename-1' });
    await expect(caller.project.rename({ ...project, new_project_name: 'team-2' })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'team is open in a workspace tab: close it first, or what is drawn there after the rename would not be saved',
    });
    expect((await caller.project.overviews()).map((overview) => overview.name)).toContain('team');
    await caller.teamwork.leave({ ...project, client_id: 'tab-rename-1' });
    await caller.project.rename({ ...project, new_project_name: 'team-2' });
    await caller.project.rename({ ...project, project_name: 'team-2', new_project_name: 'team' });
  });

  it('assignments: positions past the list, no annotators, an empty name; counts unchanged', async () => {
    const caller = local();
    const list = { filter: 'all' as const };
    await expect(caller.teamwork.assign({ ...project, target: { kind: 'range', list, from: 5, to: 9 }, assignee: 'ann' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.teamwork.assign({ ...project, target: { kind: 'range', list, from: 0, to: 2 }, assignee: 'ann' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.teamwork.roundRobin({ ...project, target: { kind: 'list', list }, assignees: [], only_unassigned: false })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.teamwork.assign({ ...project, target: { kind: 'list', list }, assignee: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.teamwork.counts(project)).toEqual([]);
  });

  it('assignments: a range or list means the list as the strip shows it, one annotator\'s images included', async () => {
    const caller = local();
    const all = { filter: 'all' as const };
    expect(await caller.teamwork.assign({ ...project, target: { kind: 'range', list: all, from: 1, to: 2 }, assignee: 'ann' })).toEqual({ assigned: 2 });
    expect(await caller.teamwork.assign({ ...project, target: { kind: 'range', list: all, from: 3, to: 3 }, assignee: 'bob' })).toEqual({ assigned: 1 });
    // The strip narrowed to bob's images: "the whole list" is his one image, not the project.
    expect(await caller.teamwork.assign({ ...project, target: { kind: 'list', list: { ...all, assignee: 'bob' } }, assignee: 'carol' })).toEqual({ assigned: 1 });
    expect(await caller.teamwork.assign({ ...project, target: { kind: 'range', list: { ...all, assignee: 'ann' }, from: 1, to: 1 }, assignee: null })).toEqual({ assigned: 1 });
    expect(await caller.teamwork.counts(project)).toEqual([{ assignee: 'ann', images: 1 }, { assignee: 'carol', images: 1 }]);
    await caller.teamwork.assign({ ...project, target: { kind: 'list', list: all }, assignee: null });
  });

  it("a kept list's images by uuid: as many as MAX_ASSIGN are taken (unknown ones skipped), one more is refused and changes nothing", async () => {
    const caller = local();
    const real = (await t.core.images.page('bndbox', 'team', { filter: 'all' }, 0, 3)).items.map(({ image }) => image.uuid);
    const unknown = Array.from({ length: MAX_ASSIGN - real.length }, (_, index) => `no-such-image-${index}`);
    const atLimit = [...real, ...unknown];
    expect(await caller.teamwork.assign({ ...project, target: { kind: 'images', uuids: atLimit }, assignee: 'ann' })).toEqual({ assigned: 3 });
    await expect(caller.teamwork.assign({ ...project, target: { kind: 'images', uuids: [...atLimit, 'one-more'] }, assignee: 'bob' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.teamwork.counts(project)).toEqual([{ assignee: 'ann', images: 3 }]);
    await caller.teamwork.assign({ ...project, target: { kind: 'images', uuids: real }, assignee: null });
  }, 60_000);

  it('users: a bad role or name, an unknown user; the list unchanged', async () => {
    const caller = local();
    await expect(caller.users.add({ name: 'bea', role: 'root' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.users.add({ name: ' bea', role: 'viewer' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.users.remove({ name: 'nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.users.revokeToken({ id: 'tok_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await caller.users.list()).toEqual([]);
  });

  it('folders: no roots on this server is said plainly', async () => {
    expect(await local().folders.roots()).toEqual({ roots: null });
    await expect(local().folders.list({})).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a viewer is refused an admin procedure before its input is read', async () => {
    const viewer = createCaller({ core: t.core, transport: 'trpc', team: true, actor: { userId: 'v', name: 'vic', role: 'viewer' } });
    await expect(viewer.teamwork.assign({ ...project, target: { kind: 'list', list: { filter: 'all' } }, assignee: 'vic' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(viewer.users.add({ name: 'x', role: 'bogus' as never })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await local().teamwork.counts(project)).toEqual([]);
  });

  it('once there are users, images go only to one who may label them: no made-up name, no viewer', async () => {
    const caller = local();
    await t.core.users.add('alice', 'admin');
    await t.core.users.add('bob', 'annotator');
    await t.core.users.add('vic', 'viewer');
    const list = { filter: 'all' as const };
    await expect(caller.teamwork.assign({ ...project, target: { kind: 'range', list, from: 1, to: 1 }, assignee: 'nobody' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'There is no user nobody' });
    await expect(caller.teamwork.assign({ ...project, target: { kind: 'range', list, from: 1, to: 1 }, assignee: 'vic' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'vic is a viewer, who may not label images' });
    await expect(caller.teamwork.roundRobin({ ...project, target: { kind: 'list', list }, assignees: ['bob', 'vic'], only_unassigned: false })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.teamwork.counts(project)).toEqual([]);
    expect(await caller.teamwork.assign({ ...project, target: { kind: 'range', list, from: 1, to: 2 }, assignee: 'bob' })).toEqual({ assigned: 2 });
    expect(await caller.teamwork.roundRobin({ ...project, target: { kind: 'list', list }, assignees: ['alice', 'bob'], only_unassigned: true })).toEqual({ assigned: 1 });
    await caller.teamwork.assign({ ...project, target: { kind: 'list', list }, assignee: null });
  });
});
