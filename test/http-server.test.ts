// The built server over real sockets: proxy (Host/Origin/CORS), rewrites, the OpenAPI
// document and the DATA_DIR lock. Everything else is tested in process.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImageFolder } from '@/server/testing/image-fixtures';
import { freePort, request, spawnServer, startBuiltServer, type BuiltServer, type Reply } from '@/server/testing/built-server';
import { testStore } from '@/server/testing/test-store';

let server: BuiltServer;
let folder: string;

// Headers exactly as given: these tests set Host, Origin and Content-Type themselves.
const raw = (method: string, urlPath: string, headers: Record<string, string> = {}, body?: string) => request(server, method, urlPath, { headers, body });

const json = (reply: Reply) => JSON.parse(reply.text) as Record<string, unknown>;

beforeAll(async () => {
  folder = await makeTempDir('labelport-http-images-');
  await writeImageFolder(folder);
  server = await startBuiltServer();
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('local-only access', () => {
  it('refuses a foreign Host (DNS rebinding) on REST, tRPC and pages with a JSON 403', async () => {
    for (const path of ['/bndbox/projects/meta', '/api/trpc/project.list?input=%7B%7D', '/', '/openapi.json']) {
      const reply = await raw('GET', path, { Host: 'evil.example:9999' });
      expect(reply.status, path).toBe(403);
      expect(json(reply)).toMatchObject({ message: 0, error_message: expect.any(String) });
    }
  });

  it('refuses a foreign Origin (a drive-by page) and allows any local port', async () => {
    const foreign = await raw('PUT', '/bndbox/projects/x/star', { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, '{"status":"true"}');
    expect(foreign.status).toBe(403);
    const local = await raw('GET', '/bndbox/projects/meta', { Origin: 'http://localhost:4200' });
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:4200');
  });

  it('answers CORS preflights for the classifai client on another port', async () => {
    const reply = await raw('OPTIONS', '/v2/projects', {
      Origin: 'http://127.0.0.1:4200',
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'content-type,cache-control,pragma',
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4200');
    expect(String(reply.headers['access-control-allow-methods'])).toMatch(/PUT/);
    expect(String(reply.headers['access-control-allow-headers']).toLowerCase()).toMatch(/cache-control.*pragma|pragma.*cache-control/);
  });
});

describe('connections', () => {
  // Node's default closes an idle connection after 5 s, under a client that reuses it then.
  it('keeps an idle connection for longer than 5 s: a client reusing it gets its answer', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const sent = http.get(`${server.url}/bndbox/projects/meta`, { agent }, (reply) => {
          reply.resume();
          reply.on('end', () => resolve({ status: reply.statusCode ?? 0, reused: sent.reusedSocket }));
        });
        sent.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);
});

describe('REST through the real server', () => {
  it('creates a project with a non-ASCII name, polls it by its encoded URL, and lists it', async () => {
    const name = 'Straße 1';
    const created = await raw('PUT', '/v2/projects', { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
      JSON.stringify({ status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: '' }));
    expect(json(created)).toEqual({ message: 1 });
    let status: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 100; attempt += 1) {
      status = json(await raw('GET', `/v2/bndbox/projects/${encodeURIComponent(name)}`));
      if (status.file_system_status === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toMatchObject({ message: 1, file_system_status: 3, file_system_message: 'DATABASE_UPDATED' });
    const list = json(await raw('GET', '/bndbox/projects/meta/'));
    expect(list.content).toEqual([expect.objectContaining({ project_name: name, root_path_valid: true })]);
  });

  it('answers domain failures with the envelope through the real bundles (duplicate name, unknown project)', async () => {
    const duplicate = await raw('PUT', '/v2/projects', { 'Content-Type': 'application/json' },
      JSON.stringify({ status: 'raw', project_name: 'Straße 1', annotation_type: 'bndbox', project_path: folder, label_file_path: '' }));
    expect(duplicate.status).toBe(200);
    expect(json(duplicate)).toEqual({ message: 0, error_code: 1, error_message: 'Project name exist: Straße 1' });
    const missing = json(await raw('GET', '/bndbox/projects/ghost/meta'));
    expect(missing).toMatchObject({ message: 0, error_code: 1 });
    const trpc = await raw('GET', `/api/trpc/project.meta?input=${encodeURIComponent(JSON.stringify({ annotation_type: 'bndbox', project_name: 'ghost' }))}`);
    expect(trpc.status).toBe(404);
    expect(JSON.parse(trpc.text).error.data.envelope).toMatchObject({ message: 0, error_code: 1 });
  });

  it('reads a DELETE body through the proxy (the classifai client deletes images that way)', async () => {
    const name = encodeURIComponent('Straße 1');
    await raw('GET', `/bndbox/projects/${name}`);
    const before = json(await raw('GET', `/bndbox/projects/${name}/loadingstatus`)).uuid_list as string[];
    const victim = before[0] as string;
    const reply = await raw('DELETE', `/v2/bndbox/projects/${name}/uuids`, { 'Content-Type': 'application/json', Origin: 'http://localhost:4200' },
      JSON.stringify({ uuid_list: [victim], img_path_list: [] }));
    expect(json(reply)).toEqual({ message: 1, uuid_list: before.slice(1) });
  });

  it('treats a PUT with no body and no content type as {}', async () => {
    const reply = await raw('PUT', `/v2/bndbox/projects/${encodeURIComponent('Straße 1')}/reload`);
    expect(json(reply)).toEqual({ message: 1 });
  });

  it('answers unknown paths with a JSON 404, never HTML', async () => {
    for (const path of ['/nope', '/v2/nope/deeper', '/bndbox/projects']) {
      const reply = await raw('GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type']).toMatch(/application\/json/);
      expect(json(reply)).toMatchObject({ message: 0, error_code: 3 });
    }
  });

  it("reaches a name with a bare % as the client sends it, and answers a path that does not decode with the envelope, never Next's plain-text 500", async () => {
    const created = await raw('PUT', '/v2/projects', { 'Content-Type': 'application/json' },
      JSON.stringify({ status: 'raw', project_name: '50% off', annotation_type: 'bndbox', project_path: folder, label_file_path: '' }));
    expect(json(created)).toEqual({ message: 1 });
    let status: Record<string, unknown> = {};
    for (let attempt = 0; attempt < 100 && status.file_system_status !== 3; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = json(await raw('GET', '/v2/bndbox/projects/50%%20off'));
    }
    expect(status).toMatchObject({ message: 1, file_system_status: 3 });
    expect(json(await raw('GET', '/bndbox/projects/50%%20off/meta')).content).toEqual([expect.objectContaining({ project_name: '50% off' })]);
    for (const path of ['/bndbox/projects/%E0%A4%A/meta', '/v2/bndbox/projects/%ff', '/%c0%ae%c0%ae/projects/meta']) {
      const reply = await raw('GET', path);
      expect(reply.status, path).toBe(400);
      expect(reply.headers['content-type'], path).toMatch(/application\/json/);
      expect(json(reply), path).toMatchObject({ message: 0, error_code: 2 });
    }
  });

  // The listener sends REST calls to a static route with their target in a header it alone sets.
  it('ignores a client that sends the REST target header itself, on REST paths, other paths and the static route', async () => {
    const forged = { 'x-labelport-rest-target': '/bndbox/projects/ghost/meta' };
    expect(json(await raw('GET', '/bndbox/projects/meta', forged))).toMatchObject({ message: 1, content: expect.any(Array) });
    for (const path of ['/nope', '/classifai-rest']) {
      const reply = await raw('GET', path, { 'x-labelport-rest-target': '/bndbox/projects/meta' });
      expect(reply.status, path).toBe(404);
      expect(json(reply), path).toMatchObject({ message: 0, error_code: 3 });
    }
  });

  it('serves an OpenAPI document describing the REST paths', async () => {
    const document = json(await raw('GET', '/openapi.json'));
    const paths = Object.keys(document.paths as Record<string, unknown>);
    expect(paths).toEqual(expect.arrayContaining([
      '/v2/projects', '/{annotation_type}/projects/meta', '/v2/{annotation_type}/projects/{project_name}',
      '/{annotation_type}/projects/{project_name}/star', '/v2/folders', '/v2/labelfiles',
    ]));
  });
});

// SQLite's rule: the database file is the DATA_DIR's and one process owns it. With DATABASE_URL
// several processes share one database by design (a team server behind a load balancer); each
// then needs a DATA_DIR of its own for its caches, which nothing checks.
describe.skipIf(testStore() !== 'sqlite')('one server per DATA_DIR (SQLite store)', () => {
  it('a second server on the same DATA_DIR stops at once with a clear message', async () => {
    const second = spawnServer({ PORT: String(await freePort()), DATA_DIR: server.dataDir });
    let output = '';
    second.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    second.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/already using/);
    expect(json(await raw('GET', '/bndbox/projects/meta')).message).toBe(1);
  }, 60_000);
});
