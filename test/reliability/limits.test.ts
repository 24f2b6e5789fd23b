// Files and requests sized to hurt: a 70,000 x 70,000 header, a decompression bomb, a truncated
// JPEG, a PNG whose header lies and a 1-bit BMP that grows 32-fold get an answer for that image
// only; the server stays up, responsive, and the other images still work. Oversized bodies get
// 413. The thumbnail cache stays bounded.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThumbnailCache, DEFAULT_THUMBNAIL_CACHE_BYTES, type ThumbnailKey } from '@/server/files/thumbnail-cache';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { request, startBuiltServer, type BuiltServer, type Reply } from '@/server/testing/built-server';
import { oneBitBmp, pngWithHeader, waitFor } from './helpers';

const MiB = 1024 * 1024;

/** Peak resident memory of the `next start` process (Linux /proc), or null where unknown. */
function peakRssMiB(server: BuiltServer): number | null {
  try {
    const pid = server.child.pid ?? 0;
    const [next] = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${next}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

describe('hostile image files in a project (built server)', () => {
  let server: BuiltServer;
  let dataDir: string;
  let folder: string;
  const uuidOf = new Map<string, string>(); // file name in the folder → uuid

  beforeAll(async () => {
    dataDir = await makeTempDir('labelport-limits-data-');
    folder = await makeTempDir('labelport-limits-images-');
    await writeImage(path.join(folder, 'good.png'), { format: 'png', width: 40, height: 30 });
    // 70,000 x 70,000 claimed by a 60-byte file: over the 65,500 px side (and gigapixel) limit.
    fs.writeFileSync(path.join(folder, 'huge-header.png'), pngWithHeader(70_000, 70_000));
    // A decompression bomb: 14,000 x 14,000 (588 MB of pixels) in a file of well under 1 MB.
    const bomb = await sharp({ create: { width: 14_000, height: 14_000, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(MiB);
    fs.writeFileSync(path.join(folder, 'bomb.png'), bomb);
    // A header that promises 12,000 x 12,000 and pixel data that is not there.
    fs.writeFileSync(path.join(folder, 'lying.png'), pngWithHeader(12_000, 12_000));
    // A real JPEG cut in half: the header is fine, the pixels end early.
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#369' } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(folder, 'truncated.jpg'), jpeg.subarray(0, Math.floor(jpeg.length / 2)));

    server = await startBuiltServer({ dataDir });
    await request(server, 'PUT', '/v2/projects', { body: { status: 'raw', project_name: 'hostile', annotation_type: 'bndbox', project_path: folder, label_file_path: '' } });
    await waitFor(async () => (await request(server, 'GET', '/v2/bndbox/projects/hostile')).json?.file_system_status === 3, 20_000, 'the scan');
    // The workspace's image list (tRPC) names every image's file, readable or not.
    const input = encodeURIComponent(JSON.stringify({ annotation_type: 'bndbox', project_name: 'hostile', limit: 500 }));
    const page = (await request(server, 'GET', `/api/trpc/image.page?input=${input}`)).json as { result: { data: { items: Array<{ uuid: string; img_path: string }> } } };
    for (const item of page.result.data.items) uuidOf.set(item.img_path, item.uuid);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    for (const dir of [dataDir, folder]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const expectJsonAnswer = (reply: Reply, what: string) => {
    expect(reply.status, what).toBeLessThan(500);
    expect(reply.headers['content-type'], what).toMatch(/application\/json/);
    expect([0, 1], what).toContain(reply.json?.message);
    if (reply.json?.message === 0) expect(reply.json, what).toMatchObject({ error_code: expect.any(Number), error_message: expect.any(String) });
  };

  it('the scan skips the 70,000 px header and lists it as unsupported', async () => {
    const status = (await request(server, 'GET', '/v2/bndbox/projects/hostile')).json;
    expect(status?.unsupported_image_list).toContain(path.join(folder, 'huge-header.png'));
  });

  it('every image answers its thumbnail and bytes with JSON (a picture or the envelope), and the server stays up', async () => {
    const uuids = ((await request(server, 'GET', '/bndbox/projects/hostile/loadingstatus')).json?.uuid_list as string[]) ?? [];
    expect(uuids).toHaveLength(4); // every file but the 70,000 px one
    for (const uuid of uuids) {
      expectJsonAnswer(await request(server, 'GET', `/bndbox/projects/hostile/uuid/${uuid}/thumbnail`), `thumbnail ${uuid}`);
      expectJsonAnswer(await request(server, 'GET', `/bndbox/projects/hostile/uuid/${uuid}/imgsrc`), `imgsrc ${uuid}`);
      const picture = await request(server, 'GET', `/api/image/bndbox/hostile/${uuid}?size=thumb`);
      expect(picture.status, `/api/image ${uuid}`).toBeLessThan(500);
      if (picture.status !== 200) expect(picture.json?.message).toBe(0);
    }
    // The bad files were all asked for at once, as a grid of thumbnails would.
    const all = await Promise.all(uuids.map((uuid) => request(server, 'GET', `/bndbox/projects/hostile/uuid/${uuid}/thumbnail`)));
    all.forEach((reply, index) => expectJsonAnswer(reply, `parallel thumbnail ${uuids[index]}`));
    expect(server.child.exitCode).toBeNull();
    const good = (await request(server, 'GET', `/bndbox/projects/hostile/uuid/${uuidOf.get('good.png') ?? ''}/thumbnail`)).json;
    expect(good).toMatchObject({ message: 1, img_ori_w: 40, img_ori_h: 30, img_thumbnail: expect.stringMatching(/^data:image\/png;base64,/) });
  }, 60_000);

  it('the truncated JPEG and the lying PNG get the envelope; the bomb is drawn without holding its pixels in memory', async () => {
    expect([...uuidOf.keys()].sort()).toEqual(['bomb.png', 'good.png', 'lying.png', 'truncated.jpg']);
    const thumbnail = async (file: string) => (await request(server, 'GET', `/bndbox/projects/hostile/uuid/${uuidOf.get(file) ?? ''}/thumbnail`)).json;
    for (const file of ['lying.png', 'truncated.jpg']) {
      expect(await thumbnail(file), file).toMatchObject({ message: 0, error_code: 1, error_message: expect.stringMatching(/cannot be decoded/) });
    }
    // 14,000 x 14,000 is within classifai's limits: it is streamed through the resize.
    expect(await thumbnail('bomb.png')).toMatchObject({ message: 1, img_ori_w: 14_000, img_ori_h: 14_000 });
    const peak = peakRssMiB(server);
    if (peak !== null) expect(peak, 'peak memory of the server, MiB').toBeLessThan(560); // 588 MB would be one full decode
  });

  it('the editor\'s preview and tile requests answer bad names and files with the envelope, never a file outside the pyramid', async () => {
    const image = (file: string, query: string) => request(server, 'GET', `/api/image/bndbox/hostile/${encodeURIComponent(uuidOf.get(file) ?? file)}?${query}`);
    for (const name of ['../../../../etc/passwd', '14/3_2/../../x', '14/3-2', '']) {
      const reply = await image('good.png', `tile=${encodeURIComponent(name)}`);
      expectJsonAnswer(reply, name);
      expect(reply.status, name).toBe(400);
    }
    // A pyramid never cut (or a tile past its edge): not found, as JSON.
    const missing = await image('good.png', 'tile=9/99_0');
    expectJsonAnswer(missing, 'missing tile');
    expect(missing.status).toBe(404);
    for (const file of ['lying.png', 'truncated.jpg', 'no-such-uuid']) expectJsonAnswer(await image(file, 'size=preview'), `${file} preview`);
    const preview = await image('good.png', 'size=preview');
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
  });

  it('a 15,000 x 15,000 1-bit BMP (28 MB, 900 MB as pixels) is drawn without freezing the server or holding its pixels', async () => {
    const bitmaps = await makeTempDir('labelport-limits-bmp-');
    try {
      fs.writeFileSync(path.join(bitmaps, 'one-bit.bmp'), oneBitBmp(15_000, 15_000));
      await request(server, 'PUT', '/v2/projects', { body: { status: 'raw', project_name: 'bitmap', annotation_type: 'bndbox', project_path: bitmaps, label_file_path: '' } });
      await waitFor(async () => (await request(server, 'GET', '/v2/bndbox/projects/bitmap')).json?.file_system_status === 3, 20_000, 'the scan');
      const [uuid] = ((await request(server, 'GET', '/bndbox/projects/bitmap/loadingstatus')).json?.uuid_list as string[]) ?? [];
      // While the thumbnail is made, another client keeps asking for the project list.
      let drawing = true;
      let slowestMs = 0;
      const thumbnail = request(server, 'GET', `/bndbox/projects/bitmap/uuid/${uuid ?? ''}/thumbnail`).finally(() => (drawing = false));
      while (drawing) {
        const started = Date.now();
        await request(server, 'GET', '/bndbox/projects/meta');
        slowestMs = Math.max(slowestMs, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expectJsonAnswer(await thumbnail, 'one-bit.bmp');
      expect(slowestMs, 'the longest wait of another client, ms').toBeLessThan(1_000);
      const peak = peakRssMiB(server);
      if (peak !== null) expect(peak, 'peak memory of the server, MiB').toBeLessThan(560);
    } finally {
      fs.rmSync(bitmaps, { recursive: true, force: true });
    }
  }, 60_000);

  function sendBig(size: number, declareLength: boolean): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(size) } : {}) };
      const req = http.request({ host: '127.0.0.1', port: server.port, method: 'PUT', path: '/v2/bndbox/projects/hostile/add', headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: JSON.parse(text) as Record<string, unknown> }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(MiB, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  it('a body over the 256 MiB limit gets 413 with the envelope, declared or streamed, and the server stays up', async () => {
    for (const declared of [true, false]) {
      const reply = await sendBig(257 * MiB, declared);
      expect(reply.status, `content-length declared: ${declared}`).toBe(413);
      expect(reply.json).toEqual({ message: 0, error_code: 2, error_message: expect.stringMatching(/^Request body larger than \d+ MiB$/) });
    }
    expect((await request(server, 'GET', '/bndbox/projects/meta')).status).toBe(200);
  }, 60_000);
});

describe('thumbnail cache size bound', () => {
  const key = (index: number): ThumbnailKey => ({ projectId: 'p1', uuid: `u${index}`, fileSize: 100, mtimeMs: 1 });
  const png = (index: number) => Buffer.alloc(1000, index);
  const bytesOnDisk = (root: string) =>
    fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);

  it('defaults to 256 MiB', () => {
    expect(DEFAULT_THUMBNAIL_CACHE_BYTES).toBe(256 * MiB);
  });

  it('keeps at most maxBytes on disk, dropping the least recently written first; a restart keeps the bound', async () => {
    const dataDir = await makeTempDir('labelport-thumbs-');
    try {
      const cache = createThumbnailCache(dataDir, { maxBytes: 10_000 });
      for (let index = 0; index < 50; index += 1) await cache.put(key(index), png(index));
      expect(bytesOnDisk(dataDir)).toBeLessThanOrEqual(10_000);
      expect(await cache.get(key(49))).toEqual(png(49));
      expect(await cache.get(key(40))).toEqual(png(40));
      expect(await cache.get(key(39))).toBeNull();
      expect(await cache.get(key(0))).toBeNull();
      // Rewriting an old one makes it the newest.
      await cache.put(key(40), png(40));
      await cache.put(key(50), png(50));
      expect(await cache.get(key(40))).toEqual(png(40));
      expect(await cache.get(key(41))).toBeNull();
      await cache.forget('p1', 'u50');
      expect(await cache.get(key(50))).toBeNull();

      // A later run with a smaller bound learns what is on disk (and drops leftover temporaries).
      fs.writeFileSync(path.join(dataDir, 'thumbnails', 'p1', 'u7-100-1.png.abcd1234.tmp'), Buffer.alloc(5000));
      const smaller = createThumbnailCache(dataDir, { maxBytes: 4_000 });
      await smaller.put(key(60), png(60));
      expect(bytesOnDisk(dataDir)).toBeLessThanOrEqual(4_000);
      expect(await smaller.get(key(60))).toEqual(png(60));
      // A thumbnail bigger than the whole bound is not kept, and pushes nothing out.
      await smaller.put(key(61), Buffer.alloc(5_000));
      expect(await smaller.get(key(61))).toBeNull();
      expect(await smaller.get(key(60))).toEqual(png(60));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
