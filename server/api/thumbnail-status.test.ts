// The workspace's progress bar reads the thumbnail pre-generation through one tRPC query; a
// classifai client opening the project over REST starts it like the workspace does.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailJobKey } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createCaller } from './root';
import { thumbnailStatusOutput } from './schemas/project.schema';

const IMAGES = 12;
let t: TestCore;
const ids = { annotation_type: 'bndbox' as const, project_name: 'strip' };

beforeAll(async () => {
  t = await createTestCore();
  const folder = await makeTempDir('labelport-thumbnail-status-');
  const first = path.join(folder, 'img-00.png');
  await writeImage(first, { format: 'png', width: 160, height: 90 });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(first, path.join(folder, `img-${String(index).padStart(2, '0')}.png`));
  await t.rest.put('/v2/projects', { status: 'raw', project_name: 'strip', annotation_type: 'bndbox', project_path: folder, label_file_path: '' });
  await t.scanSettled('bndbox', 'strip');
});

afterAll(() => t.close());

describe('project.thumbnailStatus', () => {
  it('is "none" until the project is opened, then counts up to every image and ends "done"', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    expect(thumbnailStatusOutput.parse(await caller.project.thumbnailStatus(ids))).toEqual({ state: 'none', done: 0, total: 0 });

    const opened = await t.rest.get('/bndbox/projects/strip');
    expect(opened.body).toMatchObject({ message: 1 });
    const seen = [thumbnailStatusOutput.parse(await caller.project.thumbnailStatus(ids))];
    await t.core.jobs.settled(thumbnailJobKey((await t.core.projects.get('bndbox', 'strip')).id));
    seen.push(thumbnailStatusOutput.parse(await caller.project.thumbnailStatus(ids)));

    expect(seen[0]?.state).toBe('running');
    expect(seen[1]).toEqual({ state: 'done', done: IMAGES, total: IMAGES });
  });

  it('says "stopped" when closing the project cut it short', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    await caller.project.close({ ...ids, status: 'closed' });
    // Every thumbnail is cached now, so remove the cache to give the next run work to cut short.
    fs.rmSync(path.join(t.dataDir, 'thumbnails'), { recursive: true, force: true });
    await caller.project.load(ids);
    await caller.project.close({ ...ids, status: 'closed' });
    await t.core.jobs.settled(thumbnailJobKey((await t.core.projects.get('bndbox', 'strip')).id));
    const status = thumbnailStatusOutput.parse(await caller.project.thumbnailStatus(ids));
    expect(status.state).toBe('stopped');
    expect(status.done).toBeLessThan(IMAGES);
  });

  it('answers NOT_FOUND for an unknown project', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    await expect(caller.project.thumbnailStatus({ annotation_type: 'bndbox', project_name: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
