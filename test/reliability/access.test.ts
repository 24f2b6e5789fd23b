// Who may talk to the server: only this machine. A web page the user opens elsewhere (foreign
// Origin) or a DNS-rebinding page (foreign Host) gets a JSON 403 on every kind of path, and
// changes nothing; a client app on another local port works. The default bind is loopback.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { request, startBuiltServer, type BuiltServer, type Reply } from '@/server/testing/built-server';
import { waitFor } from './helpers';

let server: BuiltServer;
let dataDir: string;
let folder: string;
let uuid = '';

const trpcInput = encodeURIComponent(JSON.stringify({ annotation_type: 'bndbox' }));
/** One path of each kind: REST read, REST write, tRPC, image bytes, export download, the page. */
const paths = (): Array<{ method: string; path: string; body?: unknown }> => [
  { method: 'GET', path: '/bndbox/projects/meta' },
  { method: 'PUT', path: '/v2/projects', body: { status: 'raw', project_name: 'sneaky', annotation_type: 'bndbox', project_path: folder, label_file_path: '' } },
  { method: 'PUT', path: '/bndbox/projects/gate/star', body: { status: 'true' } },
  { method: 'GET', path: `/api/trpc/project.list?input=${trpcInput}` },
  { method: 'GET', path: `/api/image/bndbox/gate/${uuid}?size=thumb` },
  // An export download hands out a whole dataset: a foreign page must never get it.
  { method: 'GET', path: '/api/export/bndbox/gate' },
  { method: 'GET', path: '/' },
  // Pages and Next's own files are gated by proxy.ts's one matcher: each kind it names.
  ...['/projects/bndbox/gate', '/signin', '/admin/users', '/_next/static/chunks/main.js', '/openapi.json', '/robots.txt', '/favicon.ico', '/icon.svg'].map(
    (pagePath) => ({ method: 'GET', path: pagePath }),
  ),
  { method: 'OPTIONS', path: '/v2/projects' },
  { method: 'OPTIONS', path: `/api/trpc/project.list?input=${trpcInput}` },
];

function expectRefused(reply: Reply, what: string): void {
  expect(reply.status, what).toBe(403);
  expect(reply.headers['content-type'], what).toMatch(/application\/json/);
  expect(reply.json, what).toMatchObject({ message: 0, error_code: expect.any(Number), error_message: expect.any(String) });
  expect(reply.headers['access-control-allow-origin'], what).toBeUndefined();
}

const projectList = async () => (await request(server, 'GET', '/bndbox/projects/meta')).json?.content;

beforeAll(async () => {
  dataDir = await makeTempDir('labelport-access-data-');
  folder = await makeTempDir('labelport-access-images-');
  await writeImage(path.join(folder, 'a.png'), { format: 'png', width: 20, height: 10 });
  server = await startBuiltServer({ dataDir });
  await request(server, 'PUT', '/v2/projects', { body: { status: 'raw', project_name: 'gate', annotation_type: 'bndbox', project_path: folder, label_file_path: '' } });
  await waitFor(async () => (await request(server, 'GET', '/v2/bndbox/projects/gate')).json?.file_system_status === 3, 10_000, 'the scan');
  uuid = ((await request(server, 'GET', '/bndbox/projects/gate/loadingstatus')).json?.uuid_list as string[])[0] ?? '';
  expect(uuid).not.toBe('');
}, 120_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of [dataDir, folder]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('refused: a web page that is not on this machine', () => {
  const foreignHosts = ['evil.example', 'evil.example:9999', 'localhost.evil.example', '127.0.0.1.nip.io:80', '192.168.1.10'];
  const foreignOrigins = ['https://evil.example', 'http://localhost.evil.example:9999', 'http://127.0.0.1.evil.example', 'null', 'file://', 'chrome-extension://abc'];

  it('a foreign Host (DNS rebinding) gets a JSON 403 on REST, tRPC, image and page paths, and changes nothing', async () => {
    const before = await projectList();
    for (const host of foreignHosts) {
      for (const { method, path: urlPath, body } of paths()) {
        expectRefused(await request(server, method, urlPath, { headers: { Host: host }, body }), `${method} ${urlPath} Host ${host}`);
      }
    }
    expect(await projectList()).toEqual(before);
  });

  it('a foreign Origin (a drive-by page) gets a JSON 403 on every path, preflights included, and changes nothing', async () => {
    const before = await projectList();
    for (const origin of foreignOrigins) {
      for (const { method, path: urlPath, body } of paths()) {
        const headers = { Origin: origin, 'Access-Control-Request-Method': 'PUT' };
        expectRefused(await request(server, method, urlPath, { headers, body }), `${method} ${urlPath} Origin ${origin}`);
      }
    }
    expect(await projectList()).toEqual(before);
  });
});

describe('allowed: this machine', () => {
  it('Origins http://localhost:<any port> and http://127.0.0.1:<any port> work, with CORS for that origin', async () => {
    for (const origin of ['http://localhost:4200', 'http://127.0.0.1:4200', 'http://localhost:1', 'http://127.0.0.1:65535', 'http://localhost', `http://127.0.0.1:${server.port}`]) {
      const list = await request(server, 'GET', '/bndbox/projects/meta', { headers: { Origin: origin } });
      expect(list.status, origin).toBe(200);
      expect(list.headers['access-control-allow-origin'], origin).toBe(origin);
      const star = await request(server, 'PUT', '/bndbox/projects/gate/star', { headers: { Origin: origin }, body: { status: 'false' } });
      expect(star.json, origin).toEqual({ message: 1 });
      const image = await request(server, 'GET', `/api/image/bndbox/gate/${uuid}?size=thumb`, { headers: { Origin: origin } });
      expect(image.status, origin).toBe(200);
      expect(image.headers['content-type'], origin).toBe('image/png');
      const trpc = await request(server, 'GET', `/api/trpc/project.list?input=${trpcInput}`, { headers: { Origin: origin } });
      expect(trpc.status, origin).toBe(200);
      expect(trpc.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(image.headers['access-control-allow-origin'], origin).toBe(origin);
      const trpcPreflight = await request(server, 'OPTIONS', `/api/trpc/image.page?input=${trpcInput}`, { headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' } });
      expect(trpcPreflight.status, origin).toBe(204);
      expect(trpcPreflight.headers['access-control-allow-origin'], origin).toBe(origin);
      const preflight = await request(server, 'OPTIONS', '/v2/projects', { headers: { Origin: origin, 'Access-Control-Request-Method': 'PUT' } });
      expect(preflight.status, origin).toBe(204);
    }
  });

  it('the local Host names with any port work: localhost, 127.0.0.1, [::1]', async () => {
    for (const host of ['localhost', `localhost:${server.port}`, `127.0.0.1:${server.port}`, '[::1]:8080', 'LOCALHOST:1']) {
      expect((await request(server, 'GET', '/bndbox/projects/meta', { headers: { Host: host } })).status, host).toBe(200);
    }
  });
});

function nonLoopbackIPv4(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

describe('binding', () => {
  const lanAddress = nonLoopbackIPv4();

  it('listens on 127.0.0.1 only by default (HOST unset): the machine\'s network address does not answer', async ({ skip }) => {
    expect(await canConnect('127.0.0.1', server.port)).toBe(true);
    // Without a non-loopback address there is nothing to reach from outside: skip that half.
    if (!lanAddress) skip('this machine has no non-loopback IPv4 address');
    expect(await canConnect(lanAddress!, server.port)).toBe(false);
  });

  it('with HOST=0.0.0.0 it says so, turns team mode on (no request without credentials), and a request addressed to the network address is still refused', async () => {
    const openDir = await makeTempDir('labelport-access-open-');
    const open = await startBuiltServer({ dataDir: openDir, env: { HOST: '0.0.0.0' } });
    try {
      expect(open.output()).toMatch(/Listening on 0\.0\.0\.0, not 127\.0\.0\.1: team mode/);
      const anonymous = await request(open, 'GET', '/bndbox/projects/meta');
      expect(anonymous.status).toBe(401);
      if (lanAddress) {
        const reply = await request(open, 'GET', '/bndbox/projects/meta', { host: lanAddress, headers: { Host: `${lanAddress}:${open.port}` } });
        expectRefused(reply, 'Host = the network address');
      }
    } finally {
      await open.stop();
      fs.rmSync(openDir, { recursive: true, force: true });
    }
  });
});
