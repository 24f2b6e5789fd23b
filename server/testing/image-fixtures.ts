// Real image files for tests, written with sharp (and a tiny BMP encoder: sharp cannot write
// BMP): odd sizes, EXIF orientation, greyscale, corrupt, zero-byte, unsupported formats.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface ImageSpec {
  format: 'jpeg' | 'png' | 'webp' | 'bmp';
  width: number;
  height: number;
  orientation?: number;
  color?: { r: number; g: number; b: number };
  grey?: boolean;
}

export async function makeTempDir(prefix: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A 24-bit bottom-up BMP of one color. */
export function encodeBmp(width: number, height: number, color: { r: number; g: number; b: number }): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const buffer = Buffer.alloc(54 + rowBytes * height);
  buffer.write('BM', 0, 'latin1');
  buffer.writeUInt32LE(buffer.length, 2);
  buffer.writeUInt32LE(54, 10);
  buffer.writeUInt32LE(40, 14);
  buffer.writeInt32LE(width, 18);
  buffer.writeInt32LE(height, 22);
  buffer.writeUInt16LE(1, 26);
  buffer.writeUInt16LE(24, 28);
  buffer.writeUInt32LE(rowBytes * height, 34);
  for (let row = 0; row < height; row += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = 54 + row * rowBytes + x * 3;
      buffer[at] = color.b;
      buffer[at + 1] = color.g;
      buffer[at + 2] = color.r;
    }
  }
  return buffer;
}

export async function writeImage(absPath: string, spec: ImageSpec): Promise<void> {
  await fsp.mkdir(path.dirname(absPath), { recursive: true });
  const color = spec.color ?? { r: 40, g: 120, b: 200 };
  if (spec.format === 'bmp') {
    await fsp.writeFile(absPath, encodeBmp(spec.width, spec.height, color));
    return;
  }
  let image = sharp({ create: { width: spec.width, height: spec.height, channels: 3, background: color } });
  // Single-channel output: sharp writes greyscale as RGB unless told the colourspace.
  if (spec.grey) image = image.greyscale().toColourspace('b-w');
  if (spec.orientation) image = image.withMetadata({ orientation: spec.orientation });
  const encoded = spec.format === 'jpeg' ? image.jpeg({ quality: 80 }) : spec.format === 'png' ? image.png() : image.webp();
  await fsp.writeFile(absPath, await encoded.toBuffer());
}

export interface ImageFolder {
  /** Valid images, absolute paths. */
  images: string[];
  /** Files named like images (classifai's suffix list) that are not readable images. */
  unsupported: string[];
  /** Everything else: not images, or in the deleted folder. */
  ignored: string[];
}

/** A folder like a user's: images in several formats and depths, plus files that are not images. */
export async function writeImageFolder(root: string): Promise<ImageFolder> {
  const at = (relative: string) => path.join(root, relative);
  const images: Array<[string, ImageSpec]> = [
    ['cat.jpg', { format: 'jpeg', width: 641, height: 479 }],
    ['portrait.jpg', { format: 'jpeg', width: 300, height: 200, orientation: 6 }],
    ['dog.png', { format: 'png', width: 320, height: 240, color: { r: 200, g: 80, b: 40 } }],
    ['grey.png', { format: 'png', width: 64, height: 64, grey: true }],
    ['bitmap.bmp', { format: 'bmp', width: 33, height: 17 }],
    ['photo.webp', { format: 'webp', width: 120, height: 90 }],
    ['disguised.txt', { format: 'png', width: 50, height: 40 }],
    ['nested/deeper/bird.jpg', { format: 'jpeg', width: 210, height: 150 }],
  ];
  for (const [relative, spec] of images) await writeImage(at(relative), spec);
  fs.writeFileSync(at('empty.jpg'), Buffer.alloc(0));
  fs.writeFileSync(at('broken.png'), Buffer.from('this is not a png at all, just text bytes'));
  fs.writeFileSync(at('notes.txt'), 'not an image');
  fs.writeFileSync(at('scan.tif'), await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).tiff().toBuffer());
  await writeImage(at('.classifai_deleted_data/old.jpg'), { format: 'jpeg', width: 10, height: 10 });
  return {
    images: images.map(([relative]) => at(relative)),
    unsupported: [at('empty.jpg'), at('broken.png')],
    ignored: [at('notes.txt'), at('scan.tif'), at('.classifai_deleted_data/old.jpg')],
  };
}
