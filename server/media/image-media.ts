// The only sharp import: thumbnails, decode checks and MIME types. Headers are read by
// image-probe.ts and BMP pixels by bmp-decoder.ts (sharp cannot read BMP).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import sharp, { type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
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

interface OpenOptions {
  /** The most a BMP is decoded to (a sample: thumbnails need 100 px); whole when absent. */
  bmpSide?: number;
  /**
   * Read the file once, front to back (the default: thumbnails and previews shrink on load).
   * false lets libvips decode a big picture to a temporary file first, which a rotation of
   * the whole picture (EXIF orientation) needs instead of holding it all in memory.
   */
  sequential?: boolean;
}

/** The upright image, ready for operations; BMP goes through the local decoder. */
async function open(absPath: string, probe: ImageProbe, { bmpSide = 1024, sequential = true }: OpenOptions = {}): Promise<Sharp> {
  if (probe.format === 'bmp') {
    const bitmap = decodeBmp(await fsp.readFile(absPath), { maxSide: bmpSide });
    return sharp(bitmap.data, { ...LIMITS, raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
  }
  // rotate() without an angle applies the EXIF orientation, so the sizes below are upright.
  return sharp(absPath, { ...LIMITS, sequentialRead: sequential }).rotate();
}

/**
 * The upright image resized to thumbnailSize(): each thumbnail path finishes it its own way.
 * picture: an upright picture of the image already made (a huge image's preview JPEG), scaled
 * instead of decoding the file a second time.
 */
async function resizedForThumbnail(absPath: string, probe: ImageProbe, picture?: Buffer): Promise<Sharp> {
  const size = thumbnailSize(probe.width, probe.height);
  const source = picture ? sharp(picture, LIMITS) : await open(absPath, probe);
  return source.resize(size.width, size.height, { fit: 'fill' });
}

const THUMBNAIL_PNG = { compressionLevel: 6 } as const;

/** The upright image's pixels at thumbnailSize(), as raw bytes. */
async function thumbnailPixels(absPath: string, probe: ImageProbe, picture?: Buffer) {
  return (await resizedForThumbnail(absPath, probe, picture)).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
}

/**
 * The thumbnail's PNG of its pixels, encoded from raw bytes: one encoding for every path, so a
 * thumbnail carries no density or other trace of its source and is the same bytes however made.
 */
const thumbnailPngOf = ({ data, info }: { data: Buffer; info: OutputInfo }) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).png(THUMBNAIL_PNG).toBuffer();

/** The density thumbnailPngOf's PNGs carry (raw pixels have none of their own): 1000 px a metre. */
const RAW_PIXELS_PER_METRE = 1000;

/**
 * A PNG's pHYs chunk set to pixelsPerMetre, in place. A PNG encoded straight from a file keeps
 * the file's density there, the only chunk in which it differs from thumbnailPngOf's.
 */
function setPngDensity(png: Buffer, pixelsPerMetre: number): Buffer {
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') break;
    if (type === 'pHYs' && length === 9) {
      png.writeUInt32BE(pixelsPerMetre, at + 8);
      png.writeUInt32BE(pixelsPerMetre, at + 12);
      png.writeUInt8(1, at + 16);
      png.writeUInt32BE(zlib.crc32(png.subarray(at + 4, at + 8 + length)), at + 8 + length);
      break;
    }
    at += 12 + length;
  }
  return png;
}

/**
 * A PNG thumbnail exactly thumbnailSize() of the upright image; rejects for undecodable files.
 * One pipeline from file to PNG (a request waits for it: 7% faster than through raw pixels),
 * the same bytes as thumbnailPngOf's once its density is theirs.
 */
export async function makeThumbnailPng(absPath: string, probe: ImageProbe, picture?: Buffer): Promise<Buffer> {
  const png = await (await resizedForThumbnail(absPath, probe, picture)).png(THUMBNAIL_PNG).toBuffer();
  return setPngDensity(png, RAW_PIXELS_PER_METRE);
}

/** The upright image scaled to fit side x side, as a JPEG: a huge image's first sharp view. */
export async function makePreviewJpeg(absPath: string, probe: ImageProbe, side: number): Promise<Buffer> {
  // JPEG shrink-on-load makes this a fraction of a full decode (1.3 s for 20,000 x 20,000 on one core).
  const image = await open(absPath, probe, { bmpSide: side });
  return image.resize(side, side, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Cuts the upright image into a Deep Zoom pyramid of JPEG tiles at base (base.dzi, base_files/).
 * Not for BMP: it would be decoded whole into memory here (the caller refuses it).
 */
export async function cutTilePyramid(absPath: string, probe: ImageProbe, base: string, tileSize: number): Promise<void> {
  if (probe.format === 'bmp') throw new Error('BMP images are not cut into tiles');
  const image = await open(absPath, probe, { sequential: false });
  await image.jpeg({ quality: 85 }).tile({ size: tileSize, overlap: 0, layout: 'dz' }).toFile(base);
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

/**
 * The dHash of raw pixels (`channels` bytes a pixel: grey, grey+alpha, RGB or RGBA). The 9x8
 * greyscale is an area average done here: the thumbnail's pixels are few, and a third sharp
 * pipeline cost more than the arithmetic.
 */
export function differenceHash(pixels: Uint8Array, width: number, height: number, channels: number): string {
  const grey = new Float64Array(HASH_WIDTH * HASH_HEIGHT);
  for (let row = 0; row < HASH_HEIGHT; row += 1) {
    const top = Math.floor((row * height) / HASH_HEIGHT);
    const bottom = Math.max(top + 1, Math.floor(((row + 1) * height) / HASH_HEIGHT));
    for (let column = 0; column < HASH_WIDTH; column += 1) {
      const left = Math.floor((column * width) / HASH_WIDTH);
      const right = Math.max(left + 1, Math.floor(((column + 1) * width) / HASH_WIDTH));
      let sum = 0;
      let count = 0;
      for (let y = top; y < Math.min(bottom, height); y += 1) {
        for (let x = left; x < Math.min(right, width); x += 1) {
          const at = (y * width + x) * channels;
          // Rec. 601 luma, as libvips' greyscale; one or two channels are grey already. In
          // thousandths, so sums are exact integers: with 0.299 and the like, rounding noise made
          // cells of a plain picture differ, and a blue and a yellow frame read as near copies.
          sum += channels >= 3 ? 299 * (pixels[at] ?? 0) + 587 * (pixels[at + 1] ?? 0) + 114 * (pixels[at + 2] ?? 0) : 1000 * (pixels[at] ?? 0);
          count += 1;
        }
      }
      grey[row * HASH_WIDTH + column] = count > 0 ? sum / count : 0;
    }
  }
  let hex = '';
  for (let row = 0; row < HASH_HEIGHT; row += 1) {
    let byte = 0;
    for (let column = 0; column < HASH_WIDTH - 1; column += 1) {
      byte = (byte << 1) | ((grey[row * HASH_WIDTH + column] ?? 0) > (grey[row * HASH_WIDTH + column + 1] ?? 0) ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * The first 64 bits of a file's SHA-256, as 16 hex digits, read as a stream. Not through
 * file-hash.ts's reused buffers: with them the server stood 130 MB above idle just after opening
 * a 100,000-image project (bench W6, its background thumbnails and hashes under way), against
 * 57 MB with the stream; why is not known, and nothing measured was faster.
 */
async function sha256Prefix(absPath: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(absPath), hash);
  return hash.digest().subarray(0, 8).toString('hex');
}

/**
 * The hashes makeThumbnailWithHashes gives, from the file's bytes and the thumbnail already
 * made of it: the PNG holds exactly the pixels the dHash is taken from, so no decode of the
 * image is needed (a request answers with the thumbnail first; this runs later).
 */
export async function hashesOfThumbnail(absPath: string, png: Buffer): Promise<Omit<ThumbnailWithHashes, 'png'>> {
  const digest = sha256Prefix(absPath);
  digest.catch(() => undefined); // a thumbnail that cannot be read is the error reported
  const { data, info } = await sharp(png).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { contentHash: await digest, perceptualHash: differenceHash(data, info.width, info.height, info.channels) };
}

/**
 * The thumbnail of makeThumbnailPng plus the image's hashes, from one read of the file and one
 * decode: the file's bytes are hashed (in the thread pool, beside the decode) and decoded to
 * the thumbnail's pixels, from which both the PNG and the dHash are made.
 */
export async function makeThumbnailWithHashes(absPath: string, probe: ImageProbe, picture?: Buffer): Promise<ThumbnailWithHashes> {
  // Hashed as a stream beside the decode: a huge image is never held whole in memory (the
  // decoder's read of the same file comes from the page cache).
  const digest = sha256Prefix(absPath);
  digest.catch(() => undefined); // a failed decode is the error reported
  const pixels = await thumbnailPixels(absPath, probe, picture);
  const { data, info } = pixels;
  const png = await thumbnailPngOf(pixels);
  const contentHash = await digest;
  const perceptualHash = differenceHash(data, info.width, info.height, info.channels);
  return { png, contentHash, perceptualHash };
}
