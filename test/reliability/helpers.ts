// Shared by the reliability tests: folder snapshots, polling and hostile images. The server
// itself is started and spoken to through server/testing/built-server.ts.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() is truthy; the failure names what was awaited. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs: number, what: string, everyMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** relPath → sha256 of every file below root (symlinks listed by their target text). */
export function snapshotFolder(root: string, skip: (relPath: string) => boolean = () => false): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (skip(rel)) continue;
      if (entry.isSymbolicLink()) files[rel] = `symlink:${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(full);
      else files[rel] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(root);
  return files;
}

/** A valid PNG of one pixel color; tiny, written many times for big folders. */
export function tinyPng(seed = 0): Buffer {
  // Two rows of two RGB pixels, each row led by filter byte 0.
  const pixels = Buffer.from([0, seed & 255, 1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11]);
  return pngFile(2, 2, zlib.deflateSync(pixels));
}

/** A PNG claiming width x height with the given IDAT payload (use for headers that lie). */
export function pngWithHeader(width: number, height: number, idat: Buffer = zlib.deflateSync(Buffer.alloc(0))): Buffer {
  return pngFile(width, height, idat);
}

function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolor RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, sum]);
}

/** An uncompressed 1-bit BMP (black and white palette): 15,000 x 15,000 is 28 MB on disk, 900 MB as RGBA. */
export function oneBitBmp(width: number, height: number): Buffer {
  const rowBytes = Math.floor((width + 31) / 32) * 4;
  const dataOffset = 14 + 40 + 8; // file header, info header, two palette entries
  const bmp = Buffer.alloc(dataOffset + rowBytes * height, 0x55); // stripes
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(0, 6);
  bmp.writeUInt32LE(dataOffset, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(height, 22);
  bmp.writeUInt16LE(1, 26); // planes
  bmp.writeUInt16LE(1, 28); // bits per pixel
  bmp.writeUInt32LE(0, 30); // BI_RGB
  bmp.writeUInt32LE(rowBytes * height, 34);
  bmp.fill(0, 38, 54);
  bmp.writeUInt32LE(2, 46); // colours used
  bmp.writeUInt32LE(0x00000000, 54);
  bmp.writeUInt32LE(0x00ffffff, 58);
  return bmp;
}
