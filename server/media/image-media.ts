// The only sharp import: thumbnails, decode checks and MIME types. Headers are read by
// image-probe.ts and BMP pixels by bmp-decoder.ts (sharp cannot read BMP).
import fsp from 'node:fs/promises';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { ImageFormat } from '@/server/core/types';
import { decodeBmp } from './bmp-decoder';
import { MAX_PIXELS, type ImageProbe } from './image-probe';

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
const LIMITS: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error' };

/**
 * The upright image, ready for operations; BMP goes through the local decoder. maxSide: the
 * most a BMP needs (thumbnails need 100 px: a sample of 1024 keeps a big BMP cheap).
 */
async function open(absPath: string, probe: ImageProbe, maxSide: number | undefined = 1024): Promise<Sharp> {
  if (probe.format === 'bmp') {
    const bitmap = decodeBmp(await fsp.readFile(absPath), maxSide ? { maxSide } : {});
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

/** The upright image scaled to fit side x side, as a JPEG: a huge image's first sharp view. */
export async function makePreviewJpeg(absPath: string, probe: ImageProbe, side: number): Promise<Buffer> {
  // JPEG shrink-on-load makes this a fraction of a full decode (1.3 s for 20,000 x 20,000 on one core).
  const image = await open(absPath, probe, side);
  return image.resize(side, side, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
}

/** Cuts the upright image into a Deep Zoom pyramid of JPEG tiles at base (base.dzi, base_files/). */
export async function cutTilePyramid(absPath: string, probe: ImageProbe, base: string, tileSize: number): Promise<void> {
  const image = await open(absPath, probe, undefined);
  await image.jpeg({ quality: 85 }).tile({ size: tileSize, overlap: 0, layout: 'dz' }).toFile(base);
}
