// The only sharp import: thumbnails and MIME types. Headers are read by image-probe.ts and
// BMP pixels by bmp-decoder.ts (sharp cannot read BMP).
import fsp from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { ImageFormat } from '@/server/core/types';
import { decodeBmp } from './bmp-decoder';
import { MAX_SIDE, type ImageProbe } from './image-probe';

export { probeImageBuffer, probeImageFile, type ImageProbe } from './image-probe';

// Thumbnails come from different files every time: sharp's operation cache only costs memory.
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

export async function makeThumbnailPng(absPath: string, probe: ImageProbe): Promise<Buffer> {
  const size = thumbnailSize(probe.width, probe.height);
  const limits = { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: 'error' as const };
  let image: Sharp;
  if (probe.format === 'bmp') {
    const bitmap = decodeBmp(await fsp.readFile(absPath));
    image = sharp(bitmap.data, { ...limits, raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
  } else {
    image = sharp(absPath, { ...limits, sequentialRead: true }).rotate();
  }
  return image.resize(size.width, size.height, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();
}
