// What the create dialog relies on: the folder pre-check (counts, creates nothing, same
// containment as a scan) and the stable reasons its error sentences come from. Driven through
// a real tRPC client over the fetch handler, so errors arrive exactly as the browser gets them.
import { createTRPCClient, httpLink, type TRPCClientError } from '@trpc/client';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '@/components/trpc/error-text';
import { makeTempDir, writeImage, writeImageFolder } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { appRouter, type AppRouter } from './root';

let t: TestCore;
let client: ReturnType<typeof createTRPCClient<AppRouter>>;
let images: string;
let labelFile: string;

beforeAll(async () => {
  t = await createTestCore();
  client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://localhost/api/trpc',
        fetch: (url, init) =>
          fetchRequestHandler({
            endpoint: '/api/trpc',
            req: new Request(url, init as RequestInit),
            router: appRouter,
            createContext: () => ({ core: t.core, transport: 'trpc' as const, actor: null }),
          }),
      }),
    ],
  });
  images = await makeTempDir('labelport-check-');
  await writeImageFolder(images);
  labelFile = path.join(await makeTempDir('labelport-check-labels-'), 'labels.txt');
  fs.writeFileSync(labelFile, 'car\n');
});

afterAll(async () => {
  await t.close();
});

const create = (name: string, folder: string, label = '') =>
  client.project.create.mutate({ status: 'raw', project_name: name, annotation_type: 'bndbox', project_path: folder, label_file_path: label });

async function failure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await call;
  } catch (error) {
    return error as TRPCClientError<AppRouter>;
  }
  throw new Error('the call succeeded');
}

const projectNames = async () => (await client.project.overviews.query()).map((project) => project.name);

describe('project.checkFolder', () => {
  it('counts the images a creation scan would find, and the other files', async () => {
    expect(await client.project.checkFolder.query({ project_path: images })).toEqual({ image_count: 8, other_file_count: 4 });
    await create('checked', images);
    await t.scanSettled('bndbox', 'checked');
    expect((await client.project.overviews.query()).find((project) => project.name === 'checked')).toMatchObject({ image_count: 8, is_scanning: false });
  });

  it('finds no images in an empty folder or one of other files, and creates nothing', async () => {
    const empty = await makeTempDir('labelport-empty-');
    expect(await client.project.checkFolder.query({ project_path: empty })).toEqual({ image_count: 0, other_file_count: 0 });
    fs.writeFileSync(path.join(empty, 'notes.txt'), 'hello');
    fs.writeFileSync(path.join(empty, 'data.csv'), '1,2');
    const before = await projectNames();
    expect(await client.project.checkFolder.query({ project_path: empty })).toEqual({ image_count: 0, other_file_count: 2 });
    expect(fs.readdirSync(empty).sort()).toEqual(['data.csv', 'notes.txt']);
    expect(await projectNames()).toEqual(before);
  });

  it('does not count an image reached through a symlink out of the folder', async () => {
    const outside = await makeTempDir('labelport-outside-');
    await writeImage(path.join(outside, 'secret.jpg'), { format: 'jpeg', width: 8, height: 8 });
    const folder = await makeTempDir('labelport-links-');
    fs.symlinkSync(path.join(outside, 'secret.jpg'), path.join(folder, 'secret.jpg'));
    expect(await client.project.checkFolder.query({ project_path: folder })).toEqual({ image_count: 0, other_file_count: 0 });
  });

  it('stops when the caller has left', async () => {
    await expect(t.core.projects.checkFolder(images, AbortSignal.abort())).rejects.toMatchObject({ code: 'invalid_state', message: 'The folder check was cancelled' });
  });

  it('refuses a missing folder and a file with their own reasons', async () => {
    const missing = await failure(client.project.checkFolder.query({ project_path: path.join(images, 'nope') }));
    expect(missing.data?.domain).toEqual({ reason: 'folder_missing', subject: path.join(images, 'nope') });
    const file = await failure(client.project.checkFolder.query({ project_path: path.join(images, 'cat.jpg') }));
    expect(file.data?.domain?.reason).toBe('folder_is_file');
  });
});

describe('create failures as the workspace words them', () => {
  it('names a taken project instead of classifai\'s "Project name exist"', async () => {
    const error = await failure(create('checked', images));
    expect(error.data?.envelope.error_message).toBe('Project name exist: checked');
    expect(errorText(error)).toBe('A project named checked already exists');
  });

  it('answers the second of two creations of one name sent at once as taken, not as an internal error', async () => {
    const outcomes = await Promise.allSettled([create('twice', images), create('twice', images)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(errorText(refused?.reason)).toBe('A project named twice already exists');
    expect((await projectNames()).filter((name) => name === 'twice')).toHaveLength(1);
  });

  it('tells a file from a missing folder', async () => {
    expect(errorText(await failure(create('fresh', path.join(images, 'cat.jpg'))))).toBe('This is a file; choose its folder');
    const missing = path.join(images, 'gone');
    expect(errorText(await failure(create('fresh', missing)))).toBe(`The folder ${missing} does not exist`);
  });

  // root reads any folder, so there is no unreadable one to offer.
  it.skipIf(process.getuid?.() === 0)('says when a folder cannot be read', async () => {
    const locked = await makeTempDir('labelport-locked-');
    fs.chmodSync(locked, 0o000);
    try {
      expect(errorText(await failure(create('fresh', locked)))).toBe(`The folder ${locked} cannot be read; check its permissions`);
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });

  it('names a missing label file and explains an invalid project name', async () => {
    const labels = path.join(path.dirname(labelFile), 'missing.txt');
    expect(errorText(await failure(create('fresh', images, labels)))).toBe(`The label file ${labels} does not exist`);
    const big = path.join(path.dirname(labelFile), 'big.txt');
    fs.writeFileSync(big, 'label\n'.repeat(200_000));
    expect(errorText(await failure(create('fresh', images, big)))).toBe(`The label file ${big} is larger than 1 MB`);
    expect(errorText(await failure(create('a/b', images)))).toBe('Project name must not contain / or \\');
    expect(await projectNames()).not.toContain('fresh');
  });

  it('names a project that no longer exists, and falls back to a plain sentence', async () => {
    const gone = await failure(client.project.rename.mutate({ annotation_type: 'bndbox', project_name: 'ghost', new_project_name: 'x' }));
    expect(errorText(gone)).toBe('The project ghost no longer exists');
    expect(errorText(new Error(''))).toBe('Something went wrong. The server logged the details.');
    expect(errorText({ data: { envelope: { error_code: 4, error_message: 'Internal error: the server logged it' }, domain: null } })).toBe(
      'Something went wrong. The server logged the details.',
    );
  });

  it('keeps classifai\'s text in the REST envelope', async () => {
    const reply = await t.rest.put('/v2/projects', { status: 'raw', project_name: 'checked', annotation_type: 'bndbox', project_path: images, label_file_path: '' });
    expect(reply.body).toEqual({ message: 0, error_code: 1, error_message: 'Project name exist: checked' });
  });
});
