// The hashes "find duplicates" groups by, on real pictures written by sharp: a resized or
// re-encoded copy stays within a few bits, a different picture is far.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hammingDistance, NEAR_DUPLICATE_BITS } from '@/server/core/duplicates';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { writePicture } from '@/server/testing/picture-fixtures';
import { hashesOfThumbnail, makeThumbnailPng, makeThumbnailWithHashes, probeImageFile } from './image-media';

let folder: string;
const file = (name: string) => path.join(folder, name);
const hashesOf = async (name: string) => {
  const probe = await probeImageFile(file(name));
  if (!probe) throw new Error(`${name} is not an image`);
  return makeThumbnailWithHashes(file(name), probe);
};

beforeAll(async () => {
  folder = await makeTempDir('labelport-hashes-');
  await writePicture(file('original.png'), { seed: 7, width: 640, height: 480, format: 'png' });
  await writePicture(file('smaller.jpg'), { seed: 7, width: 320, height: 240, format: 'jpeg', quality: 55 });
  await writePicture(file('recompressed.webp'), { seed: 7, width: 640, height: 480, format: 'webp', quality: 40 });
  for (const seed of [8, 9, 10, 11]) await writePicture(file(`other-${seed}.png`), { seed, width: 640, height: 480, format: 'png' });
  fs.copyFileSync(file('original.png'), file('copy.png'));
  await writeImage(file('rotated.jpg'), { format: 'jpeg', width: 90, height: 60, orientation: 6, gradient: true });
}, 30_000);

describe('makeThumbnailWithHashes', () => {
  it('gives a resized or re-encoded copy a perceptual hash a few bits away, and different pictures far ones', async () => {
    const original = await hashesOf('original.png');
    for (const copy of ['smaller.jpg', 'recompressed.webp']) {
      const near = await hashesOf(copy);
      expect(near.contentHash, copy).not.toBe(original.contentHash);
      expect(hammingDistance(original.perceptualHash, near.perceptualHash), copy).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
    }
    for (const seed of [8, 9, 10, 11]) {
      const other = await hashesOf(`other-${seed}.png`);
      expect(hammingDistance(original.perceptualHash, other.perceptualHash), `seed ${seed}`).toBeGreaterThan(2 * NEAR_DUPLICATE_BITS);
    }
  });

  it('gives a byte-for-byte copy the same content hash, and hashes are 16 hex digits', async () => {
    const [original, copy] = await Promise.all([hashesOf('original.png'), hashesOf('copy.png')]);
    expect(copy).toMatchObject({ contentHash: original.contentHash, perceptualHash: original.perceptualHash });
    expect(original.contentHash).toMatch(/^[0-9a-f]{16}$/);
    expect(original.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives the same hashes as hashesOfThumbnail, which reads the file and the made thumbnail instead of decoding', async () => {
    // One channel, and four: the thumbnail keeps the channels its pixels were hashed in.
    await sharp(file('original.png')).greyscale().toFile(file('grey.png'));
    await sharp(file('original.png')).resize(240, 360, { fit: 'fill' }).ensureAlpha(0.6).png().toFile(file('alpha.png'));
    for (const name of ['original.png', 'smaller.jpg', 'recompressed.webp', 'rotated.jpg', 'grey.png', 'alpha.png']) {
      const made = await hashesOf(name);
      expect(await hashesOfThumbnail(file(name), made.png), name).toEqual({ contentHash: made.contentHash, perceptualHash: made.perceptualHash });
    }
    // It is the thumbnail's pixels that count: another picture's thumbnail gives another dHash.
    const other = await hashesOf('other-8.png');
    expect((await hashesOfThumbnail(file('original.png'), other.png)).perceptualHash).toBe(other.perceptualHash);
  });

  it('makes the very thumbnail a request would: the bytes of makeThumbnailPng, upright', async () => {
    // A photo at 100 dpi: a PNG carrying the source's density on one path and 72 dpi on the
    // other made an exported and re-imported project's thumbnails differ.
    await sharp(file('original.png')).jpeg().withDensity(100).toFile(file('dense.jpg'));
    // Every kind of pixels a folder holds, so request and hashing can never drift apart on one.
    await sharp(file('original.png')).greyscale().toFile(file('grey-only.png'));
    await sharp(file('original.png')).ensureAlpha(0.5).png().toFile(file('translucent.png'));
    await sharp(file('original.png')).greyscale().ensureAlpha(0.5).png().toFile(file('grey-alpha.png'));
    await sharp(file('original.png')).png({ palette: true, colours: 16 }).toFile(file('palette.png'));
    await sharp(file('original.png')).toColourspace('rgb16').png().toFile(file('sixteen-bit.png'));
    await sharp(file('original.png')).greyscale().jpeg().toFile(file('grey.jpg'));
    await sharp(file('original.png')).jpeg().toColourspace('cmyk').toFile(file('cmyk.jpg'));
    await sharp(file('original.png')).resize(37, 23, { fit: 'fill' }).webp({ lossless: true }).toFile(file('small.webp'));
    await writeImage(file('rotated.png'), { format: 'png', width: 90, height: 60, orientation: 6, gradient: true });
    await writeImage(file('bits.bmp'), { format: 'bmp', width: 33, height: 17, bmpBits: 32 });
    const kinds = ['grey-only.png', 'translucent.png', 'grey-alpha.png', 'palette.png', 'sixteen-bit.png', 'grey.jpg', 'cmyk.jpg', 'small.webp', 'rotated.png', 'bits.bmp'];
    for (const name of ['original.png', 'rotated.jpg', 'dense.jpg', ...kinds]) {
      const probe = (await probeImageFile(file(name)))!;
      const made = await hashesOf(name);
      const plain = await makeThumbnailPng(file(name), probe);
      const { info } = await sharp(plain).raw().toBuffer({ resolveWithObject: true });
      // Upright: the 90x60 file turned by its EXIF orientation is taller than wide.
      expect(info.height > info.width, name).toBe(name.startsWith('rotated'));
      expect(made.png.equals(plain), name).toBe(true);
    }
  });

  it('gives a plain frame of any colour and size a dHash without bits, so two plain frames are never near copies', async () => {
    await writeImage(file('plain-blue.png'), { format: 'png', width: 120, height: 80, color: { r: 10, g: 10, b: 200 } });
    await writeImage(file('plain-olive.png'), { format: 'png', width: 150, height: 70, color: { r: 100, g: 100, b: 10 } });
    for (const name of ['plain-blue.png', 'plain-olive.png']) expect((await hashesOf(name)).perceptualHash, name).toBe('0000000000000000');
  });

  it('rejects an undecodable file', async () => {
    fs.writeFileSync(file('cut.png'), fs.readFileSync(file('original.png')).subarray(0, 200));
    await expect(makeThumbnailWithHashes(file('cut.png'), { format: 'png', width: 640, height: 480, depth: 3, orientation: 1 })).rejects.toThrow(Error);
  });
});
