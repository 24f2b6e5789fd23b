// kill -9 of the built server in the middle of saving, scanning, exporting and adding, then a
// restart on the same DATA_DIR: what was confirmed is kept, nothing stays "running" forever,
// no half export is presented as done, and the user's images are untouched.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { readZip } from '@/server/files/zip-reader';
import { request, startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { snapshotFolder, tinyPng, waitFor } from './helpers';

const BIG_FOLDER_SIZE = 3000;

let dataDir: string;
let server: BuiltServer | undefined;
let smallFolder: string; // project "updates": a few real images
let bigFolder: string; // project "big": thousands of tiny PNGs
let addTarget: string; // project "adds": receives copies of bigFolder
let bigSnapshot: Record<string, string>;

const put = (urlPath: string, body?: unknown) => request(server!, 'PUT', urlPath, { body });
const get = (urlPath: string) => request(server!, 'GET', urlPath);
const enc = encodeURIComponent;

async function restart(): Promise<void> {
  server = await startBuiltServer({ dataDir, env: { LABELPORT_CHOOSER: `echo ${bigFolder} #` } });
}

async function createProject(name: string, folder: string): Promise<void> {
  const reply = await put('/v2/projects', { status: 'raw', project_name: name, annotation_type: 'boundingbox', project_path: folder, label_file_path: '' });
  expect(reply.json).toEqual({ message: 1 });
}

const scanStatus = async (name: string) => (await get(`/v2/bndbox/projects/${enc(name)}`)).json ?? {};

async function uuidsOf(name: string): Promise<string[]> {
  await get(`/bndbox/projects/${enc(name)}`); // open (load) it: a restart closes every project
  const status = (await get(`/bndbox/projects/${enc(name)}/loadingstatus`)).json;
  return (status?.uuid_list as string[] | undefined) ?? [];
}

const totalOf = async (name: string) => ((await get(`/bndbox/projects/${enc(name)}/meta`)).json?.content as Array<{ total_uuid: number }>)[0]?.total_uuid;

beforeAll(async () => {
  dataDir = await makeTempDir('labelport-crash-data-');
  smallFolder = await makeTempDir('labelport-crash-small-');
  for (let index = 0; index < 8; index += 1) {
    await writeImage(path.join(smallFolder, `img${index}.${index % 2 ? 'png' : 'jpg'}`), { format: index % 2 ? 'png' : 'jpeg', width: 64 + index, height: 48 });
  }
  bigFolder = await makeTempDir('labelport-crash-big-');
  for (let index = 0; index < BIG_FOLDER_SIZE; index += 1) {
    const folder = path.join(bigFolder, `part${index % 10}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `tiny${index}.png`), tinyPng(index));
  }
  bigSnapshot = snapshotFolder(bigFolder);
  addTarget = await makeTempDir('labelport-crash-adds-');
  await writeImage(path.join(addTarget, 'seed.jpg'), { format: 'jpeg', width: 32, height: 32 });
  await restart();
}, 120_000);

afterAll(async () => {
  await server?.kill9();
  for (const folder of [dataDir, smallFolder, bigFolder, addTarget]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('kill -9 and restart on the same DATA_DIR', () => {
  it('keeps every update that was answered {message: 1} during a burst, and the images stay byte-identical', async () => {
    await createProject('updates', smallFolder);
    await waitFor(async () => (await scanStatus('updates')).file_system_status === 3, 10_000, 'the scan of "updates"');
    const before = snapshotFolder(smallFolder);
    const uuids = await uuidsOf('updates');
    expect(uuids).toHaveLength(8);

    // One client per image, each saving boxes 1, 2, 3… one after another; kill -9 mid-burst.
    const answered = new Map<string, number>(uuids.map((uuid) => [uuid, 0]));
    let totalAnswered = 0;
    let killed = false;
    const client = async (uuid: string) => {
      for (let seq = 1; !killed; seq += 1) {
        const box = { x1: seq, y1: 1, x2: seq + 10, y2: 11, label: 'car', id: seq, lineWidth: 2, color: 'rgba(0,255,0,1.0)' };
        try {
          const reply = await put(`/bndbox/projects/updates/uuid/${uuid}/update`, { uuid, bnd_box: [box], img_x: 0, img_y: 0, img_w: 100, img_h: 100 });
          if (reply.json?.message === 1 && !killed) {
            answered.set(uuid, seq);
            totalAnswered += 1;
          }
        } catch {
          return; // the server died under this request
        }
      }
    };
    const clients = uuids.map(client);
    await waitFor(() => totalAnswered >= 150, 20_000, '150 answered updates');
    killed = true;
    await server!.kill9();
    await Promise.all(clients);

    await restart();
    for (const uuid of uuids) {
      const record = (await get(`/bndbox/projects/updates/uuid/${uuid}/thumbnail`)).json;
      const last = answered.get(uuid) ?? 0;
      const saved = (record?.bnd_box as Array<{ x1: number }> | undefined)?.[0]?.x1 ?? 0;
      // The answered one, or the one in flight when the server died (it may have committed).
      expect([last, last + 1], `image ${uuid}`).toContain(saved);
    }
    expect(snapshotFolder(smallFolder)).toEqual(before);
  }, 60_000);

  it('a scan killed half-way shows a failed status after restart, and a reload then finds every image', async () => {
    await createProject('big', bigFolder);
    // Killed as soon as the scan is seen running (on a very fast machine it may be done already).
    await waitFor(async () => [1, 2, 3].includes((await scanStatus('big')).file_system_status as number), 10_000, 'the scan of "big" to run', 5);
    await server!.kill9();

    await restart();
    // On PostgreSQL the killed process's job fails once its heartbeat is stale, not at start.
    const after = await waitFor(async () => {
      const status = await scanStatus('big');
      return [1, 2].includes(status.file_system_status as number) ? undefined : status;
    }, 15_000, 'the killed scan to stop showing as running');
    expect(after.message).toBe(1);
    // ABORTED (5) with the reason; a scan that finished just before the kill shows 3.
    expect([3, 5]).toContain(after.file_system_status);
    if (after.file_system_status === 5) expect(String(after.error_message)).toMatch(/interrupted/i);

    expect((await put('/v2/bndbox/projects/big/reload')).json).toEqual({ message: 1 });
    await waitFor(async () => (await get('/v2/bndbox/projects/big/reloadstatus')).json?.file_system_status === 3, 30_000, 'the reload of "big"');
    expect(await totalOf('big')).toBe(BIG_FOLDER_SIZE);
    expect(snapshotFolder(bigFolder)).toEqual(bigSnapshot);
  }, 90_000);

  it('an export killed half-way is not "running" after restart and never leaves a truncated <name>.zip', async () => {
    expect((await put('/v2/bndbox/projects/big/export/cfgdata')).json).toEqual({ message: 1 });
    // Killed while the zip is being written: its temporary file exists and has grown.
    const isPartialZip = (name: string) => /^big\.zip\.[0-9a-f]+\.partial$/.test(name);
    const exportDone = async () => (await get('/v2/bndbox/projects/exportstatus')).json?.export_status === 2;
    const zipGrowing = () => fs.readdirSync(bigFolder).some((name) => isPartialZip(name) && fs.statSync(path.join(bigFolder, name)).size > 4096);
    await waitFor(async () => zipGrowing() || (await exportDone()), 20_000, 'the zip to be half written', 2);
    await server!.kill9();

    await restart();
    const status = await waitFor(async () => {
      const reply = (await get('/v2/bndbox/projects/exportstatus')).json;
      return reply?.export_status === 1 ? undefined : reply;
    }, 15_000, 'the killed export to stop showing as running');
    expect(status?.message).toBe(1);
    expect(['EXPORT_FAIL', 'EXPORT_SUCCESS']).toContain(status?.export_status_message);
    const zipPath = path.join(bigFolder, 'big.zip');
    if (fs.existsSync(zipPath)) {
      // Only a complete zip may carry the final name: the config plus every image.
      expect(readZip(fs.readFileSync(zipPath))).toHaveLength(BIG_FOLDER_SIZE + 1);
    } else {
      expect(status).toMatchObject({ export_status_message: 'EXPORT_FAIL', error_message: expect.stringMatching(/interrupted/i) });
    }
    // The images are as they were; the export's own files (json, zip, .partial) are the only extras.
    const isExportFile = (rel: string) => /^big\.(json|zip)(\.[0-9a-f]+\.partial)?$/.test(rel);
    expect(snapshotFolder(bigFolder, isExportFile)).toEqual(bigSnapshot);
  }, 60_000);

  it('an add (copy from a chosen folder) killed half-way is not "adding" after restart; every copy is whole', async () => {
    await createProject('adds', addTarget);
    await waitFor(async () => (await scanStatus('adds')).file_system_status === 3, 10_000, 'the scan of "adds"');
    expect((await put('/v2/bndbox/projects/adds/add', {})).json).toEqual({ message: 1 });
    await waitFor(async () => {
      const status = (await get('/v2/bndbox/projects/adds/addstatus')).json;
      const copying = status?.add_image_status === 2 && ((status.progress as number[] | undefined)?.[0] ?? 0) > 0;
      return copying || status?.add_image_status === 0;
    }, 20_000, 'the copy to be under way', 5);
    await server!.kill9();

    await restart();
    const status = await waitFor(async () => {
      const reply = (await get('/v2/bndbox/projects/adds/addstatus')).json;
      return reply?.add_image_status === 2 ? undefined : reply;
    }, 15_000, 'the killed add to stop showing as ADDING_IMAGES');
    expect(status?.message).toBe(1);
    expect(status?.add_image_status, 'not ADDING_IMAGES forever').not.toBe(2);
    // Each file now in the project is the seed or a whole copy of a source image; a copy cut
    // by the kill stays under its temporary .labelport-*.partial name (removed by the next add).
    const sources = new Set(Object.values(bigSnapshot));
    const copies = snapshotFolder(addTarget, (rel) => /^\.labelport-[0-9a-f]+\.partial$/.test(rel));
    for (const [rel, hash] of Object.entries(copies)) {
      if (rel !== 'seed.jpg') expect(sources.has(hash), `${rel} is a whole copy`).toBe(true);
    }
    expect(snapshotFolder(bigFolder, (rel) => /^big\./.test(rel))).toEqual(bigSnapshot);
  }, 60_000);
});
