// Hostile input, generated: paths, parameters and bodies for every REST endpoint of the OpenAPI
// document (wrong types, huge strings and arrays, deep nesting, unicode, NaN/Infinity as raw
// JSON, percent-encoding tricks, traversal, absolute paths, symlinks out of the image folder).
// Every answer is the JSON envelope or a success; nothing outside the project folders and
// DATA_DIR is written or served; a refused request changes nothing.
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/server/api/openapi';
import { addJobKey, EXPORT_JOB_KEY, IMPORT_JOB_KEY, scanJobKey } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type RestReply, type TestCore } from '@/server/testing/test-core';
import { snapshotFolder } from './helpers';

const SEED = 20_251_123;
const SECRET_TEXT = 'TOP-SECRET-7f3a9c-not-for-any-reply';

let t: TestCore;
let root: string; // root/{images,seg} are project folders; root/outside is the sentinel; root/sandbox the cwd
let images: string;
let segImages: string;
let outside: string;
let sandbox: string;
let originalCwd: string;
let secretBase64: string;
let outsideSnapshot: Record<string, string>;
let rootSnapshot: Record<string, string>;
let uuids: string[] = [];

// ---------------------------------------------------------------- the world under test

async function buildWorld(): Promise<void> {
  if (t) {
    await t.close();
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  }
  t = await createTestCore();
  for (const dir of [images, segImages]) fs.rmSync(dir, { recursive: true, force: true });
  await writeImage(path.join(images, 'a.jpg'), { format: 'jpeg', width: 60, height: 40 });
  await writeImage(path.join(images, 'b.png'), { format: 'png', width: 30, height: 50 });
  await writeImage(path.join(images, 'sub', 'c.png'), { format: 'png', width: 20, height: 20 });
  // Symlinks inside the image folder that lead out of it: never listed, never served.
  fs.symlinkSync(path.join(outside, 'secret.png'), path.join(images, 'escape.png'));
  fs.symlinkSync(outside, path.join(images, 'escape-dir'));
  await writeImage(path.join(segImages, 'road.png'), { format: 'png', width: 64, height: 48 });
  for (const [name, type, folder] of [['fuzz', 'bndbox', images], ['fuzzseg', 'seg', segImages]] as const) {
    await t.rest.put('/v2/projects', { status: 'raw', project_name: name, annotation_type: type, project_path: folder, label_file_path: '' });
    await t.scanSettled(type, name);
  }
  uuids = (await t.rest.get('/bndbox/projects/fuzz/loadingstatus')).body.uuid_list as string[];
  expect(uuids).toHaveLength(3);
}

/** Waits for every job of every project, so a snapshot is not taken half-way through one. */
async function settleJobs(): Promise<void> {
  const keys = [EXPORT_JOB_KEY, IMPORT_JOB_KEY];
  for (const { project } of await t.core.projects.listAll()) keys.push(scanJobKey(project.id), addJobKey(project.id));
  await Promise.all(keys.map((key) => t.core.jobs.settled(key)));
}

/** What a user could notice: projects, their settings, images and shapes, jobs, and the files. */
async function snapshotState() {
  const projects = await t.core.projects.listAll();
  const annotations = [];
  const scans = [];
  for (const { project } of projects) {
    const all = (await t.core.images.page(project.type, project.name, { filter: 'all' }, 0, 500)).items.map((item) => item.image.uuid);
    annotations.push(await t.core.annotations.withImages(project.type, project.name, all));
    scans.push((await t.core.projects.scanStatus(project.type, project.name))?.id);
  }
  return {
    projects: projects.map(({ project, imageCount, labeledCount }) => ({ ...project, imageCount, labeledCount })),
    annotations,
    jobs: [(await t.core.exports.status())?.id, (await t.core.imports.status())?.id, ...scans],
    images: snapshotFolder(images),
    segImages: snapshotFolder(segImages),
  };
}

beforeAll(async () => {
  root = await makeTempDir('labelport-fuzz-');
  images = path.join(root, 'images');
  segImages = path.join(root, 'seg');
  outside = path.join(root, 'outside');
  sandbox = path.join(root, 'sandbox');
  fs.mkdirSync(sandbox);
  await writeImage(path.join(outside, 'secret.png'), { format: 'png', width: 7, height: 7, color: { r: 1, g: 2, b: 3 } });
  fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET_TEXT);
  fs.writeFileSync(path.join(outside, 'labels.txt'), 'outside-label\n');
  secretBase64 = fs.readFileSync(path.join(outside, 'secret.png')).toString('base64');
  // Relative paths in requests resolve against the working directory: make it an empty, watched one.
  originalCwd = process.cwd();
  process.chdir(sandbox);
  await buildWorld();
  outsideSnapshot = snapshotFolder(outside);
  rootSnapshot = snapshotFolder(root, (rel) => rel === 'images' || rel === 'seg');
});

afterAll(async () => {
  process.chdir(originalCwd);
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
  if (t) fs.rmSync(t.dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- generators

// Placeholders filled in at run time, when the folders and uuids are known.
const fill = (text: string) =>
  text
    .replaceAll('{{uuid}}', uuids[0] ?? '')
    .replaceAll('{{uuid2}}', uuids[1] ?? '')
    .replaceAll('{{images}}', images)
    .replaceAll('{{outside}}', outside)
    .replaceAll('{{secret}}', path.join(outside, 'secret.png'))
    .replaceAll('{{escape}}', path.join(images, 'escape.png'))
    .replaceAll('{{secret%}}', encodeURIComponent(path.join(outside, 'secret.png')));

const nastySegments = [
  '..', '.', '%2e%2e', '%2e%2e%2f', '..%2f..%2fetc%2fpasswd', '%2F', '%5C', '%', '%zz', '%E0%A4%A', '%00', '%ff', '%c0%ae%c0%ae',
  '%252e%252e%252f', '..%5c..%5c', '..;', 'meta', 'exportstatus', 'importstatus', 'escape.png', '{{secret%}}', '~', 'NaN', 'Infinity',
  'null', 'undefined', '__proto__', 'constructor', 'CON', 'a'.repeat(2000), '%F0%9F%92%A9', 'Stra%C3%9Fe', '%20', '+',
];
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastySegments) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[!-~]{0,20}$/) }, // raw printable ASCII, slashes and all
);
const paramArbitrary: Record<string, fc.Arbitrary<string>> = {
  annotation_type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('bndbox', 'seg', 'BNDBOX') }, segment),
  project_name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('fuzz', 'fuzzseg', 'ghost') }, segment),
  uuid: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('{{uuid}}', '{{uuid2}}') }, segment),
  export_type: fc.oneof(fc.constantFrom('cfg', 'cfgdata', 'coco', 'voc', 'yolo', 'labelme'), segment),
  format: fc.oneof(fc.constantFrom('coco', 'voc', 'yolo', 'labelme'), segment),
  new_project_name: segment,
};

const hostilePath = fc.constantFrom(
  '', '.', '..', '../..', '/', '/etc', '/etc/passwd', '/proc/self/environ', '/dev/zero', '{{images}}', '{{images}}/', '{{images}}/../outside',
  '{{outside}}', '{{secret}}', '{{escape}}', '{{images}}/escape-dir', '{{outside}}/labels.txt', '{{outside}}/secret.txt', 'images',
  '../images', '~/x', 'C:\\Windows\\System32', '\\\\server\\share', '{{images}}\u0000/x', 'file:///etc/passwd', '%2e%2e%2f', 'nope/none',
);
const hostileName = fc.oneof(
  fc.constantFrom('../x.png', '../../outside/x.png', '/tmp/x.png', 'x/../../y.png', 'a\u0000.png', '..', '.', '', ' ', 'new.png', 'a.png',
    'b.png', 'con.png', 'ok name ñ.jpg', '.png', 'x'.repeat(300) + '.png', '%2e%2e%2fx.png', 'x\\..\\y.png', 'escape.png'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const tinyPngDataUrl = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
const dataUrl = fc.oneof(
  fc.constantFrom(tinyPngDataUrl, 'data:image/png;base64,', 'data:text/html;base64,PHNjcmlwdD4=', 'base64,', 'not a data url', `data:image/png;base64,${'A'.repeat(10_000)}`),
  fc.base64String({ maxLength: 200 }).map((b64) => `data:image/png;base64,${b64}`),
);

const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, 12.5),
  hostilePath,
);
const { value: anyValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
}));
const hugeString = fc.constantFrom('x'.repeat(100_000), '\u{1F4A9}'.repeat(50_000), '%'.repeat(10_000));
const hugeArray = fc.constantFrom(Array.from({ length: 20_000 }, () => 'x'), Array.from({ length: 10_001 }, (_, i) => ({ x1: i, y1: 0, x2: 1, y2: 1 })));
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom('12', '', null, true, [], {}, 1e308));
const box = fc.record({ x1: number, y1: number, x2: number, y2: number, label: fc.oneof(scalar, hugeString), id: scalar, subLabel: anyValue, distancetoImg: anyValue }, { requiredKeys: [] });
const point = fc.record({ x: number, y: number }, { requiredKeys: [] });

/** Values that reach past the first checks for the fields the endpoints read. */
const fieldArbitrary: Record<string, fc.Arbitrary<unknown>> = {
  status: fc.oneof(fc.constantFrom('raw', 'config', 'RAW', 'true', 'false', 'TRUE', 'closed', 'yes', '1', ''), scalar),
  annotation_type: fc.oneof(fc.constantFrom('boundingbox', 'segmentation', 'bndbox', 'seg', 'Bndbox', 'polygon'), scalar),
  project_name: fc.oneof(hostileName, fc.constantFrom('fuzz', 'fuzz2', 'meta', 'a/b', 'a%41b', 'x'.repeat(256)), scalar),
  project_path: fc.oneof(hostilePath, scalar),
  label_file_path: fc.oneof(hostilePath, scalar),
  source_path: fc.oneof(hostilePath, scalar),
  uuid: fc.oneof(fc.constantFrom('{{uuid}}', '{{uuid2}}'), scalar),
  bnd_box: fc.oneof(fc.array(box, { maxLength: 5 }), hugeArray, anyValue),
  polygons: fc.oneof(fc.array(fc.record({ coorPt: fc.array(point, { maxLength: 6 }), label: scalar }), { maxLength: 3 }), hugeArray, anyValue),
  img_x: number,
  img_y: number,
  img_w: number,
  img_h: number,
  label_list: fc.oneof(fc.array(fc.oneof(hostileName, scalar), { maxLength: 6 }), hugeArray, anyValue),
  uuid_list: fc.oneof(fc.array(fc.oneof(fc.constantFrom('{{uuid}}', '{{uuid2}}', 'ghost'), scalar), { maxLength: 4 }), hugeArray, anyValue),
  img_path_list: fc.oneof(fc.array(hostilePath, { maxLength: 4 }), anyValue),
  img_name_list: fc.oneof(fc.array(hostileName, { maxLength: 3 }), hugeArray, anyValue),
  img_base64_list: fc.oneof(fc.array(dataUrl, { maxLength: 3 }), anyValue),
  new_fname: fc.oneof(hostileName, scalar),
  files: fc.oneof(fc.array(fc.record({ path: hostileName, content: fc.oneof(fc.string(), fc.json()) }), { maxLength: 3 }), anyValue),
};

interface FieldSchema {
  type?: string | string[];
  anyOf?: FieldSchema[];
  examples?: unknown[];
}

interface Endpoint {
  method: string;
  template: string;
  fields: string[];
  schemas: Record<string, FieldSchema>;
}

function endpoints(): Endpoint[] {
  const document = getOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: FieldSchema }>; requestBody?: { content: Record<string, { schema?: { properties?: Record<string, FieldSchema> } }> } }>>;
  };
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const schemas = {
        ...operation.requestBody?.content['application/json']?.schema?.properties,
        ...Object.fromEntries((operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.schema])),
      };
      return { method: method.toUpperCase(), template, fields: Object.keys(schemas), schemas };
    }),
  );
}

/** Raw JSON text that JSON.stringify cannot make: NaN, Infinity, deep nesting, broken syntax. */
const rawBody = fc.constantFrom(
  'NaN', 'Infinity', '-Infinity', '1e999', '{"status": NaN}', '{"bnd_box":[{"x1":Infinity,"y1":1,"x2":2,"y2":3}],"uuid":"{{uuid}}"}',
  '{"uuid":"{{uuid}}","bnd_box":[{"x1":1e999,"y1":1,"x2":2,"y2":3}]}', '{"img_x": -Infinity, "uuid":"{{uuid}}", "bnd_box": []}',
  '{', '[', '"', '{"a":1,}', '{\'a\': 1}', "\uFEFF{}", '\u0000', 'null', 'true', '[]', '"string"', '0', '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}', '['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  `{"label_list":${'['.repeat(5000)}${']'.repeat(5000)}}`, `{"project_name":"${'\\u0000'.repeat(1000)}"}`, '{"status":"raw","project_path":"\\ud800"}',
);

const requestArbitrary = fc
  .constantFrom(...endpoints())
  .chain((endpoint) => {
    const names = [...endpoint.template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
    const params = fc.tuple(...names.map((name) => paramArbitrary[name] ?? segment));
    const structured = fc
      .tuple(
        fc.subarray(endpoint.fields).chain((keys) => fc.tuple(...keys.map((key) => (fieldArbitrary[key] ?? anyValue).map((value) => [key, value] as const)))),
        fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 }),
        fc.option(fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999'), { nil: undefined }),
      )
      .map(([entries, extra, token]) => {
        const text = JSON.stringify({ ...extra, ...Object.fromEntries(entries) });
        // Put a bare NaN/Infinity where a number or null stood, which JSON.stringify never writes.
        return token ? text.replace(/:(-?\d+(\.\d+)?(e[+-]?\d+)?|null)/i, `:${token}`) : text;
      });
    const body = fc.oneof({ weight: 6, arbitrary: structured }, { weight: 2, arbitrary: rawBody }, { weight: 1, arbitrary: fc.constant(undefined) });
    const method = fc.oneof({ weight: 9, arbitrary: fc.constant(endpoint.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'PATCH') });
    const query = fc.option(fc.constantFrom('?annotation_type=seg', '?project_name=..%2f..', '?x=%zz', '?uuid_list=a&uuid_list=b', '?__proto__[a]=1'), { nil: '' });
    return fc.record({ method, params, body, query }).map(({ method: verb, params: values, body: text, query: search }) => {
      let urlPath = endpoint.template;
      names.forEach((name, index) => (urlPath = urlPath.replace(`{${name}}`, values[index] ?? '')));
      return { method: verb, path: urlPath + search, body: verb === 'GET' ? undefined : text };
    });
  });

/** Unknown and near-miss paths: the envelope 404, never HTML. */
const strayPathArbitrary = fc
  .array(segment, { minLength: 1, maxLength: 6 })
  .map((segments) => ({ method: 'GET', path: `/${segments.join('/')}`, body: undefined as string | undefined }));

// ---------------------------------------------------------------- the checks

const ALLOWED_STATUS = [200, 400, 404, 413];

function checkReply(reply: RestReply, what: string): void {
  expect(ALLOWED_STATUS, `${what}: status ${reply.status}`).toContain(reply.status);
  expect(reply.contentType, what).toMatch(/application\/json/);
  const { message } = reply.body;
  // The V1 loading status answers 2 when loaded (classifai's loader state).
  expect([0, 1, ...(/loadingstatus/i.test(what) ? [2] : [])], `${what}: message ${String(message)}`).toContain(message);
  if (message === 0 || reply.status !== 200) {
    expect(reply.body, what).toMatchObject({ message: 0, error_code: expect.any(Number), error_message: expect.any(String) });
  }
  expect(reply.body.error_code, `${what}: an internal error (a bug): ${String(reply.body.error_message)}`).not.toBe(4);
  const text = JSON.stringify(reply.body);
  expect(text, `${what}: a stack trace`).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  expect(text.includes(secretBase64) || text.includes(SECRET_TEXT), `${what}: served a file from outside the project`).toBe(false);
}

/** A request for a folder that is neither a project folder nor missing would scan or read it: keep them out. */
function defuseFolders(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  return body.replace(/"(project_path|source_path|label_file_path)":"((?:[^"\\]|\\.)*)"/g, (whole, key: string, value: string) => {
    let decoded: string;
    try {
      decoded = JSON.parse(`"${value}"`) as string;
    } catch {
      return whole;
    }
    const resolved = path.resolve(decoded.replace(/\0/g, ''));
    const isDirectory = fs.existsSync(resolved) && fs.statSync(resolved).isDirectory();
    return isDirectory && resolved !== images && resolved !== segImages ? `"${key}":${JSON.stringify(path.join(root, 'missing'))}` : whole;
  });
}

async function sendAndCheck(generated: { method: string; path: string; body: string | undefined }): Promise<void> {
  const method = generated.method;
  const urlPath = fill(generated.path);
  const body = defuseFolders(generated.body === undefined ? undefined : fill(generated.body));
  const what = `${method} ${urlPath.slice(0, 200)} ${String(body).slice(0, 200)}`;
  const before = await snapshotState();
  const reply = await t.rest.send(method, urlPath, body);
  await settleJobs();
  checkReply(reply, what);
  const failed = reply.status !== 200 || reply.body.message === 0;
  if (failed) expect(await snapshotState(), `${what}: a refused request changed something`).toEqual(before);
  expect(snapshotFolder(outside), `${what}: wrote outside the project folders`).toEqual(outsideSnapshot);
  expect(snapshotFolder(root, (rel) => rel === 'images' || rel === 'seg'), `${what}: wrote next to the project folders`).toEqual(rootSnapshot);
  expect(({} as Record<string, unknown>).polluted, 'prototype pollution').toBeUndefined();
  // A request that succeeded may have renamed, moved or forgotten what the next ones aim at.
  if (!failed) {
    const names = (await t.core.projects.listAll()).map(({ project }) => `${project.type}/${project.name}`).sort();
    const current = (await t.rest.get('/bndbox/projects/fuzz/loadingstatus')).body.uuid_list as string[] | undefined;
    if (names.join() !== 'bndbox/fuzz,seg/fuzzseg' || current?.join() !== uuids.join() || !fs.existsSync(path.join(images, 'b.png'))) await buildWorld();
  }
}

// ---------------------------------------------------------------- the properties

describe('hostile requests to every REST endpoint', () => {
  it('covers every path of the OpenAPI document', () => {
    expect(endpoints().length).toBeGreaterThanOrEqual(25);
  });

  it('answer the envelope or a success; change nothing when refused; write nothing outside', async () => {
    await fc.assert(fc.asyncProperty(requestArbitrary, sendAndCheck), { numRuns: 300, seed: SEED, endOnFailure: true });
  }, 120_000);

  it('unknown and near-miss paths answer the envelope 404 (or the route they reach)', async () => {
    await fc.assert(fc.asyncProperty(strayPathArbitrary, sendAndCheck), { numRuns: 200, seed: SEED, endOnFailure: true });
  }, 60_000);

  it('a path starting with // or /\\ is a path, not a host: the envelope 404', async () => {
    // Read as a URL relative to http://localhost, these would name another host (and crash the adapter).
    for (const urlPath of ['//evil.example/bndbox/projects/meta', '/\\c@evil/projects/ghost/star', '//%F0%90%AE%86/Infinity', '//']) {
      const reply = await t.rest.send('GET', urlPath).catch((error: unknown) => ({ status: 0, contentType: null, body: { thrown: String(error) } }));
      checkReply(reply, urlPath);
      expect(reply.status, urlPath).toBe(404);
    }
  });
});

// ---------------------------------------------------------------- wrong types in valid requests

type WireKind = 'list' | 'number' | 'boolean';

/** What the document says a field is; booleans travel as "true"/"false" text (see booleanText). */
function wireKind(schema: FieldSchema): WireKind | null {
  const types = [schema, ...(schema.anyOf ?? [])].flatMap((part) => [part.type ?? []].flat());
  if (types.includes('array')) return 'list';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('boolean') || JSON.stringify(schema.examples) === '["true","false"]') return 'boolean';
  return null;
}

// Requests that would succeed (and change something) but for the one mistyped field.
const VALID_PARAMS: Record<string, string> = { annotation_type: 'bndbox', project_name: 'fuzz', uuid: '{{uuid}}', export_type: 'cfg', format: 'coco', new_project_name: 'fuzz2' };
const VALID_FIELDS: Record<string, unknown> = {
  uuid_list: ['{{uuid}}'], img_path_list: [], img_name_list: ['typed.png'], img_base64_list: [tinyPngDataUrl], label_list: ['cat'],
  bnd_box: [{ x1: 1, y1: 1, x2: 9, y2: 9, label: 'cat' }], img_x: 0, img_y: 0, img_w: 60, img_h: 40, status: 'true', files: [],
};
// A scalar where a list is expected is what a careless client sends for a one-element list;
// a number string where a boolean is expected is what a form or a query string gives.
const WRONG_VALUES: Record<WireKind, fc.Arbitrary<unknown>> = {
  list: fc.constantFrom('{{uuid}}', 'typed.png', tinyPngDataUrl, 'cat', '', 0, 12, true, false),
  number: fc.constantFrom('12', '0', '-1.5', '1e3', '', ' 7 ', '0x10', true),
  boolean: fc.constantFrom('1', '0', '2', '-1', '1.0', 1, 0, true, false),
};

const mistypedTargets = () =>
  endpoints().flatMap((endpoint) =>
    Object.entries(endpoint.schemas).flatMap(([field, schema]) => {
      const kind = wireKind(schema);
      return kind ? [{ endpoint, field, kind }] : [];
    }),
  );

const mistypedRequest = fc.constantFrom(...mistypedTargets()).chain(({ endpoint, field, kind }) =>
  WRONG_VALUES[kind].map((wrong) => {
    const valid = Object.fromEntries(endpoint.fields.filter((name) => name in VALID_FIELDS).map((name) => [name, VALID_FIELDS[name]]));
    return {
      method: endpoint.method,
      path: endpoint.template.replace(/\{(\w+)\}/g, (_whole, name: string) => VALID_PARAMS[name] ?? `missing-${name}`),
      // JSON bodies, as the classifai client sends them, DELETE included.
      body: JSON.stringify({ ...valid, [field]: wrong }),
    };
  }),
);

describe('a scalar where a list is expected, a number string where a boolean or number is', () => {
  it('the document types every kind of field the property sends', () => {
    expect(new Set(mistypedTargets().map((target) => target.kind))).toEqual(new Set(['list', 'number', 'boolean']));
    expect(mistypedTargets().map((target) => `${target.endpoint.method} ${target.field}`)).toContain('DELETE uuid_list');
  });

  it('is refused with 400 and the envelope, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(mistypedRequest, async (generated) => {
        const urlPath = fill(generated.path);
        const body = fill(generated.body);
        const what = `${generated.method} ${urlPath} ${body.slice(0, 200)}`;
        const before = await snapshotState();
        const reply = await t.rest.send(generated.method, urlPath, body);
        await settleJobs();
        checkReply(reply, what);
        expect(reply, what).toMatchObject({ status: 400, body: { message: 0, error_code: 2 } });
        expect(await snapshotState(), `${what}: a refused request changed something`).toEqual(before);
      }),
      { numRuns: 120, seed: SEED, endOnFailure: true },
    );
  }, 60_000);
});

describe('files that lead out of the project folder', () => {
  it('a symlink to a file outside is neither listed nor served', async () => {
    const listed = await Promise.all(uuids.map(async (uuid) => (await t.rest.get(`/bndbox/projects/fuzz/uuid/${uuid}/thumbnail`)).body.img_path));
    expect(listed.sort()).toEqual([path.join(images, 'a.jpg'), path.join(images, 'b.png'), path.join(images, 'sub', 'c.png')]);
  });

  it('an image swapped for a symlink to a file outside after the scan is refused, not served', async () => {
    const uuid = uuids[0] ?? '';
    const record = (await t.rest.get(`/bndbox/projects/fuzz/uuid/${uuid}/thumbnail`)).body;
    const file = String(record.img_path);
    fs.rmSync(file);
    fs.symlinkSync(path.join(outside, 'secret.png'), file);
    try {
      for (const endpoint of ['imgsrc', 'thumbnail']) {
        const reply = await t.rest.get(`/bndbox/projects/fuzz/uuid/${uuid}/${endpoint}`);
        checkReply(reply, endpoint);
        expect(reply.body.message, endpoint).toBe(0);
      }
      // Delete and rename act on the project's own file only; the symlink's target stays put.
      await t.rest.put('/v2/bndbox/projects/fuzz/imgsrc/rename', { uuid, new_fname: 'renamed.png' });
      await t.rest.delete('/v2/bndbox/projects/fuzz/uuids', { uuid_list: [uuid], img_path_list: [path.join(outside, 'secret.png')] });
      expect(snapshotFolder(outside)).toEqual(outsideSnapshot);
    } finally {
      await buildWorld();
    }
  });
});
