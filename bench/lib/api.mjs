// The few REST calls the orchestrator makes itself (setup and status polling, not load).
import fs from 'node:fs';
import path from 'node:path';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function call(url, method = 'GET', body) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url}: HTTP ${response.status}, not JSON: ${text.slice(0, 300)}`);
  }
  if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return json;
}

/** Calls read() every intervalMs until done(reply) is true; throws on fail(reply) or timeout. */
export async function poll(read, { done, fail = () => null, intervalMs = 50, timeoutMs = 600_000, what = 'status' }) {
  const started = Date.now();
  for (;;) {
    const reply = await read();
    if (done(reply)) return reply;
    const problem = fail(reply);
    if (problem) throw new Error(`${what}: ${problem}`);
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not done after ${timeoutMs / 1000} s: ${JSON.stringify(reply).slice(0, 300)}`);
    await sleep(intervalMs);
  }
}

const FAILED_SCAN = { 4: 'DATABASE_NOT_UPDATED', 5: 'ABORTED' };

/** PUT /v2/projects and poll the creation status every 50 ms; resolves with the wall time. */
export async function createProject(server, name, folder, { timeoutMs = 600_000 } = {}) {
  const started = process.hrtime.bigint();
  const reply = await call(`${server.url}/v2/projects`, 'PUT', {
    status: 'raw',
    project_name: name,
    annotation_type: 'boundingbox',
    project_path: folder,
    label_file_path: '',
  });
  if (reply.message !== 1) throw new Error(`create ${name}: ${JSON.stringify(reply)}`);
  const final = await poll(() => call(`${server.url}/v2/bndbox/projects/${encodeURIComponent(name)}`), {
    done: (status) => status.file_system_status === 3,
    fail: (status) => (status.message !== 1 ? JSON.stringify(status) : FAILED_SCAN[status.file_system_status]),
    timeoutMs,
    what: `creation of ${name}`,
  });
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, unsupported: final.unsupported_image_list?.length ?? 0 };
}

/** Loads the project (V1) and returns its uuid list from the loading status. */
export async function loadProject(server, name) {
  const base = `${server.url}/bndbox/projects/${encodeURIComponent(name)}`;
  const loaded = await call(base);
  if (loaded.message !== 1) throw new Error(`load ${name}: ${JSON.stringify(loaded).slice(0, 300)}`);
  const status = await poll(() => call(`${base}/loadingstatus`), {
    done: (reply) => reply.message === 2,
    fail: (reply) => (reply.message === 0 ? JSON.stringify(reply).slice(0, 300) : null),
    what: `loading of ${name}`,
  });
  return status.uuid_list;
}

export const trpcPagePath = (input) => `/api/trpc/image.page?input=${encodeURIComponent(JSON.stringify(input))}`;

/** uuid → path relative to the project folder, from the tRPC page query (500 a page). */
export async function imagePaths(server, name, total) {
  const paths = new Map();
  for (let offset = 0; offset < total; offset += 500) {
    const reply = await call(server.url + trpcPagePath({ annotation_type: 'bndbox', project_name: name, offset, limit: 500 }));
    for (const item of reply.result.data.items) paths.set(item.uuid, item.img_path);
  }
  return paths;
}

/** The background thumbnail pre-generation that loading a project starts (tRPC, as the workspace reads it). */
export async function thumbnailStatus(server, name) {
  const input = encodeURIComponent(JSON.stringify({ annotation_type: 'bndbox', project_name: name }));
  return (await call(`${server.url}/api/trpc/project.thumbnailStatus?input=${input}`)).result.data;
}

export const waitForThumbnails = (server, name, { intervalMs = 50 } = {}) =>
  poll(() => thumbnailStatus(server, name), { done: (status) => status.state !== 'running', intervalMs, what: `thumbnails of ${name}` });

/**
 * Closes the project (which stops its pre-generation) and empties the thumbnail cache, so the
 * next thumbnail requests (or the next load's pre-generation) meet cold thumbnails again.
 */
export async function coldThumbnails(server, name) {
  await call(`${server.url}/bndbox/projects/${encodeURIComponent(name)}`, 'PUT', { status: 'closed' });
  await waitForThumbnails(server, name);
  fs.rmSync(path.join(server.dataDir, 'thumbnails'), { recursive: true, force: true });
}
