// LABELPORT_ROOTS over the wire: a project only from a folder under a root (symlinks and `..`
// cannot lead out), nothing created otherwise; the create dialog's browser lists only what is
// under the roots; the server's file dialog is refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { EXPORT_JOB_KEY, IMPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { tinyPng } from '@/test/reliability/helpers';
import { createCaller } from './root';

let t: TestCore;
let root: string;
let outside: string;

const create = (name: string, projectPath: string, labelFilePath = '') =>
  t.rest.put('/v2/projects', { status: 'raw', project_name: name, annotation_type: 'bndbox', project_path: projectPath, label_file_path: labelFilePath });

beforeAll(async () => {
  root = await makeTempDir('labelport-root-');
  outside = await makeTempDir('labelport-outside-');
  for (const folder of [path.join(root, 'street'), path.join(root, 'street', 'night'), path.join(root, '.hidden'), outside]) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'a.png'), tinyPng(1));
  }
  fs.symlinkSync(outside, path.join(root, 'escape'));
  fs.writeFileSync(path.join(outside, 'labels.txt'), 'cat\n');
  t = await createTestCore({ projectRoots: [root] });
});

afterAll(async () => {
  await t.close();
  for (const folder of [root, outside]) fs.rmSync(folder, { recursive: true, force: true });
});

describe('project roots', () => {
  it('makes a project from a folder under a root', async () => {
    expect((await create('street', path.join(root, 'street'))).body).toEqual({ message: 1 });
  });

  it('refuses folders outside the roots, by path, `..` or symlink, and a label file outside; nothing is created', async () => {
    for (const [name, folder, labels] of [
      ['out', outside, ''],
      ['dots', path.join(root, 'street', '..', '..', path.basename(outside)), ''],
      ['link', path.join(root, 'escape'), ''],
      ['labels', path.join(root, 'street'), path.join(outside, 'labels.txt')],
    ] as const) {
      const reply = await create(name, folder, labels);
      expect(reply.status, name).toBe(400);
      expect(reply.body, name).toMatchObject({ message: 0, error_message: expect.stringMatching(/not under a project root/) });
    }
    const listed = (await t.rest.get('/bndbox/projects/meta')).body.content as Array<{ project_name: string }>;
    expect(listed.map((entry) => entry.project_name)).toEqual(['street']);
  });

  it('imports a classifai configuration only from under a root: its folder becomes the project\'s', async () => {
    expect((await t.rest.put('/v2/bndbox/projects/street/export/cfg', {})).body).toEqual({ message: 1 });
    await t.core.jobs.settled(EXPORT_JOB_KEY);
    const written = JSON.parse(fs.readFileSync(path.join(root, 'street', 'street.json'), 'utf8')) as Record<string, unknown>;
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    const importAs = async (name: string, folder: string) => {
      const config = path.join(folder, `${name}.json`);
      fs.writeFileSync(config, JSON.stringify({ ...written, project_name: name }));
      await caller.transfer.importFile({ config_path: config });
      await t.core.jobs.settled(IMPORT_JOB_KEY);
      return caller.transfer.importStatus({ annotation_type: 'bndbox' });
    };
    expect(await importAs('elsewhere', outside)).toMatchObject({ error_message: expect.stringMatching(/not under a project root/) });
    expect(await importAs('inside', path.join(root, 'street'))).toMatchObject({ project_name: 'inside', error_message: '' });
    const listed = (await t.rest.get('/bndbox/projects/meta')).body.content as Array<{ project_name: string }>;
    expect(listed.map((entry) => entry.project_name).sort()).toEqual(['inside', 'street']);
  });

  it('lists the roots, then the folders under one with their image files; never hidden folders or links out', async () => {
    const caller = createCaller({ core: t.core, transport: 'trpc', actor: null });
    expect((await caller.folders.roots()).roots).toEqual([root]);
    const top = await caller.folders.list({});
    expect(top.folders).toEqual([{ name: root, path: root, imageFiles: 0 }]);
    const inside = await caller.folders.list({ path: root });
    expect(inside.folders.map((folder) => folder.name)).toEqual(['street']);
    const street = await caller.folders.list({ path: path.join(root, 'street') });
    expect(street).toMatchObject({ parent: fs.realpathSync(root), folders: [{ name: 'night', imageFiles: 1 }] });
    await expect(caller.folders.list({ path: outside })).rejects.toMatchObject({ message: expect.stringMatching(/not under a project root/) });
    await expect(caller.folders.list({ path: path.join(root, 'escape') })).rejects.toMatchObject({ message: expect.stringMatching(/not under a project root/) });
  });

  it('reads an annotation dataset on the server only from under a root: a preview of another folder lists nothing of it', async () => {
    fs.writeFileSync(path.join(outside, 'a.txt'), '0 0.5 0.5 0.2 0.2\n');
    fs.writeFileSync(path.join(outside, 'classes.txt'), 'secret-label\n');
    for (const source of [outside, path.join(root, 'escape')]) {
      const reply = await t.rest.put('/v2/bndbox/projects/street/import/yolo', { source_path: source, preview: 'true' });
      expect(reply.status, source).toBe(400);
      expect(JSON.stringify(reply.body), source).not.toContain('secret-label');
      expect(reply.body, source).toMatchObject({ message: 0, error_message: expect.stringMatching(/not under a project root/) });
    }
    fs.writeFileSync(path.join(root, 'street', 'classes.txt'), 'car\n');
    fs.writeFileSync(path.join(root, 'street', 'a.txt'), '0 0.5 0.5 0.2 0.2\n');
    const inside = await t.rest.put('/v2/bndbox/projects/street/import/yolo', { source_path: path.join(root, 'street'), preview: 'true' });
    expect(inside.body).toMatchObject({ message: 1 });
  });

  it("refuses the server's file dialog: the user is elsewhere", async () => {
    const reply = await t.rest.put('/v2/folders');
    expect(reply.body).toMatchObject({ message: 0, error_message: expect.stringMatching(/no file dialog/) });
    // Adding images with none uploaded would open it too, and copy from any folder it named.
    t.chooser.next.folder = outside;
    const add = await t.rest.put('/v2/bndbox/projects/street/add', { img_name_list: [], img_base64_list: [] });
    expect(add.body).toMatchObject({ message: 0, error_message: expect.stringMatching(/no file dialog/) });
    expect(fs.readdirSync(path.join(root, 'street')).filter((name) => name.startsWith('a('))).toEqual([]);
  });

  it('refuses a configuration import that names no file, instead of asking the dialog on the server', async () => {
    let asked = 0;
    const choose = t.chooser.choose;
    t.chooser.choose = (kind) => ((asked += 1), choose(kind));
    try {
      t.chooser.next.file = path.join(outside, 'secret.json');
      const reply = await t.rest.put('/v2/projects', { status: 'config' });
      expect(reply.body).toMatchObject({ message: 0, error_message: expect.stringMatching(/no file dialog/) });
      await t.core.jobs.settled(IMPORT_JOB_KEY);
      expect(asked).toBe(0);
    } finally {
      t.chooser.choose = choose;
    }
  });
});
