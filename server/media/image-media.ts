// The only sharp import: thumbnails, decode checks and MIME types. Headers are read by
// image-probe.ts and BMP pixels by bmp-decoder.ts (sharp cannot read BMP).
import fsp from 'node:fs/promises';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { ImageFormat } from '@/server/core/types';
import { decodeBmp } from './bmp-decoder';
import { MAX_SIDE, type ImageProbe } from './image-probe';

export { probeImageBuffer, probeImageFile, type ImageProbe } from './image-probe';

// libvips caches loads by file name and keeps cached files open: a picture rewritten under
// the same name could come back stale, and each file is thumbnailed once anyway (measured on
// 2 cores: no speed difference with the cache on, nor from concurrency 1 versus 2).
sharp.cache(false);

const MIME_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', webp: 'image/webp' };

export function mimeTypeOf(format: ImageFormat): string {
  return MIME_TYPES[format];
}

/** classifai's thumbnail size: 100 px on the long side, the short side by integer division. */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  if (width >= height) return { width: 100, height: Math.max(1, Math.floor((100 * height) / width)) };
  return { width: Math.max(1, Math.floor((100 * width) / height)), height: 100 };
}

// A decompression bomb or a file cut short rejects instead of yielding a half-grey picture.
const LIMITS: SharpOptions = { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: 'error' };

/** The upright image, ready for operations; BMP goes through the local decoder. */
async function open(absPath: string, probe: ImageProbe): Promise<Sharp> {
  if (probe.format === 'bmp') {
    // Thumbnails need 100 px: a sample of at most 1024 px keeps a huge BMP cheap.
    const bitmap = decodeBmp(await fsp.readFile(absPath), { maxSide: 1024 });
    return sharp(bitmap.data, { ...LIMITS, raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
  }
  // rotate() without an angle applies the EXIF orientation, so the sizes below are upright.
  return sharp(absPath, { ...LIMITS, sequentialRead: true }).rotate();
}

/** A PNG thumbnail exactly thumbnailSize() of the upright image; rejects for undecodable files. */
export async function makeThumbnailPng(absPath: string, probe: ImageProbe): Promise<Buffer> {
  const size = thumbnailSize(probe.width, probe.height);
  const image = await open(absPath, probe);
  return image.resize(size.width, size.height, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();
}

export interface ThumbnailWithHashes {
  png: Buffer;
  /** The first 64 bits of the file's SHA-256, as 16 hex digits: same bytes, same value. */
  contentHash: string;
  /** A 64-bit dHash of the upright picture, as 16 hex digits: near-identical pictures differ in few bits. */
  perceptualHash: string;
}

// dHash: a 9x8 greyscale, one bit per horizontally adjacent pair (left brighter than right).
const HASH_WIDTH = 9;
const HASH_HEIGHT = 8;

/** The dHash of a 9x8 greyscale (row-major, `channels` bytes a pixel, the first one read). */
export function differenceHash(grey: Uint8Array, channels = 1): string {
  let hex = '';
  for (let row = 0; row < HASH_HEIGHT; row += 1) {
    let byte = 0;
    for (let column = 0; column < HASH_WIDTH - 1; column += 1) {
      const left = grey[(row * HASH_WIDTH + column) * channels] ?? 0;
      const right = grey[(row * HASH_WIDTH + column + 1) * channels] ?? 0;
      byte = (byte << 1) | (left > right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * The thumbnail of makeThumbnailPng plus the image's hashes, from one read of the file and one
 * decode: the file's bytes are hashed (in the thread pool, beside the decode) and decoded to
 * the thumbnail's pixels, from which both the PNG and the 9x8 dHash are made.
 */
export async function makeThumbnailWithHashes(absPath: string, probe: ImageProbe): Promise<ThumbnailWithHashes> {
  const size = thumbnailSize(probe.width, probe.height);
  const bytes = await fsp.readFile(absPath);
  const digest = crypto.subtle.digest('SHA-256', bytes);
  let decoded: Sharp;
  if (probe.format === 'bmp') {
    const bitmap = decodeBmp(bytes, { maxSide: 1024 });
    decoded = sharp(bitmap.data, { ...LIMITS, raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
  } else {
    decoded = sharp(bytes, LIMITS).rotate();
  }
  const { data, info } = await decoded.resize(size.width, size.height, { fit: 'fill' }).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [png, grey] = await Promise.all([
    sharp(data, raw).png({ compressionLevel: 6 }).toBuffer(),
    sharp(data, raw).removeAlpha().greyscale().resize(HASH_WIDTH, HASH_HEIGHT, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true }),
  ]);
  const contentHash = Buffer.from(await digest).subarray(0, 8).toString('hex');
  return { png, contentHash, perceptualHash: differenceHash(grey.data, grey.info.channels) };
}
