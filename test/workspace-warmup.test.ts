// The workspace page's server render makes the project's first thumbnail while the page's
// script still loads; the home page's prefetch of the same page makes none.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTempDir, writeImageFolder } from '@/server/testing/image-fixtures';
import { request, startBuiltServer, type BuiltServer } from '@/server/testing/built-server';

let server: BuiltServer;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every cached thumbnail of the server, of any project. */
const thumbnailFiles = () => {
  const root = path.join(server.dataDir, 'thumbnails');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.png'));
};

async function createProject(name: string, folder: string) {
  const created = await request(server, 'PUT', '/v2/projects', { body: JSON.stringify({ status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: '' }) });
  expect(JSON.parse(created.text)).toEqual({ message: 1 });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (JSON.parse((await request(server, 'GET', `/v2/bndbox/projects/${name}`)).text).file_system_status === 3) return;
    await sleep(50);
  }
  throw new Error(`the scan of ${name} did not end`);
}

beforeAll(async () => {
  const folder = await makeTempDir('labelport-warmup-images-');
  await writeImageFolder(folder);
  server = await startBuiltServer({ label: 'warmup' });
  await createProject('prefetched', folder);
  await createProject('opened', folder);
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

it('makes the first thumbnail when the workspace page is asked for, and none for a prefetch', async () => {
  // As the router sends it: Next answers a wrong cache-busting _rsc with a redirect to the right one.
  const prefetchHeaders = { RSC: '1', 'Next-Router-Prefetch': '1' };
  const first = await request(server, 'GET', '/projects/bndbox/prefetched?_rsc=x', { headers: prefetchHeaders });
  const prefetch = first.status === 307 ? await request(server, 'GET', String(first.headers.location), { headers: prefetchHeaders }) : first;
  expect(prefetch.status).toBe(200);
  await sleep(1500);
  expect(thumbnailFiles()).toEqual([]);

  const page = await request(server, 'GET', '/projects/bndbox/opened');
  expect(page.status).toBe(200);
  for (let attempt = 0; attempt < 100 && thumbnailFiles().length === 0; attempt += 1) await sleep(50);
  // One: the first image's, not the whole project's (that waits for the page's script).
  await sleep(1000);
  expect(thumbnailFiles()).toHaveLength(1);
}, 30_000);

it('renders the workspace of a project that does not exist without making anything, and the server goes on answering', async () => {
  const before = thumbnailFiles().length;
  const page = await request(server, 'GET', `/projects/bndbox/${encodeURIComponent('no such project ../..')}`);
  expect(page.status).toBe(200);
  await sleep(500);
  expect(thumbnailFiles()).toHaveLength(before);
  expect(JSON.parse((await request(server, 'GET', '/bndbox/projects/meta')).text)).toMatchObject({ message: 1 });
}, 30_000);
