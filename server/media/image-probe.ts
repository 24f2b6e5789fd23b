// Identifies images from their header bytes (no pixel decode): format by content, never by
// extension; upright size (EXIF orientation 5-8 swaps width and height); classifai's depth.
import fsp from 'node:fs/promises';
import type { ImageFormat } from '@/server/core/types';

export interface ImageProbe {
  format: ImageFormat;
  /** Upright width and height: as the image is displayed once EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation 1-8; 1 when absent. */
  orientation: number;
  depth: number;
}

/** classifai refuses images with a side over 15000 px. */
export const MAX_SIDE = 15_000;
const HEAD_BYTES = 64 * 1024;

type Reader = (position: number, length: number) => Promise<Buffer>;

const bufferReader = (buffer: Buffer): Reader => async (position, length) => buffer.subarray(position, position + length);

function finish(format: ImageFormat, width: number, height: number, orientation: number, depth: number): ImageProbe | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return null;
  if (width > MAX_SIDE || height > MAX_SIDE) return null;
  const swap = orientation >= 5 && orientation <= 8;
  return { format, width: swap ? height : width, height: swap ? width : height, orientation, depth };
}

/** Orientation from a TIFF block (EXIF payload); 1 when absent or malformed. */
export function exifOrientation(tiff: Buffer): number {
  let start = 0;
  if (tiff.subarray(0, 6).toString('latin1') === 'Exif\0\0') start = 6;
  if (tiff.length < start + 8) return 1;
  const order = tiff.toString('latin1', start, start + 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(start + 2) !== 42) return 1;
  const ifd = start + u32(start + 4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

async function probeJpeg(read: Reader): Promise<ImageProbe | null> {
  let position = 2;
  let orientation = 1;
  for (let guard = 0; guard < 10_000; guard += 1) {
    const header = await read(position, 4);
    if (header.length < 4) return null;
    if (header[0] !== 0xff) return null;
    const marker = header[1] ?? 0;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      position += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end or scan before any frame header
    const length = header.readUInt16BE(2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const frame = await read(position + 4, 6);
      if (frame.length < 6) return null;
      const components = frame[5] ?? 3;
      return finish('jpeg', frame.readUInt16BE(3), frame.readUInt16BE(1), orientation, [1, 3, 4].includes(components) ? components : 3);
    }
    if (marker === 0xe1 && orientation === 1) {
      const payload = await read(position + 4, Math.min(length - 2, HEAD_BYTES));
      if (payload.subarray(0, 6).toString('latin1') === 'Exif\0\0') orientation = exifOrientation(payload);
    }
    position += 2 + length;
  }
  return null;
}

function probePng(head: Buffer): ImageProbe | null {
  if (head.length < 33 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = head.readUInt32BE(16);
  const height = head.readUInt32BE(20);
  const colorType = head[25];
  let orientation = 1;
  // eXIf must come before IDAT; look through the chunks we have.
  for (let at = 8; at + 8 <= head.length; ) {
    const length = head.readUInt32BE(at);
    const type = head.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'eXIf' && at + 8 + length <= head.length) orientation = exifOrientation(head.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return finish('png', width, height, orientation, colorType === 0 ? 1 : 3);
}

function probeBmp(head: Buffer): ImageProbe | null {
  if (head.length < 26) return null;
  const infoSize = head.readUInt32LE(14);
  if (infoSize === 12) return finish('bmp', head.readUInt16LE(18), head.readUInt16LE(20), 1, 1);
  if (infoSize < 40 || head.length < 30) return null;
  const width = head.readInt32LE(18);
  const height = Math.abs(head.readInt32LE(22));
  const bitCount = head.readUInt16LE(28);
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) return null;
  const colorSpace = infoSize >= 108 && head.length >= 74 ? head.readUInt32LE(70) : 0;
  return finish('bmp', width, height, 1, colorSpace === 0x73524742 || colorSpace === 0x57696e20 ? 3 : 1);
}

function probeWebp(head: Buffer): ImageProbe | null {
  let size: { width: number; height: number } | null = null;
  let orientation = 1;
  for (let at = 12; at + 8 <= head.length; ) {
    const type = head.toString('latin1', at, at + 4);
    const length = head.readUInt32LE(at + 4);
    const data = head.subarray(at + 8, at + 8 + length);
    if (type === 'VP8X') {
      if (data.length < 10 || ((data[0] ?? 0) & 0x02) !== 0) return null; // animated
      size = { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1 };
    } else if (type === 'ANIM' || type === 'ANMF') {
      return null;
    } else if (type === 'VP8 ' && !size) {
      if (data.length < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return null;
      size = { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff };
    } else if (type === 'VP8L' && !size) {
      if (data.length < 5 || data[0] !== 0x2f) return null;
      const bits = data.readUInt32LE(1);
      size = { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    } else if (type === 'EXIF') {
      orientation = exifOrientation(data);
    }
    at += 8 + length + (length % 2);
  }
  return size ? finish('webp', size.width, size.height, orientation, 3) : null;
}

async function probe(head: Buffer, read: Reader): Promise<ImageProbe | null> {
  try {
    if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return await probeJpeg(read);
    if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a) return probePng(head);
    if (head.length >= 2 && head.toString('latin1', 0, 2) === 'BM') return probeBmp(head);
    if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return probeWebp(head);
    return null;
  } catch {
    return null; // a header that lies about its lengths
  }
}

export async function probeImageBuffer(buffer: Uint8Array): Promise<ImageProbe | null> {
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return probe(bytes, bufferReader(bytes));
}

export async function probeImageFile(absPath: string): Promise<ImageProbe | null> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(absPath, 'r');
    const file = handle;
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    const start = head.subarray(0, bytesRead);
    const read: Reader = async (position, length) => {
      if (position + length <= bytesRead) return start.subarray(position, position + length);
      const chunk = Buffer.alloc(length);
      const { bytesRead: got } = await file.read(chunk, 0, length, position);
      return chunk.subarray(0, got);
    };
    return await probe(start, read);
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}
