// Real image files for tests, written with sharp (and a small BMP encoder: sharp cannot write
// BMP): odd sizes, EXIF orientation, greyscale, corrupt, zero-byte, unsupported formats.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface ImageSpec {
  format: 'jpeg' | 'png' | 'webp' | 'bmp';
  width: number;
  height: number;
  /** EXIF orientation 1-8 of the stored pixels (not for BMP, which has no EXIF). */
  orientation?: number;
  /** Solid colour; with `gradient` the colour at the right edge. */
  color?: Rgb;
  grey?: boolean;
  /** Red and green rise from 0 at the left edge, so a test can tell which way is up. */
  gradient?: boolean;
  /** BMP only: 24 (default) or 32 bits per pixel. */
  bmpBits?: 24 | 32;
}

const DEFAULT_COLOR: Rgb = { r: 40, g: 120, b: 200 };

export async function makeTempDir(prefix: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), prefix));
}

export interface BmpParts {
  width: number;
  /** Negative: rows stored top-down. */
  height: number;
  bitCount: 1 | 4 | 8 | 16 | 24 | 32;
  /** 12 (OS/2 core), 40 (INFO, default), 56, 108 (V4) or 124 (V5). */
  headerSize?: 12 | 40 | 56 | 108 | 124;
  /** 0 BI_RGB (default), 3 BI_BITFIELDS, 6 BI_ALPHABITFIELDS. */
  compression?: number;
  /** Red, green, blue (and alpha) masks for compression 3 or 6. */
  masks?: readonly number[];
  /** RGB entries, for bit counts up to 8. */
  palette?: readonly Rgb[];
  /** V4/V5 bV4CSType, e.g. 0x73524742 'sRGB'. */
  colorSpace?: number;
  /** Each stored row's pixel bytes in file order, without padding; padded here to 4 bytes. */
  rows: readonly Uint8Array[];
}

/** Assembles a BMP byte for byte, for decoder and probe tests of every header variant. */
export function buildBmp(parts: BmpParts): Buffer {
  const headerSize = parts.headerSize ?? 40;
  const compression = parts.compression ?? 0;
  const core = headerSize === 12;
  const masks = parts.masks ?? [];
  // A 40-byte header is followed by its masks; larger headers hold them inside.
  const trailingMasks = headerSize === 40 && (compression === 3 || compression === 6) ? masks.length * 4 : 0;
  const palette = parts.palette ?? [];
  const paletteBytes = palette.length * (core ? 3 : 4);
  const rowBytes = Math.floor((parts.bitCount * parts.width + 31) / 32) * 4;
  const dataOffset = 14 + headerSize + trailingMasks + paletteBytes;
  const buffer = Buffer.alloc(dataOffset + rowBytes * parts.rows.length);
  buffer.write('BM', 0, 'latin1');
  buffer.writeUInt32LE(buffer.length, 2);
  buffer.writeUInt32LE(dataOffset, 10);
  buffer.writeUInt32LE(headerSize, 14);
  if (core) {
    buffer.writeUInt16LE(parts.width, 18);
    buffer.writeUInt16LE(Math.abs(parts.height), 20);
    buffer.writeUInt16LE(1, 22);
    buffer.writeUInt16LE(parts.bitCount, 24);
  } else {
    buffer.writeInt32LE(parts.width, 18);
    buffer.writeInt32LE(parts.height, 22);
    buffer.writeUInt16LE(1, 26);
    buffer.writeUInt16LE(parts.bitCount, 28);
    buffer.writeUInt32LE(compression, 30);
    buffer.writeUInt32LE(rowBytes * parts.rows.length, 34);
    buffer.writeUInt32LE(palette.length, 46);
    masks.forEach((mask, index) => buffer.writeUInt32LE(mask >>> 0, 54 + index * 4));
    if (headerSize >= 108) buffer.writeUInt32LE(parts.colorSpace ?? 0, 70);
  }
  palette.forEach((entry, index) => {
    const at = 14 + headerSize + trailingMasks + index * (core ? 3 : 4);
    buffer[at] = entry.b;
    buffer[at + 1] = entry.g;
    buffer[at + 2] = entry.r;
  });
  parts.rows.forEach((row, index) => buffer.set(row.subarray(0, rowBytes), dataOffset + index * rowBytes));
  return buffer;
}

/** A bottom-up 24- or 32-bit BI_RGB BMP of raw RGB pixels (top-down rows of width*3 bytes). */
export function encodeBmpRgb(width: number, height: number, rgb: Uint8Array, bitCount: 24 | 32 = 24): Buffer {
  const step = bitCount / 8;
  const rows: Uint8Array[] = [];
  for (let y = height - 1; y >= 0; y -= 1) {
    const row = new Uint8Array(width * step);
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 3;
      row[x * step] = rgb[from + 2] ?? 0;
      row[x * step + 1] = rgb[from + 1] ?? 0;
      row[x * step + 2] = rgb[from] ?? 0;
    }
    rows.push(row);
  }
  return buildBmp({ width, height, bitCount, rows });
}

/** A 24-bit (or 32-bit) bottom-up BMP of one colour. */
export function encodeBmp(width: number, height: number, color: Rgb, bitCount: 24 | 32 = 24): Buffer {
  return encodeBmpRgb(width, height, solidRgb(width, height, color), bitCount);
}

function solidRgb(width: number, height: number, color: Rgb): Buffer {
  const rgb = Buffer.alloc(width * height * 3);
  for (let at = 0; at < rgb.length; at += 3) {
    rgb[at] = color.r;
    rgb[at + 1] = color.g;
    rgb[at + 2] = color.b;
  }
  return rgb;
}

/** Top-down RGB pixels of the spec: solid, or a left-to-right ramp of red and green. */
function pixelsOf(spec: ImageSpec): Buffer {
  const color = spec.color ?? DEFAULT_COLOR;
  const rgb = solidRgb(spec.width, spec.height, color);
  for (let y = 0; y < spec.height; y += 1) {
    for (let x = 0; x < spec.width; x += 1) {
      const at = (y * spec.width + x) * 3;
      if (spec.gradient) {
        const ramp = spec.width === 1 ? 1 : x / (spec.width - 1);
        rgb[at] = Math.round(color.r * ramp);
        rgb[at + 1] = Math.round(color.g * ramp);
      }
      if (spec.grey) rgb.fill(Math.round(0.299 * (rgb[at] ?? 0) + 0.587 * (rgb[at + 1] ?? 0) + 0.114 * (rgb[at + 2] ?? 0)), at, at + 3);
    }
  }
  return rgb;
}

/** Encodes the image of `spec` in memory. */
export async function encodeImage(spec: ImageSpec): Promise<Buffer> {
  const rgb = pixelsOf(spec);
  if (spec.format === 'bmp') {
    if (spec.orientation) throw new Error('BMP has no EXIF orientation');
    return encodeBmpRgb(spec.width, spec.height, rgb, spec.bmpBits ?? 24);
  }
  let image = sharp(rgb, { raw: { width: spec.width, height: spec.height, channels: 3 } });
  // One channel in the file: sharp writes greyscale as RGB unless told the colourspace.
  if (spec.grey) image = image.toColourspace('b-w');
  // withMetadata sets the EXIF Orientation tag; withExif({IFD0: {Orientation}}) does not in 0.35.
  if (spec.orientation) image = image.withMetadata({ orientation: spec.orientation });
  const encoded = spec.format === 'jpeg' ? image.jpeg({ quality: 90 }) : spec.format === 'png' ? image.png() : image.webp();
  return encoded.toBuffer();
}

/** Writes the image of `spec`, creating parent folders. */
export async function writeImage(absPath: string, spec: ImageSpec): Promise<void> {
  await fsp.mkdir(path.dirname(absPath), { recursive: true });
  await fsp.writeFile(absPath, await encodeImage(spec));
}

/** Deterministic noise that starts with no image signature. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let index = 0; index < length; index += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[index] = state >>> 24;
  }
  bytes[0] = 0x00;
  return bytes;
}

export interface ImageFolder {
  /** Valid images, absolute paths (a PNG named .txt included: content decides). */
  images: string[];
  /** Files named like images (classifai's suffix list) that are not readable images. */
  unsupported: string[];
  /** Everything else: not images, or in the deleted folder. */
  ignored: string[];
}

/**
 * A folder like a user's: images in several formats and depths, plus files that are not
 * images. The e2e tests count on exactly these 8 images, `bitmap.bmp` (33x17) first by name.
 */
export async function writeImageFolder(root: string): Promise<ImageFolder> {
  const at = (relative: string) => path.join(root, relative);
  const images: Array<[string, ImageSpec]> = [
    ['cat.jpg', { format: 'jpeg', width: 641, height: 479, gradient: true }],
    ['portrait.jpg', { format: 'jpeg', width: 300, height: 200, orientation: 6 }],
    ['dog.png', { format: 'png', width: 320, height: 240, color: { r: 200, g: 80, b: 40 } }],
    ['grey.png', { format: 'png', width: 64, height: 64, grey: true }],
    ['bitmap.bmp', { format: 'bmp', width: 33, height: 17 }],
    ['photo.webp', { format: 'webp', width: 120, height: 90 }],
    ['disguised.txt', { format: 'png', width: 50, height: 40 }],
    ['nested/deeper/bird.jpg', { format: 'jpeg', width: 211, height: 149 }],
  ];
  for (const [relative, spec] of images) await writeImage(at(relative), spec);
  await fsp.writeFile(at('empty.jpg'), Buffer.alloc(0));
  await fsp.writeFile(at('broken.png'), noise(2048, 7));
  await fsp.writeFile(at('notes.txt'), 'not an image\n');
  await fsp.writeFile(at('scan.tif'), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).tiff().toBuffer());
  await writeImage(at('.classifai_deleted_data/old.jpg'), { format: 'jpeg', width: 10, height: 10 });
  return {
    images: images.map(([relative]) => at(relative)),
    unsupported: [at('empty.jpg'), at('broken.png'), at('scan.tif')],
    ignored: [at('notes.txt'), at('.classifai_deleted_data/old.jpg')],
  };
}
