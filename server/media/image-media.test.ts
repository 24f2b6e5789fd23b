// Thumbnails in classifai's sizes, upright, for every format; broken files reject.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBmp, makeTempDir, writeImage, type ImageSpec } from '@/server/testing/image-fixtures';
import { makeThumbnailPng, mimeTypeOf, probeImageFile, thumbnailSize, type ImageProbe } from './image-media';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('labelport-media-');
});

const file = (name: string) => path.join(dir, name);

async function probeOf(name: string): Promise<ImageProbe> {
  const probe = await probeImageFile(file(name));
  if (!probe) throw new Error(`${name} did not probe`);
  return probe;
}

/** Writes the image, makes its thumbnail and returns the decoded thumbnail. */
async function thumbnailOf(name: string, spec: ImageSpec) {
  await writeImage(file(name), spec);
  const png = await makeThumbnailPng(file(name), await probeOf(name));
  expect((await sharp(png).metadata()).format).toBe('png');
  const { data, info } = await sharp(png).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  return { width: info.width, height: info.height, at };
}

describe('mimeTypeOf and thumbnailSize', () => {
  it('names the MIME type of each format', () => {
    expect([mimeTypeOf('jpeg'), mimeTypeOf('png'), mimeTypeOf('bmp'), mimeTypeOf('webp')]).toEqual(['image/jpeg', 'image/png', 'image/bmp', 'image/webp']);
  });

  it("follows classifai's integer rule and never drops to 0", () => {
    expect(thumbnailSize(1920, 1080)).toEqual({ width: 100, height: 56 });
    expect(thumbnailSize(1080, 1920)).toEqual({ width: 56, height: 100 });
    expect(thumbnailSize(640, 640)).toEqual({ width: 100, height: 100 });
    expect(thumbnailSize(20, 10)).toEqual({ width: 100, height: 50 });
    expect(thumbnailSize(641, 479)).toEqual({ width: 100, height: 74 });
    expect(thumbnailSize(15_000, 1)).toEqual({ width: 100, height: 1 });
    expect(thumbnailSize(1, 15_000)).toEqual({ width: 1, height: 100 });
  });
});

describe('makeThumbnailPng', () => {
  it('makes 100 px on the long side, scaling small images up', async () => {
    const sizes = async (name: string, spec: ImageSpec) => {
      const thumb = await thumbnailOf(name, spec);
      return [thumb.width, thumb.height];
    };
    expect(await sizes('wide.jpg', { format: 'jpeg', width: 1920, height: 1080 })).toEqual([100, 56]);
    expect(await sizes('tall.png', { format: 'png', width: 1080, height: 1920 })).toEqual([56, 100]);
    expect(await sizes('square.webp', { format: 'webp', width: 640, height: 640 })).toEqual([100, 100]);
    expect(await sizes('small.jpg', { format: 'jpeg', width: 20, height: 10 })).toEqual([100, 50]);
    expect(await sizes('grey.png', { format: 'png', width: 641, height: 479, grey: true })).toEqual([100, 74]);
  });

  it('turns EXIF-rotated JPEG, PNG and WebP upright', async () => {
    // The stored left edge is dark; orientation 6 displays it on top, 8 at the bottom.
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const six = await thumbnailOf(`six.${format}`, { format, width: 200, height: 100, orientation: 6, gradient: true, color: { r: 250, g: 250, b: 250 } });
      expect([six.width, six.height], format).toEqual([50, 100]);
      expect(six.at(25, 2)[0], format).toBeLessThan(40);
      expect(six.at(25, 97)[0], format).toBeGreaterThan(200);
      const eight = await thumbnailOf(`eight.${format}`, { format, width: 200, height: 100, orientation: 8, gradient: true, color: { r: 250, g: 250, b: 250 } });
      expect([eight.width, eight.height], format).toEqual([50, 100]);
      expect(eight.at(25, 2)[0], format).toBeGreaterThan(200);
    }
  });

  it('decodes BMPs itself, keeping their colour', async () => {
    const bmp24 = await thumbnailOf('b24.bmp', { format: 'bmp', width: 33, height: 17, color: { r: 40, g: 120, b: 200 } });
    expect([bmp24.width, bmp24.height]).toEqual([100, 51]);
    expect(bmp24.at(50, 25)).toEqual([40, 120, 200]);
    const bmp32 = await thumbnailOf('b32.bmp', { format: 'bmp', width: 10, height: 20, color: { r: 1, g: 2, b: 3 }, bmpBits: 32 });
    expect([bmp32.width, bmp32.height]).toEqual([50, 100]);
    expect(bmp32.at(0, 0)).toEqual([1, 2, 3]);
    const gradient = await thumbnailOf('ramp.bmp', { format: 'bmp', width: 200, height: 100, gradient: true, color: { r: 250, g: 250, b: 250 } });
    expect(gradient.at(2, 25)[0]).toBeLessThan(gradient.at(97, 25)[0] ?? 0);
  });

  it('rejects truncated and unsupported files instead of hanging or drawing grey', async () => {
    const cut = async (name: string, spec: ImageSpec, keep: number) => {
      await writeImage(file(`whole-${name}`), spec);
      const whole = fs.readFileSync(file(`whole-${name}`));
      fs.writeFileSync(file(name), whole.subarray(0, Math.floor(whole.length * keep)));
      return probeOf(name);
    };
    const jpeg = await cut('cut.jpg', { format: 'jpeg', width: 400, height: 300, gradient: true }, 0.5);
    await expect(makeThumbnailPng(file('cut.jpg'), jpeg)).rejects.toThrow(Error);
    const png = await cut('cut.png', { format: 'png', width: 400, height: 300, gradient: true }, 0.5);
    await expect(makeThumbnailPng(file('cut.png'), png)).rejects.toThrow(Error);
    const bmpProbe: ImageProbe = { format: 'bmp', width: 400, height: 300, orientation: 1, depth: 1 };
    await cut('cut.bmp', { format: 'bmp', width: 400, height: 300 }, 0.5);
    await expect(makeThumbnailPng(file('cut.bmp'), bmpProbe)).rejects.toThrow(/truncated/);
    const rle = buildBmp({ width: 2, height: 2, bitCount: 8, palette: [{ r: 1, g: 1, b: 1 }], rows: [new Uint8Array(4), new Uint8Array(4)] });
    rle.writeUInt32LE(1, 30);
    fs.writeFileSync(file('rle.bmp'), rle);
    await expect(makeThumbnailPng(file('rle.bmp'), await probeOf('rle.bmp'))).rejects.toThrow('unsupported BMP compression');
    await expect(makeThumbnailPng(file('gone.jpg'), jpeg)).rejects.toThrow(Error);
  });
});
