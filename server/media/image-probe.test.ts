// Identification by content from headers: every format and header variant, every lie a file can tell.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBmp, encodeImage, makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { exifOrientation, probeImageBuffer, probeImageFile, type ImageProbe } from './image-probe';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('labelport-probe-');
});

const file = (name: string) => path.join(dir, name);

/** Probes the bytes both from a file and from memory; the two must agree. */
async function probeBoth(name: string, bytes: Uint8Array): Promise<ImageProbe | null> {
  fs.writeFileSync(file(name), bytes);
  const fromFile = await probeImageFile(file(name));
  expect(probeImageBuffer(bytes), `${name} in memory`).toEqual(fromFile);
  return fromFile;
}

/** A TIFF block whose IFD0 holds an Orientation entry of the given type. */
function tiffBlock(order: 'II' | 'MM', orientation: number, type = 3, ifdOffset = 8): Buffer {
  const block = Buffer.alloc(8 + 2 + 2 * 12 + 4);
  const little = order === 'II';
  const u16 = (value: number, at: number) => (little ? block.writeUInt16LE(value, at) : block.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? block.writeUInt32LE(value, at) : block.writeUInt32BE(value, at));
  block.write(order, 0, 'latin1');
  u16(42, 2);
  u32(ifdOffset, 4);
  u16(2, 8);
  u16(0x010f, 10); // Make, an ASCII entry before it, pointing nowhere useful
  u16(2, 12);
  u32(4, 14);
  u32(0xffff, 18);
  u16(0x0112, 22);
  u16(type, 24);
  u32(1, 26);
  if (type === 3) u16(orientation, 30);
  else u32(orientation, 30);
  return block;
}

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** The JPEG with segments put right after its SOI marker. */
const withSegments = (jpeg: Buffer, ...segments: Buffer[]) => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
const exifSegment = (tiff: Buffer) => segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));

describe('JPEG', () => {
  it('reads size and component count from the frame header, baseline or progressive', async () => {
    const rgb = await encodeImage({ format: 'jpeg', width: 641, height: 479 });
    expect(await probeBoth('a.jpg', rgb)).toEqual({ format: 'jpeg', width: 641, height: 479, orientation: 1, depth: 3 });
    const grey = await sharp(rgb).toColourspace('b-w').jpeg().toBuffer();
    expect(await probeBoth('grey.jpg', grey)).toEqual({ format: 'jpeg', width: 641, height: 479, orientation: 1, depth: 1 });
    const cmyk = await sharp(rgb).toColourspace('cmyk').jpeg().toBuffer();
    expect(await probeBoth('cmyk.jpg', cmyk)).toMatchObject({ width: 641, height: 479, depth: 4 });
    const progressive = await sharp(rgb).jpeg({ progressive: true }).toBuffer();
    expect(progressive.includes(Buffer.from([0xff, 0xc2]))).toBe(true);
    expect(await probeBoth('progressive.jpg', progressive)).toMatchObject({ width: 641, height: 479, depth: 3 });
    // Past 15,000 x 15,000 a progressive JPEG (decoded whole) is refused; a baseline one is cut in tiles.
    const claiming = (jpeg: Buffer, marker: number, side: number) => {
      const copy = Buffer.from(jpeg);
      const at = copy.indexOf(Buffer.from([0xff, marker]));
      copy.writeUInt16BE(side, at + 5);
      copy.writeUInt16BE(side, at + 7);
      return copy;
    };
    expect(await probeBoth('huge-progressive.jpg', claiming(progressive, 0xc2, 20_000))).toBeNull();
    expect(await probeBoth('huge-baseline.jpg', claiming(rgb, 0xc0, 20_000))).toMatchObject({ width: 20_000, height: 20_000 });
  });

  it('applies every EXIF orientation: 5 to 8 swap width and height', async () => {
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const bytes = await encodeImage({ format: 'jpeg', width: 200, height: 100, orientation });
      const swapped = orientation >= 5;
      expect(await probeBoth(`o${orientation}.jpg`, bytes)).toEqual({
        format: 'jpeg',
        width: swapped ? 100 : 200,
        height: swapped ? 200 : 100,
        orientation,
        depth: 3,
      });
    }
  });

  it('reads hand-made EXIF blocks in both byte orders and ignores a later one', async () => {
    const plain = await encodeImage({ format: 'jpeg', width: 40, height: 30 });
    expect(await probeBoth('mm.jpg', withSegments(plain, exifSegment(tiffBlock('MM', 8))))).toMatchObject({ width: 30, height: 40, orientation: 8 });
    expect(await probeBoth('ii.jpg', withSegments(plain, exifSegment(tiffBlock('II', 3))))).toMatchObject({ width: 40, height: 30, orientation: 3 });
    expect(await probeBoth('long.jpg', withSegments(plain, exifSegment(tiffBlock('MM', 6, 4))))).toMatchObject({ orientation: 6 });
    const twice = withSegments(plain, exifSegment(tiffBlock('II', 1)), exifSegment(tiffBlock('II', 6)));
    expect(await probeBoth('twice.jpg', twice)).toMatchObject({ orientation: 1 });
  });

  it('treats a malformed EXIF block as orientation 1, not as a broken image', async () => {
    const plain = await encodeImage({ format: 'jpeg', width: 40, height: 30 });
    for (const [name, tiff] of [
      ['far-ifd', tiffBlock('II', 6, 3, 0x7fff_ffff)],
      ['bad-value', tiffBlock('II', 9)],
      ['bad-magic', Buffer.concat([Buffer.from('II\x2b\0', 'latin1'), tiffBlock('II', 6).subarray(4)])],
      ['short', Buffer.from('MM\0*', 'latin1')],
    ] as const) {
      const bytes = withSegments(plain, exifSegment(tiff));
      expect(await probeBoth(`${name}.jpg`, bytes), name).toMatchObject({ width: 40, height: 30, orientation: 1 });
    }
  });

  it('finds the frame header behind megabytes of metadata, reading only a few windows', async () => {
    const plain = await encodeImage({ format: 'jpeg', width: 50, height: 40, orientation: 6 });
    // Like a phone's portrait photo: extended XMP segments holding a depth map, 4 MB of them.
    const xmp = Array.from({ length: 64 }, (_, index) => segment(0xe1, Buffer.alloc(65_000, index)));
    const bytes = withSegments(plain, ...xmp);
    expect(bytes.length).toBeGreaterThan(4_000_000);
    expect(await probeBoth('big-icc.jpg', bytes)).toMatchObject({ format: 'jpeg', width: 40, height: 50, orientation: 6 });
    const described = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#888' } })
      .withIccProfile('p3')
      .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000) } })
      .jpeg()
      .toBuffer();
    expect(await probeBoth('big-exif.jpg', described)).toMatchObject({ format: 'jpeg', width: 50, height: 40 });
  });

  it('refuses a JPEG whose scan or end comes before any frame header', async () => {
    const soi = Buffer.from([0xff, 0xd8]);
    expect(await probeBoth('sos-first.jpg', Buffer.concat([soi, segment(0xda, Buffer.alloc(10)), Buffer.from([0xff, 0xd9])]))).toBeNull();
    expect(await probeBoth('eoi-first.jpg', Buffer.concat([soi, Buffer.from([0xff, 0xd9])]))).toBeNull();
    // DHT (C4), JPG (C8) and DAC (CC) sit among the SOF numbers but are not frame headers.
    const fakeFrame = Buffer.from([8, 0, 10, 0, 20, 3]);
    const notFrames = Buffer.concat([soi, segment(0xc4, fakeFrame), segment(0xc8, fakeFrame), segment(0xcc, fakeFrame), segment(0xc1, Buffer.from([8, 0, 7, 0, 9, 1]))]);
    expect(await probeBoth('dht.jpg', notFrames)).toEqual({ format: 'jpeg', width: 9, height: 7, orientation: 1, depth: 1 });
    expect(await probeBoth('odd-components.jpg', Buffer.concat([soi, segment(0xc0, Buffer.from([8, 0, 7, 0, 9, 2]))]))).toMatchObject({ depth: 3 });
  });
});

describe('PNG', () => {
  const colourType = (png: Buffer) => png[25];

  it('gives depth 1 only to grey without alpha, 3 to every other colour type', async () => {
    const rgb = await encodeImage({ format: 'png', width: 30, height: 20 });
    const grey = await encodeImage({ format: 'png', width: 30, height: 20, grey: true });
    const greyAlpha = await sharp(grey).ensureAlpha().toColourspace('b-w').png().toBuffer();
    const rgba = await sharp(rgb).ensureAlpha(0.5).png().toBuffer();
    const palette = await sharp(rgb).png({ palette: true }).toBuffer();
    const grey16 = await sharp(grey).toColourspace('grey16').png().toBuffer();
    const cases: Array<[string, Buffer, number, number]> = [
      ['grey', grey, 0, 1],
      ['grey16', grey16, 0, 1],
      ['rgb', rgb, 2, 3],
      ['palette', palette, 3, 3],
      ['grey-alpha', greyAlpha, 4, 3],
      ['rgba', rgba, 6, 3],
    ];
    for (const [name, bytes, type, depth] of cases) {
      expect(colourType(bytes), name).toBe(type);
      expect(await probeBoth(`${name}.png`, bytes), name).toEqual({ format: 'png', width: 30, height: 20, orientation: 1, depth });
    }
  });

  it('reads the orientation from an eXIf chunk, even behind a large text chunk', async () => {
    const rotated = await encodeImage({ format: 'png', width: 30, height: 20, orientation: 6 });
    expect(rotated.includes(Buffer.from('eXIf'))).toBe(true);
    expect(await probeBoth('rot.png', rotated)).toMatchObject({ width: 20, height: 30, orientation: 6 });
    const text = Buffer.alloc(12 + 200_000);
    text.writeUInt32BE(200_000, 0);
    text.write('tEXt', 4, 'latin1');
    const padded = Buffer.concat([rotated.subarray(0, 33), text, rotated.subarray(33)]);
    expect(await probeBoth('rot-text.png', padded)).toMatchObject({ width: 20, height: 30, orientation: 6 });
  });

  it('refuses impossible headers and files without pixel data', async () => {
    const good = await encodeImage({ format: 'png', width: 3, height: 2 });
    const variant = (edit: (png: Buffer) => void) => {
      const copy = Buffer.from(good);
      edit(copy);
      return copy;
    };
    // Past classifai's 15,000 px (shown from tiles), up to a JPEG's 65,500 a side and a gigapixel.
    expect(await probeBoth('wide.png', variant((png) => png.writeUInt32BE(20_000, 16)))).toMatchObject({ width: 20_000, height: 2 });
    expect(await probeBoth('tall.png', variant((png) => png.writeUInt32BE(65_501, 20)))).toBeNull();
    expect(await probeBoth('limit.png', variant((png) => png.writeUInt32BE(65_500, 16)))).toMatchObject({ width: 65_500, height: 2 });
    const gigapixel = (png: Buffer) => {
      png.writeUInt32BE(40_000, 16);
      png.writeUInt32BE(30_000, 20);
    };
    expect(await probeBoth('gigapixel.png', variant(gigapixel))).toBeNull();
    // Interlaced (decoded whole by libvips): held to classifai's 15,000 x 15,000.
    const square = (side: number, interlace: number) => (png: Buffer) => {
      png.writeUInt32BE(side, 16);
      png.writeUInt32BE(side, 20);
      png[28] = interlace;
    };
    expect(await probeBoth('big.png', variant(square(20_000, 0)))).toMatchObject({ width: 20_000, height: 20_000 });
    expect(await probeBoth('big-interlaced.png', variant(square(20_000, 1)))).toBeNull();
    expect(await probeBoth('small-interlaced.png', variant(square(15_000, 1)))).toMatchObject({ width: 15_000 });
    expect(await probeBoth('zero.png', variant((png) => png.writeUInt32BE(0, 16)))).toBeNull();
    expect(await probeBoth('colour-type-5.png', variant((png) => (png[25] = 5)))).toBeNull();
    expect(await probeBoth('rgb-4bit.png', variant((png) => (png[24] = 4)))).toBeNull();
    expect(await probeBoth('no-ihdr.png', variant((png) => png.write('IHDX', 12, 'latin1')))).toBeNull();
    const lying = Buffer.alloc(12);
    lying.writeUInt32BE(0x7fff_0000, 0);
    lying.write('eXIf', 4, 'latin1');
    expect(await probeBoth('lying-exif.png', Buffer.concat([good.subarray(0, 33), lying, good.subarray(33)]))).toBeNull();
    expect(await probeBoth('lying-exif-large.png', Buffer.concat([good.subarray(0, 33), lying, Buffer.alloc(300_000), good.subarray(33)]))).toBeNull();
    const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    expect(await probeBoth('no-idat.png', Buffer.concat([good.subarray(0, 33), iend]))).toBeNull();
  });
});

describe('BMP', () => {
  const row = (width: number) => new Uint8Array(width * 3);
  const bmp = (headerSize: 12 | 40 | 108 | 124, height: number, colorSpace?: number) =>
    buildBmp({ width: 5, height, bitCount: 24, headerSize, colorSpace, rows: Array.from({ length: Math.abs(height) }, () => row(5)) });

  it('reads every header kind; depth 3 only for a V4/V5 sRGB or Windows colour space', async () => {
    expect(await probeBoth('core.bmp', bmp(12, 3))).toEqual({ format: 'bmp', width: 5, height: 3, orientation: 1, depth: 1 });
    expect(await probeBoth('info.bmp', bmp(40, 3))).toEqual({ format: 'bmp', width: 5, height: 3, orientation: 1, depth: 1 });
    expect(await probeBoth('top-down.bmp', bmp(40, -4))).toMatchObject({ width: 5, height: 4 });
    expect(await probeBoth('v4-srgb.bmp', bmp(108, 3, 0x73524742))).toMatchObject({ depth: 3 });
    expect(await probeBoth('v4-win.bmp', bmp(108, 3, 0x57696e20))).toMatchObject({ depth: 3 });
    expect(await probeBoth('v4-calibrated.bmp', bmp(108, 3, 0))).toMatchObject({ depth: 1 });
    expect(await probeBoth('v5-srgb.bmp', bmp(124, -3, 0x73524742))).toMatchObject({ width: 5, height: 3, depth: 3 });
    expect(await probeBoth('fixture.bmp', await encodeImage({ format: 'bmp', width: 33, height: 17, bmpBits: 32 }))).toMatchObject({ width: 33, height: 17 });
  });

  it('refuses impossible headers', async () => {
    const edit = (offset: number, write: (b: Buffer) => void) => {
      const bytes = bmp(40, 3);
      write(bytes.subarray(offset));
      return bytes;
    };
    expect(await probeBoth('w0.bmp', edit(18, (b) => b.writeInt32LE(0, 0)))).toBeNull();
    expect(await probeBoth('w-neg.bmp', edit(18, (b) => b.writeInt32LE(-5, 0)))).toBeNull();
    expect(await probeBoth('h-wide.bmp', edit(22, (b) => b.writeInt32LE(-20_000, 0)))).toBeNull();
    expect(await probeBoth('h-min.bmp', edit(22, (b) => b.writeInt32LE(-0x8000_0000, 0)))).toBeNull();
    expect(await probeBoth('bits-0.bmp', edit(28, (b) => b.writeUInt16LE(0, 0)))).toBeNull();
    expect(await probeBoth('jpeg-in-bmp.bmp', edit(30, (b) => b.writeUInt32LE(4, 0)))).toBeNull();
    expect(await probeBoth('header-99.bmp', edit(14, (b) => b.writeUInt32LE(99, 0)))).toBeNull();
    expect(await probeBoth('v5-cut.bmp', bmp(124, 3).subarray(0, 100))).toBeNull();
  });
});

describe('WebP', () => {
  const chunkTypes = (webp: Buffer) => {
    const types: string[] = [];
    for (let at = 12; at + 8 <= webp.length; ) {
      const length = webp.readUInt32LE(at + 4);
      types.push(webp.toString('latin1', at, at + 4));
      at += 8 + length + (length % 2);
    }
    return types;
  };

  it('reads lossy, lossless and extended files', async () => {
    const lossy = await encodeImage({ format: 'webp', width: 120, height: 90 });
    const lossless = await sharp(lossy).resize(37, 23, { fit: 'fill' }).webp({ lossless: true }).toBuffer();
    const alpha = await sharp(lossy).ensureAlpha(0.5).webp().toBuffer();
    expect(chunkTypes(lossy)).toEqual(['VP8 ']);
    expect(chunkTypes(lossless)).toEqual(['VP8L']);
    expect(chunkTypes(alpha)).toEqual(['VP8X', 'ALPH', 'VP8 ']);
    expect(await probeBoth('lossy.webp', lossy)).toEqual({ format: 'webp', width: 120, height: 90, orientation: 1, depth: 3 });
    expect(await probeBoth('lossless.webp', lossless)).toEqual({ format: 'webp', width: 37, height: 23, orientation: 1, depth: 3 });
    expect(await probeBoth('alpha.webp', alpha)).toEqual({ format: 'webp', width: 120, height: 90, orientation: 1, depth: 3 });
  });

  it('finds the EXIF chunk after the pixels, also far into a large file', async () => {
    const small = await encodeImage({ format: 'webp', width: 120, height: 90, orientation: 6 });
    expect(chunkTypes(small).slice(-2)).toEqual(['VP8 ', 'EXIF']);
    expect(await probeBoth('rot.webp', small)).toMatchObject({ width: 90, height: 120, orientation: 6 });
    const noise = Buffer.alloc(300 * 200 * 3);
    for (let index = 0, state = 1; index < noise.length; index += 1) noise[index] = (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) >>> 24;
    const large = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } }).withMetadata({ orientation: 8 }).webp({ lossless: true }).toBuffer();
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(await probeBoth('rot-large.webp', large)).toMatchObject({ width: 200, height: 300, orientation: 8 });
  });

  it('refuses animations, whether announced by the VP8X flag or by their chunks', async () => {
    const frames = await Promise.all(['#fff', '#000'].map((background) => sharp({ create: { width: 8, height: 6, channels: 3, background } }).png().toBuffer()));
    const animated = await sharp(frames, { join: { animated: true } }).webp().toBuffer();
    expect(chunkTypes(animated).slice(0, 2)).toEqual(['VP8X', 'ANIM']);
    expect(await probeBoth('anim.webp', animated)).toBeNull();
    const unflagged = Buffer.from(animated);
    unflagged[20] = (unflagged[20] ?? 0) & ~0x02;
    expect(await probeBoth('anim-unflagged.webp', unflagged)).toBeNull();
    const vp8xOnly = Buffer.alloc(30);
    vp8xOnly.write('RIFF', 0, 'latin1');
    vp8xOnly.writeUInt32LE(22, 4);
    vp8xOnly.write('WEBPVP8X', 8, 'latin1');
    vp8xOnly.writeUInt32LE(10, 16);
    vp8xOnly.writeUIntLE(6, 24, 3);
    vp8xOnly.writeUIntLE(6, 27, 3);
    expect(await probeBoth('no-pixels.webp', vp8xOnly)).toBeNull();
  });
});

describe('anything else', () => {
  it('recognises content whatever the name says', async () => {
    expect(await probeBoth('looks-like.txt', await encodeImage({ format: 'png', width: 7, height: 9 }))).toMatchObject({ format: 'png', width: 7, height: 9 });
    expect(await probeBoth('really-a-jpeg.png', await encodeImage({ format: 'jpeg', width: 7, height: 9 }))).toMatchObject({ format: 'jpeg' });
    await writeImage(file('sub/dir/x.webp'), { format: 'webp', width: 5, height: 5 });
    expect(await probeImageFile(file('sub/dir/x.webp'))).toMatchObject({ format: 'webp' });
  });

  it('refuses empty, missing, foreign and folder paths without throwing', async () => {
    const tiny = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 131 + 17) % 256));
    const cases: Array<[string, Uint8Array]> = [
      ['empty.jpg', Buffer.alloc(0)],
      ['text.png', Buffer.from('hello')],
      ['noise.jpg', noise],
      ['scan.tif', await tiny.clone().tiff().toBuffer()],
      ['scan-mm.tif', Buffer.from('MM\0*\0\0\0\x08', 'latin1')],
      ['anim.gif', await tiny.clone().gif().toBuffer()],
      ['soi-only.jpg', Buffer.from([0xff, 0xd8, 0xff])],
      ['riff.webp', Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1')],
      ['bm.bmp', Buffer.from('BM')],
    ];
    for (const [name, bytes] of cases) expect(await probeBoth(name, bytes), name).toBeNull();
    expect(await probeImageFile(file('missing.jpg'))).toBeNull();
    fs.mkdirSync(file('folder.jpg'), { recursive: true });
    expect(await probeImageFile(file('folder.jpg'))).toBeNull();
  });

  it('never throws on a file cut at any length, and never invents a different image', async () => {
    const sources = await Promise.all([
      encodeImage({ format: 'jpeg', width: 200, height: 100, orientation: 6 }),
      encodeImage({ format: 'png', width: 30, height: 20, orientation: 5 }),
      encodeImage({ format: 'bmp', width: 33, height: 17 }),
      encodeImage({ format: 'webp', width: 120, height: 90, orientation: 7 }),
      encodeImage({ format: 'webp', width: 40, height: 30 }),
    ]);
    for (const [index, bytes] of sources.entries()) {
      const whole = probeImageBuffer(bytes);
      expect(whole).not.toBeNull();
      for (let length = 0; length < bytes.length; length += length < 400 ? 1 : 97) {
        const cut = probeImageBuffer(bytes.subarray(0, length));
        if (cut) expect([cut.format, cut.width * cut.height], `source ${index} cut at ${length}`).toEqual([whole?.format, (whole?.width ?? 0) * (whole?.height ?? 0)]);
      }
    }
  });

  it('never throws on corrupted header bytes', async () => {
    const sources = await Promise.all((['jpeg', 'png', 'bmp', 'webp'] as const).map((format) => encodeImage({ format, width: 20, height: 10, ...(format === 'bmp' ? {} : { orientation: 6 }) })));
    let state = 12345;
    const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (const bytes of sources) {
      for (let trial = 0; trial < 400; trial += 1) {
        const copy = Buffer.from(bytes);
        for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips -= 1) copy[2 + Math.floor(random() * Math.min(200, copy.length - 2))] = Math.floor(random() * 256);
        const probe = probeImageBuffer(copy);
        if (probe) {
          expect(probe.width).toBeGreaterThan(0);
          expect(probe.width).toBeLessThanOrEqual(65_500);
          expect(probe.height).toBeLessThanOrEqual(65_500);
        }
      }
    }
  });
});

describe('exifOrientation', () => {
  it('reads II and MM blocks, with or without the Exif prefix, and shrugs at garbage', () => {
    expect(exifOrientation(tiffBlock('II', 6))).toBe(6);
    expect(exifOrientation(tiffBlock('MM', 7))).toBe(7);
    expect(exifOrientation(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiffBlock('MM', 2)]))).toBe(2);
    expect(exifOrientation(tiffBlock('II', 6).subarray(0, 30))).toBe(1); // entry cut off
    expect(exifOrientation(tiffBlock('II', 6, 3, 4))).toBe(1); // IFD overlapping the header
    expect(exifOrientation(tiffBlock('II', 0))).toBe(1);
    expect(exifOrientation(new Uint8Array(0))).toBe(1);
  });
});
