// The project lifecycle over REST, bndbox and seg, in process (new Request on the adapter).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage, writeImageFolder } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { projectMetaOutput, loadingStatusOutput, statisticOutput } from './schemas/project.schema';
import { createRestHandler } from './rest-adapter';
import { createCaller } from './root';
import { creationStatusOutput, reloadStatusOutput } from './schemas/status.schema';

let t: TestCore;
let folder: string;
let fixture: Awaited<ReturnType<typeof writeImageFolder>>;
let labelFile: string;
const hashes = new Map<string, string>();

const hashTree = (root: string) => {
  const result = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else result.set(full, crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex'));
    }
  };
  walk(root);
  return result;
};

async function createProject(name: string, annotationType = 'boundingbox', extra: Record<string, string> = {}) {
  return t.rest.put('/v2/projects', {
    status: 'raw',
    project_name: name,
    annotation_type: annotationType,
    project_path: folder,
    label_file_path: labelFile,
    ...extra,
  });
}

beforeAll(async () => {
  t = await createTestCore();
  folder = await makeTempDir('labelport-images-');
  fixture = await writeImageFolder(folder);
  labelFile = path.join(await makeTempDir('labelport-labels-'), 'labels.txt');
  fs.writeFileSync(labelFile, ' cat \r\ndog\n\n\ncat\ntraffic light\n');
  for (const [file, hash] of hashTree(folder)) hashes.set(file, hash);
});

afterAll(async () => {
  await t.close();
});

describe('creating a project', () => {
  it('answers at once with the scan already running, then reaches 3 with the unsupported files', async () => {
    const created = await createProject('pets');
    expect(created).toMatchObject({ status: 200, body: { message: 1 } });
    const first = await t.rest.get('/v2/bndbox/projects/pets');
    const firstStatus = creationStatusOutput.parse(first.body);
    expect(firstStatus.message).toBe(1);
    expect([1, 2, 3]).toContain(firstStatus.file_system_status);

    await t.scanSettled('bndbox', 'pets');
    const done = creationStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/pets')).body);
    expect(done).toMatchObject({ message: 1, file_system_status: 3, file_system_message: 'DATABASE_UPDATED' });
    expect([...(done.unsupported_image_list ?? [])].sort()).toEqual([...fixture.unsupported].sort());
  });

  it('accepts bndbox/seg and boundingbox/segmentation in any case', async () => {
    expect((await createProject('spelled-seg', 'SEG')).body).toEqual({ message: 1 });
    expect((await createProject('spelled-segmentation', 'Segmentation')).body).toEqual({ message: 1 });
    expect((await createProject('spelled-bndbox', 'bndbox')).body).toEqual({ message: 1 });
    await Promise.all(['spelled-seg', 'spelled-segmentation'].map((name) => t.scanSettled('seg', name)));
    await t.scanSettled('bndbox', 'spelled-bndbox');
    const seg = projectMetaOutput.parse((await t.rest.get('/seg/projects/meta')).body);
    expect(seg.content.map((p) => p.project_name)).toEqual(['spelled-seg', 'spelled-segmentation']);
  });

  it('lists the project with every metadata field and type', async () => {
    const reply = await t.rest.get('/bndbox/projects/meta');
    const list = projectMetaOutput.parse(reply.body);
    const pets = list.content.find((p) => p.project_name === 'pets');
    expect(pets).toMatchObject({
      project_path: folder,
      is_new: true,
      is_starred: false,
      is_loaded: false,
      is_cloud: false,
      project_infra: 'ON_PREMISE',
      total_uuid: fixture.images.length,
      root_path_valid: true,
    });
    expect(pets?.created_date).toMatch(/^\d{4}\/\d{2}\/\d{2} (0[1-9]|1[0-2]):\d{2}:\d{2} (AM|PM)$/);
    expect(pets?.current_version).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the label file: trimmed, blanks and repeats dropped, order kept', async () => {
    await t.rest.get('/bndbox/projects/pets');
    const loaded = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/pets/loadingstatus')).body);
    expect(loaded.label_list).toEqual(['cat', 'dog', 'traffic light']);
  });

  it('refuses bad requests with the envelope and creates nothing', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ project_name: 'pets' }, 200], // name taken
      [{ project_name: '' }, 400],
      [{ project_name: '../escape' }, 400],
      [{ project_name: 'a/b' }, 400],
      [{ project_name: 'a\\b' }, 400],
      [{ project_name: 'x'.repeat(256) }, 400],
      [{ project_name: 'bell\u0007' }, 400],
      [{ project_name: 'pct%41' }, 400],
      [{ project_name: 'meta' }, 400],
      [{ project_name: '.' }, 400],
      [{ project_name: '...' }, 400],
      [{ project_name: '   ' }, 400],
      [{ project_name: '\u3000\u00a0' }, 400],
      [{ project_name: 'fine', annotation_type: 'polygon' }, 400],
      [{ project_name: 'fine', annotation_type: undefined }, 400], // no type: classifai refuses, it is no seg project
      [{ project_name: 'fine', project_path: path.join(folder, 'nope') }, 400],
      [{ project_name: 'fine', label_file_path: '/no/such/labels.txt' }, 400],
      [{ project_name: 'fine', status: 'cooked' }, 400],
      [{ project_name: 12 }, 400],
    ];
    for (const [override, status] of cases) {
      const reply = await t.rest.put('/v2/projects', {
        status: 'raw', project_name: 'fine', annotation_type: 'bndbox', project_path: folder, label_file_path: '', ...override,
      });
      expect(reply.status, JSON.stringify(override)).toBe(status);
      expect(reply.body).toMatchObject({ message: 0, error_code: expect.any(Number), error_message: expect.any(String) });
    }
    const names = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/meta')).body).content.map((p) => p.project_name);
    expect(names).not.toContain('fine');
    expect(projectMetaOutput.parse((await t.rest.get('/seg/projects/meta')).body).content.map((p) => p.project_name)).not.toContain('fine');
  });

  it('refuses a body over 16 MiB on paths that carry no files with 413', async () => {
    const reply = await t.rest.put('/v2/projects', { status: 'raw', project_name: 'big', padding: 'x'.repeat(17 * 2 ** 20) });
    expect(reply).toMatchObject({ status: 413, body: { message: 0, error_code: 2, error_message: 'Request body larger than 16 MiB' } });
  });

  it('refuses a chunked body (no Content-Length) over 16 MiB with 413 before reading all of it', async () => {
    const MiB = 2 ** 20;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64 * MiB) return controller.close();
        sent += MiB;
        controller.enqueue(new Uint8Array(MiB).fill(0x20));
      },
    });
    const request = new Request('http://localhost:9999/v2/projects', { method: 'PUT', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const reply = await createRestHandler(async () => t.core)(request, '/v2/projects');
    expect({ status: reply.status, body: await reply.json() }).toEqual({ status: 413, body: { message: 0, error_code: 2, error_message: 'Request body larger than 16 MiB' } });
    expect(sent).toBeLessThan(20 * MiB);
  });

  it('answers malformed JSON and wrong body types with 400', async () => {
    const broken = await t.rest.send('PUT', '/v2/projects', '{"status": "raw",');
    expect(broken).toMatchObject({ status: 400, body: { message: 0, error_code: 2 } });
    const array = await t.rest.send('PUT', '/v2/projects', '[1,2]');
    expect(array.status).toBe(400);
  });
});

describe('project lifecycle', () => {
  it('loads: is_new becomes false, is_loaded true, loadingstatus 2 with every uuid', async () => {
    expect((await t.rest.get('/bndbox/projects/pets')).body).toEqual({ message: 1 });
    const meta = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/pets/meta')).body);
    expect(meta.content).toHaveLength(1);
    expect(meta.content[0]).toMatchObject({ is_new: false, is_loaded: true, root_path_valid: true });
    const status = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/pets/loadingstatus')).body);
    expect(status.message).toBe(2);
    expect(status.uuid_list).toHaveLength(fixture.images.length);
    expect(new Set(status.uuid_list).size).toBe(fixture.images.length);
  });

  it('closes with status "closed" only', async () => {
    expect((await t.rest.put('/bndbox/projects/pets', { status: 'closed' })).body).toEqual({ message: 1 });
    const meta = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/pets/meta')).body);
    expect(meta.content[0]?.is_loaded).toBe(false);
    const wrong = await t.rest.put('/bndbox/projects/pets', { status: 'open' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 0 } });
  });

  it('stars with "true"/"false" in any case and refuses anything else', async () => {
    const starred = async () =>
      projectMetaOutput.parse((await t.rest.get('/bndbox/projects/pets/meta')).body).content[0]?.is_starred;
    expect((await t.rest.put('/bndbox/projects/pets/star', { status: 'TRUE' })).body).toEqual({ message: 1 });
    expect(await starred()).toBe(true);
    expect((await t.rest.put('/bndbox/projects/pets/star', { status: 'false' })).body).toEqual({ message: 1 });
    expect(await starred()).toBe(false);
    for (const status of ['maybe', '', true, 1]) {
      const reply = await t.rest.put('/bndbox/projects/pets/star', { status });
      expect(reply.status).toBe(400);
    }
    expect(await starred()).toBe(false);
  });

  it('renames, refuses a taken or unsafe name, and keeps the images', async () => {
    expect((await t.rest.put('/v2/bndbox/projects/pets/rename/pets2', {})).body).toEqual({ message: 1 });
    expect((await t.rest.get('/bndbox/projects/pets/meta')).body).toMatchObject({ message: 0, error_code: 1 });
    const meta = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/pets2/meta')).body);
    expect(meta.content[0]?.total_uuid).toBe(fixture.images.length);
    const taken = await t.rest.put('/v2/bndbox/projects/pets2/rename/spelled-bndbox');
    expect(taken).toMatchObject({ status: 200, body: { message: 0, error_code: 1 } });
    const unsafe = await t.rest.put('/v2/bndbox/projects/pets2/rename/..%2F..%2Fetc');
    expect(unsafe).toMatchObject({ status: 400, body: { message: 0 } });
    expect((await t.rest.put('/v2/bndbox/projects/pets2/rename/pets')).body).toEqual({ message: 1 });
  });

  it('refuses a new name of only dots or only spaces and keeps the old one', async () => {
    const names = async () => projectMetaOutput.parse((await t.rest.get('/bndbox/projects/meta')).body).content.map((p) => p.project_name).sort();
    const before = await names();
    // '.' and '%2E' are dot segments a URL parser drops, so the path itself no longer names a new project.
    for (const newName of ['.', '%2E', '...', '%2E%2E%2E', '%20%20', '%E3%80%80']) {
      const reply = await t.rest.put(`/v2/bndbox/projects/pets/rename/${newName}`, {});
      expect(reply.status, newName).toBeGreaterThanOrEqual(400);
      expect(reply.body, newName).toMatchObject({ message: 0, error_code: expect.any(Number), error_message: expect.any(String) });
    }
    // The workspace renames over tRPC, where the name arrives as it was typed.
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    for (const newName of ['.', '..', '...', ' . ', '  ']) {
      await expect(caller.project.rename({ annotation_type: 'bndbox', project_name: 'pets', new_project_name: newName }), newName).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await names()).toEqual(before);
    expect(before).toContain('pets');
  });

  it('decodes percent-encoded names and answers malformed encoding with the envelope', async () => {
    expect((await createProject('My Pets – ü')).body).toEqual({ message: 1 });
    await t.scanSettled('bndbox', 'My Pets – ü');
    const encoded = encodeURIComponent('My Pets – ü');
    const meta = projectMetaOutput.parse((await t.rest.get(`/bndbox/projects/${encoded}/meta`)).body);
    expect(meta.content[0]?.project_name).toBe('My Pets – ü');
    const malformed = await t.rest.get('/bndbox/projects/%E0%A4%A/meta');
    expect(malformed).toMatchObject({ status: 400, body: { message: 0, error_code: 2 } });
  });

  it('reaches a project whose name has a bare %, as the classifai client sends it (unescaped)', async () => {
    expect((await createProject('50% off')).body).toEqual({ message: 1 });
    await t.scanSettled('bndbox', '50% off');
    const meta = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/50%%20off/meta')).body);
    expect(meta.content[0]?.project_name).toBe('50% off');
  });

  it('refuses names with # or ?, which the classifai client would cut off its URLs (and act on another project)', async () => {
    for (const name of ['cats#1', 'cats?x']) {
      expect(await createProject(name), name).toMatchObject({ status: 400, body: { message: 0, error_message: expect.stringMatching(/# or \?/) } });
    }
    const listed = projectMetaOutput.parse((await t.rest.get('/bndbox/projects/meta')).body).content.map((p) => p.project_name);
    expect(listed.filter((name) => /[#?]/.test(name))).toEqual([]);
  });

  it('reports statistics with zero counts for unused labels', async () => {
    const stats = statisticOutput.parse((await t.rest.get('/v2/bndbox/projects/pets/statistic')).body);
    expect(stats).toMatchObject({ message: 1, labeled_image: 0, unlabeled_image: fixture.images.length });
    expect(stats.label_per_class_in_project).toEqual([
      { label: 'cat', count: 0 },
      { label: 'dog', count: 0 },
      { label: 'traffic light', count: 0 },
    ]);
    const missing = await t.rest.get('/v2/bndbox/projects/nope/statistic');
    expect(missing.body).toMatchObject({ message: 0, error_code: 1, label_per_class_in_project: null });
  });

  it('reloads: new files become new uuids, missing ones drop out, the rest keep theirs', async () => {
    const before = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/pets/loadingstatus')).body).uuid_list ?? [];
    const added = path.join(folder, 'added', 'new.png');
    await writeImage(added, { format: 'png', width: 33, height: 21 });
    const moved = fixture.images[0] as string;
    const parked = path.join(await makeTempDir('labelport-parked-'), 'parked');
    fs.renameSync(moved, parked);
    try {
      expect((await t.rest.put('/v2/bndbox/projects/pets/reload', { newprojectid: 'pets' })).body).toEqual({ message: 1 });
      await t.scanSettled('bndbox', 'pets');
      const status = reloadStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/pets/reloadstatus')).body);
      expect(status).toMatchObject({ message: 1, file_system_status: 3, progress: null });
      expect(status.uuid_add_list).toHaveLength(1);
      expect(status.uuid_delete_list).toHaveLength(1);
      const after = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/pets/loadingstatus')).body).uuid_list ?? [];
      expect(after).toHaveLength(before.length);
      expect(after).toContain(status.uuid_add_list?.[0]);
      expect(after).not.toContain(status.uuid_delete_list?.[0]);
      expect(before.filter((uuid) => after.includes(uuid))).toHaveLength(before.length - 1);
    } finally {
      fs.renameSync(parked, moved);
      fs.rmSync(path.join(folder, 'added'), { recursive: true });
    }
    await t.rest.put('/v2/bndbox/projects/pets/reload');
    await t.scanSettled('bndbox', 'pets');
    const restored = reloadStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/pets/reloadstatus')).body);
    expect(restored.uuid_add_list).toHaveLength(1);
    const final = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/pets/loadingstatus')).body).uuid_list ?? [];
    expect([...final].sort()).toEqual([...before].sort());
  });

  it('deletes a project without touching a file, and frees its name', async () => {
    expect((await t.rest.delete('/bndbox/projects/spelled-bndbox')).body).toEqual({ message: 1 });
    expect((await t.rest.get('/bndbox/projects/spelled-bndbox/meta')).body).toMatchObject({ message: 0, error_code: 1 });
    expect((await t.rest.delete('/bndbox/projects/spelled-bndbox')).body).toMatchObject({ message: 0, error_code: 1 });
    expect((await createProject('spelled-bndbox', 'bndbox')).body).toEqual({ message: 1 });
    await t.scanSettled('bndbox', 'spelled-bndbox');
  });
});

describe('unknown projects and routes', () => {
  it('answers every project endpoint for a missing project with message 0', async () => {
    const replies = await Promise.all([
      t.rest.get('/bndbox/projects/ghost'),
      t.rest.get('/bndbox/projects/ghost/meta'),
      t.rest.put('/bndbox/projects/ghost/star', { status: 'true' }),
      t.rest.put('/bndbox/projects/ghost', { status: 'closed' }),
      t.rest.put('/v2/bndbox/projects/ghost/reload'),
      t.rest.put('/v2/bndbox/projects/ghost/rename/other'),
      t.rest.delete('/bndbox/projects/ghost'),
    ]);
    for (const reply of replies) {
      expect(reply).toMatchObject({ status: 200, body: { message: 0, error_code: 1, error_message: expect.stringContaining('ghost') } });
    }
    const creation = creationStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/ghost')).body);
    expect(creation).toMatchObject({ message: 0, file_system_status: 0, file_system_message: null });
    const loading = loadingStatusOutput.parse((await t.rest.get('/bndbox/projects/ghost/loadingstatus')).body);
    expect(loading).toMatchObject({ message: 0, progress: null, uuid_list: null });
  });

  it('answers an unknown annotation type with 400 and an unknown path with 404, both JSON', async () => {
    const badType = await t.rest.get('/polygon/projects/meta');
    expect(badType).toMatchObject({ status: 400, contentType: 'application/json', body: { message: 0 } });
    const unknown = await t.rest.get('/v3/whatever');
    expect(unknown).toMatchObject({ status: 404, contentType: 'application/json', body: { message: 0, error_code: 3 } });
  });
});

describe('choosers', () => {
  it('opens the folder chooser and reports the chosen folder once it closes', async () => {
    const initial = await t.rest.get('/v2/folders');
    expect(initial.body).toEqual({ message: 1, window_status: 1, window_message: 'WINDOW_CLOSE', project_path: '' });
    t.chooser.next.folder = folder;
    expect((await t.rest.put('/v2/folders', {})).body).toEqual({ message: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await t.rest.get('/v2/folders')).body).toEqual({ message: 1, window_status: 1, window_message: 'WINDOW_CLOSE', project_path: folder });
    t.chooser.next.file = '';
    expect((await t.rest.put('/v2/labelfiles')).body).toEqual({ message: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await t.rest.get('/v2/labelfiles')).body).toEqual({ message: 1, window_status: 1, window_message: 'WINDOW_CLOSE', label_file_path: '' });
  });
});

describe('the images', () => {
  it('are byte for byte what they were before the suite', () => {
    expect(hashTree(folder)).toEqual(hashes);
  });
});
