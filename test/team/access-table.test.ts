// Team mode, every door: one built server with LABELPORT_AUTH=required. Every operation of the
// served OpenAPI document and every tRPC procedure is called without credentials (401, JSON
// envelope) and with each role's token (403 and nothing changed where the role may not; through
// where it may). The REST expectations are a table written here, and an operation missing from
// it fails the test: a new endpoint cannot slip through unnoticed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '@/server/api/root';
import type { Access, Role } from '@/server/core/users/actor';
import { createUserService } from '@/server/core/users/user.service';
import { request, startBuiltServer, type BuiltServer, type Reply } from '@/server/testing/built-server';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { openStore, type OpenedStore } from '@/server/runtime/open-store';
import { testDatabaseUrlFor } from '@/server/testing/test-store';
import { tinyPng, waitFor } from '../reliability/helpers';

/** What each REST operation needs; `METHOD path` as the document names it. */
const REST_ACCESS: Record<string, Access> = {
  'PUT /v2/folders': 'admin',
  'GET /v2/folders': 'admin',
  'PUT /v2/labelfiles': 'admin',
  'GET /v2/labelfiles': 'admin',
  'GET /v2/{annotation_type}/projects/exportstatus': 'read',
  'GET /v2/{annotation_type}/projects/importstatus': 'read',
  'PUT /v2/{annotation_type}/projects/{project_name}/export/{export_type}': 'admin',
  'PUT /v2/{annotation_type}/projects/{project_name}/import/{format}': 'admin',
  'GET /{annotation_type}/projects/meta': 'read',
  'PUT /v2/projects': 'admin',
  'GET /v2/{annotation_type}/projects/{project_name}': 'read',
  'GET /{annotation_type}/projects/{project_name}/meta': 'read',
  'GET /{annotation_type}/projects/{project_name}': 'read',
  'GET /{annotation_type}/projects/{project_name}/loadingstatus': 'read',
  'PUT /{annotation_type}/projects/{project_name}/star': 'admin',
  'PUT /{annotation_type}/projects/{project_name}': 'read',
  'PUT /v2/{annotation_type}/projects/{project_name}/rename/{new_project_name}': 'admin',
  'DELETE /{annotation_type}/projects/{project_name}': 'admin',
  'GET /v2/{annotation_type}/projects/{project_name}/statistic': 'read',
  'PUT /{annotation_type}/projects/{project_name}/newlabels': 'annotate',
  'PUT /v2/{annotation_type}/projects/{project_name}/reload': 'admin',
  'GET /v2/{annotation_type}/projects/{project_name}/reloadstatus': 'read',
  'GET /{annotation_type}/projects/{project_name}/uuid/{uuid}/thumbnail': 'read',
  'GET /{annotation_type}/projects/{project_name}/uuid/{uuid}/imgsrc': 'read',
  'PUT /v2/{annotation_type}/projects/{project_name}/add': 'admin',
  'GET /v2/{annotation_type}/projects/{project_name}/addstatus': 'read',
  'PUT /v2/{annotation_type}/projects/{project_name}/imgsrc/rename': 'admin',
  'DELETE /v2/{annotation_type}/projects/{project_name}/uuids': 'admin',
  'PUT /{annotation_type}/projects/{project_name}/uuid/{uuid}/update': 'annotate',
  'GET /v2/{annotation_type}/projects/{project_name}/classes': 'read',
  'GET /v2/{annotation_type}/projects/{project_name}/classes/{label}/usage': 'read',
  'PUT /v2/{annotation_type}/projects/{project_name}/classes/{label}': 'annotate',
  'PUT /v2/{annotation_type}/projects/{project_name}/classes/{label}/merge/{into}': 'annotate',
};

const ROLES: Role[] = ['viewer', 'annotator', 'admin'];
const RANK: Record<Access, number> = { read: 0, annotate: 1, admin: 2 };
const ROLE_RANK: Record<Role, number> = { viewer: 0, annotator: 1, admin: 2 };
const PROJECT = 'doors';

let server: BuiltServer;
let store: OpenedStore;
let folder: string;
let uuid: string;
const tokens = {} as Record<Role, string>;

const bearer = (role: Role) => ({ authorization: `Bearer ${tokens[role]}` });
const call = (method: string, urlPath: string, headers: Record<string, string> = {}, body?: unknown) =>
  request(server, method, urlPath, { headers, body: body ?? (method === 'GET' ? undefined : {}) });

/** A body that would really change the project if the gate let it through. */
function realBody(key: string): unknown {
  if (key.endsWith('/update')) return { uuid, bnd_box: [{ x1: 1, y1: 1, x2: 9, y2: 9, label: 'intruder', id: 'i', lineWidth: 1, color: 'rgba(0,0,0,1)' }], img_x: 0, img_y: 0, img_w: 400, img_h: 300 };
  if (key.endsWith('/newlabels')) return { label_list: ['intruder'] };
  if (key.endsWith('/star')) return { status: 'true' };
  if (key.endsWith('/uuids')) return { uuid_list: [uuid] };
  if (key.endsWith('/imgsrc/rename')) return { uuid, new_fname: 'renamed' };
  if (key.endsWith('/classes/{label}')) return { hotkey: '9' };
  if (key === 'PUT /v2/projects') return { status: 'raw', project_name: 'intruder', annotation_type: 'bndbox', project_path: folder, label_file_path: '' };
  return {};
}

function fillPath(template: string): string {
  const values: Record<string, string> = { annotation_type: 'bndbox', project_name: PROJECT, uuid, new_project_name: 'taken-over', export_type: 'cfg', format: 'coco', label: 'cat', into: 'dog' };
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? name));
}

/** What a user of the project would notice changed: its list, labels, one image's shapes, its name, its star. */
async function snapshot(): Promise<string> {
  const admin = bearer('admin');
  const reads = await Promise.all([
    call('GET', '/bndbox/projects/meta', admin),
    call('GET', `/v2/bndbox/projects/${PROJECT}/classes`, admin),
    call('GET', `/bndbox/projects/${PROJECT}/uuid/${uuid}/thumbnail`, admin),
    call('GET', `/bndbox/projects/${PROJECT}/loadingstatus`, admin),
  ]);
  const [list, classes, thumbnail, loading] = reads.map((reply) => reply.json);
  const projects = (list?.content as Array<Record<string, unknown>>).map(({ project_name, is_starred, total_uuid }) => ({ project_name, is_starred, total_uuid }));
  return JSON.stringify({ projects, classes, shapes: thumbnail?.bnd_box, uuids: loading?.uuid_list });
}

function expectEnvelope(reply: Reply, status: number, what: string): void {
  expect(reply.status, `${what}: ${reply.text.slice(0, 200)}`).toBe(status);
  expect(reply.json, what).toMatchObject({ message: 0, error_code: expect.any(Number), error_message: expect.any(String) });
}

beforeAll(async () => {
  folder = await makeTempDir('labelport-doors-');
  for (let index = 0; index < 4; index += 1) fs.writeFileSync(path.join(folder, `img${index}.png`), tinyPng(index));
  server = await startBuiltServer({ label: 'team-doors', env: { LABELPORT_AUTH: 'required', LABELPORT_CHOOSER: 'true' } });
  // The users command's way in: the server's own store, opened beside it.
  store = await openStore({ dataDir: server.dataDir, databaseUrl: await testDatabaseUrlFor(server.dataDir), asServer: false });
  const users = createUserService({ users: store.repos.users, now: Date.now });
  for (const role of ROLES) {
    await users.add(`${role}-user`, role);
    tokens[role] = (await users.issueToken(`${role}-user`)).token;
  }
  const admin = bearer('admin');
  const created = await call('PUT', '/v2/projects', admin, { status: 'raw', project_name: PROJECT, annotation_type: 'bndbox', project_path: folder, label_file_path: '' });
  expect(created.json).toEqual({ message: 1 });
  await waitFor(async () => (await call('GET', `/v2/bndbox/projects/${PROJECT}`, admin)).json?.file_system_status === 3, 60_000, 'the scan');
  expect((await call('PUT', `/bndbox/projects/${PROJECT}/newlabels`, admin, { label_list: ['cat', 'dog'] })).json).toEqual({ message: 1 });
  await call('GET', `/bndbox/projects/${PROJECT}`, admin);
  uuid = ((await call('GET', `/bndbox/projects/${PROJECT}/loadingstatus`, admin)).json?.uuid_list as string[])[0] ?? '';
  expect(uuid).not.toBe('');
}, 120_000);

afterAll(async () => {
  await store?.close();
  await server?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('team mode: the REST interface', () => {
  it('names every operation of the served document in the table (a new endpoint must be given a level)', async () => {
    const document = (await call('GET', '/openapi.json', bearer('viewer'))).json as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`));
    expect(served.sort()).toEqual(Object.keys(REST_ACCESS).sort());
  });

  it('answers every operation without credentials, or with a bad token, 401 in the JSON envelope', async () => {
    for (const key of Object.keys(REST_ACCESS)) {
      const [method = 'GET', template = ''] = key.split(' ');
      expectEnvelope(await call(method, fillPath(template), {}, realBody(key)), 401, `${key} without credentials`);
      expectEnvelope(await call(method, fillPath(template), { authorization: 'Bearer lp_forged' }, realBody(key)), 401, `${key} with a forged token`);
    }
    expectEnvelope(await call('GET', '/no/such/endpoint'), 401, 'an unknown path');
    expectEnvelope(await call('GET', '/openapi.json'), 401, 'the document');
  }, 60_000);

  it('refuses each role what it may not do with 403 and nothing changed, and lets through what it may', async () => {
    const before = await snapshot();
    for (const [key, access] of Object.entries(REST_ACCESS)) {
      const [method = 'GET', template = ''] = key.split(' ');
      for (const role of ROLES) {
        if (ROLE_RANK[role] >= RANK[access]) {
          // Let through: asked of a project that does not exist, so nothing real changes.
          const reply = await call(method, fillPath(template).replace(`/${PROJECT}`, '/absent-project'), bearer(role), {});
          expect([401, 403], `${key} as ${role}: ${reply.text.slice(0, 200)}`).not.toContain(reply.status);
        } else {
          expectEnvelope(await call(method, fillPath(template), bearer(role), realBody(key)), 403, `${key} as ${role}`);
        }
      }
    }
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it('says in plain English who may do what was refused ("An annotator", not "A annotator")', async () => {
    const reload = await call('PUT', `/v2/bndbox/projects/${PROJECT}/reload`, bearer('annotator'));
    expect(reload.json?.error_message).toBe('An annotator may not do this (admins only)');
    const newLabels = await call('PUT', `/bndbox/projects/${PROJECT}/newlabels`, bearer('viewer'), { label_list: ['intruder'] });
    expect(newLabels.json?.error_message).toBe('A viewer may not do this (annotators and admins only)');
  });
});

describe('team mode: tRPC, image bytes, downloads, pages', () => {
  type ProcedureDef = { _def: { type: 'query' | 'mutation' | 'subscription'; meta?: { access?: Access; public?: boolean } } };
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);

  const callTrpc = (name: string, type: string, headers: Record<string, string>) =>
    type === 'query'
      ? request(server, 'GET', `/api/trpc/${name}?input=${encodeURIComponent(JSON.stringify({}))}`, { headers })
      : request(server, 'POST', `/api/trpc/${name}`, { headers, body: {} });
  const trpcStatus = (reply: Reply) => reply.status;

  it('every procedure states its level, and only "who am I" is open to anyone', () => {
    const open = procedures.filter(([, procedure]) => procedure._def.meta?.public).map(([name]) => name);
    expect(open).toEqual(['auth.me']);
    for (const [name, procedure] of procedures) {
      if (!procedure._def.meta?.public) expect(procedure._def.meta?.access, name).toMatch(/^(read|annotate|admin)$/);
    }
  });

  it('answers every procedure 401 without credentials and 403 to a role below its level', async () => {
    for (const [name, procedure] of procedures) {
      if (procedure._def.meta?.public) continue;
      expect(trpcStatus(await callTrpc(name, procedure._def.type, {})), `${name} without credentials`).toBe(401);
      const access = procedure._def.meta?.access ?? 'admin';
      for (const role of ROLES) {
        const status = trpcStatus(await callTrpc(name, procedure._def.type, bearer(role)));
        if (ROLE_RANK[role] >= RANK[access]) expect([401, 403], `${name} as ${role}`).not.toContain(status);
        else expect(status, `${name} as ${role}`).toBe(403);
      }
    }
    const me = await request(server, 'GET', '/api/trpc/auth.me', {});
    expect(me.json).toMatchObject({ result: { data: { team: true, actor: null } } });
  }, 120_000);

  it('guards image bytes (read), export downloads (admin) and pages (sign-in first)', async () => {
    const image = `/api/image/bndbox/${PROJECT}/${uuid}`;
    expectEnvelope(await call('GET', image), 401, 'image bytes without credentials');
    expect((await call('GET', image, bearer('viewer'))).status).toBe(200);
    expectEnvelope(await call('GET', `/api/export/bndbox/${PROJECT}`), 401, 'a download without credentials');
    expectEnvelope(await call('GET', `/api/export/bndbox/${PROJECT}`, bearer('annotator')), 403, 'a download as annotator');
    for (const page of ['/', `/projects/bndbox/${PROJECT}`, '/admin']) {
      const reply = await call('GET', page);
      expect(reply.status, page).toBeGreaterThanOrEqual(300);
      expect(reply.status, page).toBeLessThan(400);
      expect(reply.headers.location, page).toBe(`/signin?next=${encodeURIComponent(page)}`);
    }
    expect((await call('GET', '/signin')).status).toBe(200);
  });
});
