// Pictures with structure, for perceptual hashes: a solid colour or a plain gradient hashes to
// nearly nothing, so each picture here is a few seeded random blotches, smoothly enlarged.
// The same seed gives the same picture at any size, format or quality (a "re-encoded copy").
import fsp from 'node:fs/promises';
import sharp from 'sharp';

export interface PictureSpec {
  seed: number;
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp';
  /** JPEG/WebP quality; lower is a rougher re-encoding. */
  quality?: number;
}

/** mulberry32, inlined so fixtures do not depend on the code under test. */
function randomBytes(seed: number, length: number): Uint8Array {
  let state = seed >>> 0;
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes[index] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

export async function encodePicture(spec: PictureSpec): Promise<Buffer> {
  const blotches = sharp(Buffer.from(randomBytes(spec.seed, 12 * 9 * 3)), { raw: { width: 12, height: 9, channels: 3 } });
  const picture = blotches.resize(spec.width, spec.height, { fit: 'fill', kernel: 'cubic' });
  const quality = spec.quality ?? 90;
  if (spec.format === 'jpeg') return picture.jpeg({ quality }).toBuffer();
  if (spec.format === 'webp') return picture.webp({ quality }).toBuffer();
  return picture.png().toBuffer();
}

export async function writePicture(absPath: string, spec: PictureSpec): Promise<void> {
  await fsp.writeFile(absPath, await encodePicture(spec));
}
