// Identification by content from headers: every format, every lie a file can tell.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeBmp, makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { decodeBmp } from './bmp-decoder';
import { probeImageBuffer, probeImageFile } from './image-probe';
import { makeThumbnailPng, thumbnailSize } from './image-media';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('labelport-probe-');
});

const file = (name: string) => path.join(dir, name);

describe('probeImageFile', () => {
  it('reads size and depth of JPEG, PNG, BMP and WebP from their headers', async () => {
    await writeImage(file('a.jpg'), { format: 'jpeg', width: 641, height: 479 });
    await writeImage(file('g.png'), { format: 'png', width: 30, height: 20, grey: true });
    await writeImage(file('c.png'), { format: 'png', width: 30, height: 20 });
    await writeImage(file('b.bmp'), { format: 'bmp', width: 33, height: 17 });
    await writeImage(file('w.webp'), { format: 'webp', width: 120, height: 90 });
    expect(await probeImageFile(file('a.jpg'))).toEqual({ format: 'jpeg', width: 641, height: 479, orientation: 1, depth: 3 });
    expect(await probeImageFile(file('g.png'))).toMatchObject({ format: 'png', width: 30, height: 20, depth: 1 });
    expect(await probeImageFile(file('c.png'))).toMatchObject({ format: 'png', depth: 3 });
    expect(await probeImageFile(file('b.bmp'))).toMatchObject({ format: 'bmp', width: 33, height: 17, depth: 1 });
    expect(await probeImageFile(file('w.webp'))).toMatchObject({ format: 'webp', width: 120, height: 90 });
  });

  it('swaps width and height for EXIF orientations 5 to 8, and recognises content whatever the name', async () => {
    await writeImage(file('rot.jpg'), { format: 'jpeg', width: 200, height: 100, orientation: 6 });
    expect(await probeImageFile(file('rot.jpg'))).toMatchObject({ width: 100, height: 200, orientation: 6 });
    await writeImage(file('looks-like.txt'), { format: 'png', width: 7, height: 9 });
    expect(await probeImageFile(file('looks-like.txt'))).toMatchObject({ format: 'png', width: 7, height: 9 });
  });

  it('finds the frame header after a large metadata segment', async () => {
    const big = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#888' } })
      .withIccProfile('p3')
      .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000) } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(file('big-exif.jpg'), big);
    expect(await probeImageFile(file('big-exif.jpg'))).toMatchObject({ format: 'jpeg', width: 50, height: 40 });
  });

  it('refuses empty, foreign, oversized and animated files', async () => {
    fs.writeFileSync(file('empty.jpg'), Buffer.alloc(0));
    fs.writeFileSync(file('text.png'), 'hello');
    fs.writeFileSync(file('scan.tif'), await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).tiff().toBuffer());
    fs.writeFileSync(file('anim.gif'), await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer());
    const huge = Buffer.from(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer());
    huge.writeUInt32BE(20_000, 16); // IHDR width
    fs.writeFileSync(file('huge.png'), huge);
    // An animated WebP announces itself in its VP8X flags (bit 1) before any frame.
    const vp8x = Buffer.alloc(18);
    vp8x.write('VP8X', 0, 'latin1');
    vp8x.writeUInt32LE(10, 4);
    vp8x[8] = 0x02;
    vp8x.writeUIntLE(7, 12, 3);
    vp8x.writeUIntLE(7, 15, 3);
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), vp8x]);
    riff.writeUInt32LE(riff.length - 8, 4);
    fs.writeFileSync(file('anim.webp'), riff);
    for (const name of ['empty.jpg', 'text.png', 'scan.tif', 'anim.gif', 'huge.png', 'anim.webp', 'missing.jpg']) {
      expect(await probeImageFile(file(name)), name).toBeNull();
    }
  });

  it('never throws on a header cut at any length', async () => {
    for (const name of ['a.jpg', 'c.png', 'b.bmp', 'w.webp', 'rot.jpg']) {
      const bytes = fs.readFileSync(file(name));
      for (let length = 0; length < Math.min(bytes.length, 400); length += 3) {
        const probe = await probeImageBuffer(bytes.subarray(0, length));
        if (probe) expect(probe.width * probe.height, `${name} cut at ${length}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('BMP and thumbnails', () => {
  it('decodes 24-bit BMP pixels and refuses truncated ones', () => {
    const bmp = encodeBmp(3, 2, { r: 10, g: 20, b: 30 });
    const decoded = decodeBmp(bmp);
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect([...decoded.data.subarray(0, 4)]).toEqual([10, 20, 30, 255]);
    expect(() => decodeBmp(bmp.subarray(0, bmp.length - 4))).toThrow(/truncated/);
  });

  it('makes classifai-sized thumbnails, upright, BMP included, and rejects a truncated JPEG', async () => {
    expect(thumbnailSize(1920, 1080)).toEqual({ width: 100, height: 56 });
    expect(thumbnailSize(1080, 1920)).toEqual({ width: 56, height: 100 });
    const rotated = await makeThumbnailPng(file('rot.jpg'), (await probeImageFile(file('rot.jpg')))!);
    expect(await sharp(rotated).metadata()).toMatchObject({ width: 50, height: 100 });
    const bmp = await makeThumbnailPng(file('b.bmp'), (await probeImageFile(file('b.bmp')))!);
    const { data } = await sharp(bmp).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([40, 120, 200]);
    await writeImage(file('whole.jpg'), { format: 'jpeg', width: 400, height: 300 });
    const whole = fs.readFileSync(file('whole.jpg'));
    fs.writeFileSync(file('cut.jpg'), whole.subarray(0, Math.floor(whole.length / 2)));
    const probe = await probeImageFile(file('cut.jpg'));
    expect(probe).not.toBeNull();
    await expect(makeThumbnailPng(file('cut.jpg'), probe!)).rejects.toThrow();
  });
});
