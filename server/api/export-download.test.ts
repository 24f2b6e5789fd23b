// The workspace's "Download" of an export: exactly the file the project's last export wrote,
// and nothing else (no other project's export, no path from the request).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXPORT_JOB_KEY } from '@/server/core/jobs/job-kinds';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { createTestCore, type TestCore } from '@/server/testing/test-core';
import { createExportDownloadHandler } from './export-download';
import { createCaller } from './root';
import { exportStatusOutput } from './schemas/transfer.schema';

const errorEnvelope = z.object({ message: z.literal(0), error_code: z.number().int(), error_message: z.string() });

let t: TestCore;
let download: ReturnType<typeof createExportDownloadHandler>;

async function exportProject(name: string, exportType: string) {
  expect((await t.rest.put(`/v2/bndbox/projects/${name}/export/${exportType}`)).body).toEqual({ message: 1 });
  await t.core.jobs.settled(EXPORT_JOB_KEY);
  const status = exportStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/exportstatus')).body);
  expect(status.export_status).toBe(2);
  return status.project_config_path ?? '';
}

beforeAll(async () => {
  t = await createTestCore();
  download = createExportDownloadHandler(async () => t.core);
  for (const name of ['shop', 'park']) {
    const folder = await makeTempDir(`labelport-download-${name}-`);
    await writeImage(path.join(folder, 'a.jpg'), { format: 'jpeg', width: 64, height: 48 });
    await t.rest.put('/v2/projects', { status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: '' });
    await t.scanSettled('bndbox', name);
  }
});

afterAll(async () => {
  await t.close();
});

describe('export download', () => {
  it('refuses a project that has no finished export, in the JSON envelope', async () => {
    const reply = await download('bndbox', 'shop', new Headers());
    expect(reply.status).toBe(404);
    expect(errorEnvelope.parse(await reply.json()).error_message).toMatch(/export it first/);
  });

  it('streams exactly the zip the last export wrote, as an attachment', async () => {
    const written = await exportProject('shop', 'coco');
    const reply = await download('bndbox', 'shop', new Headers());
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/zip');
    expect(reply.headers.get('content-disposition')).toContain(encodeURIComponent(path.basename(written)));
    expect(Buffer.from(await reply.arrayBuffer()).equals(fs.readFileSync(written))).toBe(true);
  });

  it("refuses another project's name, an unknown project, a path-like name and an unknown type", async () => {
    for (const [type, name] of [['bndbox', 'park'], ['bndbox', 'nowhere'], ['bndbox', '../../etc/passwd'], ['bndbox', '/etc/passwd'], ['picture', 'shop']] as const) {
      const reply = await download(type, name, new Headers());
      expect(reply.status, `${type}/${name}`).toBeGreaterThanOrEqual(400);
      expect(errorEnvelope.parse(await reply.json()).message).toBe(0);
    }
    // the seg type of the same name is another project
    expect((await download('seg', 'shop', new Headers())).status).toBeGreaterThanOrEqual(400);
  });

  it('follows the last export: a cfg export of the project downloads its .json', async () => {
    const written = await exportProject('shop', 'cfg');
    const reply = await download('bndbox', 'shop', new Headers());
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(Buffer.from(await reply.arrayBuffer()).equals(fs.readFileSync(written))).toBe(true);
    expect((await download('bndbox', 'park', new Headers())).status).toBe(404);
  });

  it('says the file is gone when it was removed after the export', async () => {
    const written = await exportProject('park', 'voc');
    fs.renameSync(written, `${written}.moved`);
    const reply = await download('bndbox', 'park', new Headers());
    expect(reply.status).toBe(404);
    expect(errorEnvelope.parse(await reply.json()).error_message).toMatch(/gone/);
  });
});

describe("the workspace's export status in a team", () => {
  const as = (name: string) => createCaller({ core: t.core, transport: 'trpc', team: true, actor: { userId: name, name, role: 'admin' } });
  const bndbox = { annotation_type: 'bndbox' as const };

  it("names the written file only to the user who started the export, in its project's menu; the REST status stays the server's one", async () => {
    const shop = { ...bndbox, project_name: 'shop' };
    await as('ada').transfer.export({ ...shop, export_type: 'coco' });
    await t.core.jobs.settled(EXPORT_JOB_KEY);
    const adas = await as('ada').transfer.ownExportStatus(shop);
    expect(adas).toMatchObject({ export_status: 2, project_config_path: expect.stringContaining('shop') });
    // Bob exported earlier (or never): Ada's file is not his.
    expect(await as('bob').transfer.ownExportStatus(shop)).toMatchObject({ export_status: 0, project_config_path: null });
    // Nor is it park's: its Download would answer that park has no export.
    expect(await as('ada').transfer.ownExportStatus({ ...bndbox, project_name: 'park' })).toMatchObject({ export_status: 0, project_config_path: null });
    expect(await as('bob').transfer.exportStatus(bndbox)).toEqual(adas);
    expect(exportStatusOutput.parse((await t.rest.get('/v2/bndbox/projects/exportstatus')).body)).toEqual(adas);
  });
});
