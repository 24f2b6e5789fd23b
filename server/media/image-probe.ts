// Identifies images from their header bytes (no pixel decode): format by content, never by
// extension; upright size (EXIF orientation 5-8 swaps width and height); classifai's depth.
// Parsers are synchronous over a ByteWindows view. A file is read in windows: the first
// covers nearly every header, and a parser that needs bytes further on (a JPEG frame header
// after megabytes of metadata, a WebP EXIF chunk after the pixels) asks for them and runs
// again, which costs little because parsers only skip over lengths.
import fs from 'node:fs';
import { promisify } from 'node:util';
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

/**
 * classifai refuses images with a side over 15000 px; Labelport shows bigger ones from tiles,
 * up to what a JPEG can hold on a side and a gigapixel in all. BMP keeps classifai's limit:
 * it is decoded here, in memory, without libvips' streaming.
 */
export const MAX_SIDE = 65_500;
export const MAX_PIXELS = 1_000_000_000;
/**
 * A progressive JPEG or an interlaced PNG cannot be decoded a band at a time: libvips holds
 * it whole (some GB at a gigapixel). Those keep classifai's bound, as before tiles.
 */
export const MAX_WHOLE_DECODE_PIXELS = 15_000 * 15_000;
export const MAX_BMP_SIDE = 15_000;
const FIRST_WINDOW = 64 * 1024;
const LATER_WINDOW = 16 * 1024;
/** Reads after the first. Phones put megabytes of extended XMP (depth maps) before the
 * frame header, one read per 64 KiB segment; far more means a file not worth following. */
const MAX_EXTRA_READS = 256;
const MAX_SEGMENTS = 4096;
/** IFD0 opens an EXIF block: a longer block (a PNG or WebP one may be) is read only this far. */
const EXIF_BYTES = 64 * 1024;
/** No header field asks for more than this at once; a bigger request comes from a lying length. */
const MAX_READ = 1024 * 1024;

/** The bytes a parser wants lie beyond what has been read so far. */
class NeedBytes {
  constructor(
    readonly position: number,
    readonly length: number,
  ) {}
}

/** The data ends before the bytes a parser wants: truncated or lying lengths. */
class Truncated extends Error {}

/** Windows read from one file or buffer; `end` is the data length once known. */
class ByteWindows {
  private readonly windows: Array<{ start: number; bytes: Buffer }> = [];
  end: number | undefined;

  add(start: number, bytes: Buffer, requested: number): void {
    this.windows.push({ start, bytes });
    // A short read ends the data there (or before, when it read nothing past the end).
    if (bytes.length < requested) this.end = Math.min(this.end ?? Number.POSITIVE_INFINITY, start + bytes.length);
  }

  /** Whether [position, position+length) exists in the data. */
  has(position: number, length: number): boolean {
    if (this.end !== undefined && position + length > this.end) return false;
    this.get(position, length);
    return true;
  }

  get(position: number, length: number): Buffer {
    if (!Number.isSafeInteger(position) || position < 0 || length < 0) throw new Truncated();
    for (const { start, bytes } of this.windows) {
      if (position >= start && position + length <= start + bytes.length) return bytes.subarray(position - start, position - start + length);
    }
    if (this.end !== undefined && position + length > this.end) throw new Truncated();
    throw new NeedBytes(position, length);
  }

  latin1(position: number, length: number): string {
    return this.get(position, length).toString('latin1');
  }
}

/** decodedWhole: the format's layout (progressive, interlaced) forbids a decode in bands. */
function finish(format: ImageFormat, width: number, height: number, orientation: number, depth: number, decodedWhole = false): ImageProbe | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return null;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return null;
  if (decodedWhole && width * height > MAX_WHOLE_DECODE_PIXELS) return null;
  if (format === 'bmp' && (width > MAX_BMP_SIDE || height > MAX_BMP_SIDE)) return null;
  const swap = orientation >= 5 && orientation <= 8;
  return { format, width: swap ? height : width, height: swap ? width : height, orientation, depth };
}

// --- EXIF: a TIFF block (optionally behind "Exif\0\0"); only IFD0's Orientation matters.

/** Orientation 1-8 from an EXIF block; 1 when absent or malformed. Every offset is checked. */
export function exifOrientation(block: Uint8Array): number {
  let tiff = Buffer.from(block.buffer, block.byteOffset, block.byteLength);
  if (tiff.length >= 6 && tiff.toString('latin1', 0, 6) === 'Exif\0\0') tiff = tiff.subarray(6);
  if (tiff.length < 8) return 1;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > tiff.length) return 1;
  const count = Math.min(u16(ifd), Math.floor((tiff.length - ifd - 2) / 12));
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (u16(entry) !== 0x0112) continue;
    const type = u16(entry + 2);
    // SHORT as the standard says; LONG from a few sloppy writers. The value sits inline.
    const value = type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : 0;
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

// --- JPEG: walk the marker segments to the first frame header, noting the first EXIF block.

const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM, RST0-7, and a repeated SOI that some writers emit. */
const isStandalone = (marker: number) => marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7);

function probeJpeg(data: ByteWindows): ImageProbe | null {
  let position = 2;
  let orientation = 1;
  let exifSeen = false;
  for (let segment = 0; segment < MAX_SEGMENTS; segment += 1) {
    const head = data.get(position, 2);
    if (head[0] !== 0xff) return null;
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      position += 1; // fill byte before a marker
      continue;
    }
    if (isStandalone(marker)) {
      position += 2;
      continue;
    }
    if (marker === 0x00 || marker === 0xd9 || marker === 0xda) return null; // no frame before the scan or the end
    const length = data.get(position + 2, 2).readUInt16BE(0);
    if (length < 2) return null;
    if (isFrameMarker(marker)) {
      if (length < 8) return null;
      const frame = data.get(position + 4, 6); // precision, height, width, component count
      const components = frame[5] ?? 0;
      const depth = components === 1 || components === 3 || components === 4 ? components : 3;
      // SOF2, 6, 10 and 14 are progressive.
      const progressive = marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce;
      return finish('jpeg', frame.readUInt16BE(3), frame.readUInt16BE(1), orientation, depth, progressive);
    }
    // Only the first EXIF block counts, as in libvips; a later APP1 may be XMP.
    if (marker === 0xe1 && !exifSeen && length >= 2 + 6 + 8 && data.latin1(position + 4, 6) === 'Exif\0\0') {
      exifSeen = true;
      orientation = exifOrientation(data.get(position + 10, length - 8));
    }
    position += 2 + length;
  }
  return null;
}

// --- PNG: IHDR, then the chunks before the first IDAT for eXIf.

const PNG_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function probePng(data: ByteWindows): ImageProbe | null {
  const ihdr = data.get(8, 25);
  if (ihdr.readUInt32BE(0) !== 13 || ihdr.toString('latin1', 4, 8) !== 'IHDR') return null;
  const width = ihdr.readUInt32BE(8);
  const height = ihdr.readUInt32BE(12);
  const bitDepth = ihdr[16] ?? 0;
  const colorType = ihdr[17] ?? 0;
  const interlaced = (ihdr[20] ?? 0) === 1;
  if (!PNG_DEPTHS[colorType]?.includes(bitDepth)) return null;
  let orientation = 1;
  let position = 33;
  for (let chunk = 0; ; chunk += 1) {
    if (chunk >= MAX_SEGMENTS) return null;
    const header = data.get(position, 8);
    const length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (length > 0x7fffffff) return null;
    if (type === 'IDAT') break;
    if (type === 'IEND') return null; // no pixels at all
    if (type === 'eXIf') orientation = exifOrientation(data.get(position + 8, Math.min(length, EXIF_BYTES)));
    position += 12 + length;
  }
  return finish('png', width, height, orientation, colorType === 0 ? 1 : 3, interlaced);
}

// --- BMP: file header, then one of the DIB headers; V4/V5 declare a colour space.

const BMP_INFO_SIZES = [40, 52, 56, 64, 108, 124];
const LCS_SRGB = 0x73524742; // 'sRGB'
const LCS_WINDOWS = 0x57696e20; // 'Win '

function probeBmp(data: ByteWindows): ImageProbe | null {
  const infoSize = data.get(14, 4).readUInt32LE(0);
  if (infoSize === 12) {
    const core = data.get(18, 8);
    if (![1, 4, 8, 24].includes(core.readUInt16LE(6))) return null;
    return finish('bmp', core.readUInt16LE(0), core.readUInt16LE(2), 1, 1);
  }
  if (!BMP_INFO_SIZES.includes(infoSize)) return null;
  const info = data.get(14, infoSize);
  const width = info.readInt32LE(4);
  const height = Math.abs(info.readInt32LE(8)); // negative: rows stored top-down
  const bitCount = info.readUInt16LE(14);
  const compression = info.readUInt32LE(16);
  if (![1, 4, 8, 16, 24, 32].includes(bitCount) || ![0, 1, 2, 3, 6].includes(compression)) return null;
  const colorSpace = infoSize >= 108 ? info.readUInt32LE(56) : 0;
  return finish('bmp', width, height, 1, colorSpace === LCS_SRGB || colorSpace === LCS_WINDOWS ? 3 : 1);
}

// --- WebP: RIFF chunks. Simple files hold one VP8 or VP8L chunk; extended ones start with
// VP8X, whose flags announce animation and EXIF (stored after the pixels).

const VP8X_ANIMATION = 0x02;
const VP8X_EXIF = 0x08;

function vp8Size(data: ByteWindows, at: number): { width: number; height: number } | null {
  const frame = data.get(at, 10);
  if (((frame[0] ?? 1) & 1) !== 0 || frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return null; // key frame, start code
  return { width: frame.readUInt16LE(6) & 0x3fff, height: frame.readUInt16LE(8) & 0x3fff };
}

function vp8lSize(data: ByteWindows, at: number): { width: number; height: number } | null {
  const head = data.get(at, 5);
  if (head[0] !== 0x2f) return null;
  const bits = head.readUInt32LE(1);
  if (bits >>> 29 !== 0) return null; // version must be 0
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

function probeWebp(data: ByteWindows): ImageProbe | null {
  const riffEnd = 8 + data.get(4, 4).readUInt32LE(0);
  const first = data.get(12, 8);
  const firstType = first.toString('latin1', 0, 4);
  if (firstType === 'VP8 ' || firstType === 'VP8L') {
    const size = firstType === 'VP8 ' ? vp8Size(data, 20) : vp8lSize(data, 20);
    return size ? finish('webp', size.width, size.height, 1, 3) : null;
  }
  if (firstType !== 'VP8X' || first.readUInt32LE(4) < 10) return null;
  const vp8x = data.get(20, 10);
  const flags = vp8x[0] ?? 0;
  if (flags & VP8X_ANIMATION) return null;
  const width = vp8x.readUIntLE(4, 3) + 1;
  const height = vp8x.readUIntLE(7, 3) + 1;
  let orientation = 1;
  let pixels = false;
  let position = 20 + first.readUInt32LE(4) + (first.readUInt32LE(4) % 2);
  for (let chunk = 0; chunk < MAX_SEGMENTS && position + 8 <= riffEnd; chunk += 1) {
    // Past the pixels only an EXIF chunk is of interest: a cut-off tail is no reason to refuse.
    if (pixels && !data.has(position, 8)) break;
    const header = data.get(position, 8);
    const type = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    if (type === 'ANIM' || type === 'ANMF') return null;
    if (type === 'VP8 ' || type === 'VP8L') {
      if (!(type === 'VP8 ' ? vp8Size(data, position + 8) : vp8lSize(data, position + 8))) return null;
      pixels = true;
      if (!(flags & VP8X_EXIF)) break;
    } else if (type === 'EXIF') {
      const size = Math.min(length, EXIF_BYTES);
      if (data.has(position + 8, size)) orientation = exifOrientation(data.get(position + 8, size));
      break;
    }
    position += 8 + length + (length % 2);
  }
  return pixels ? finish('webp', width, height, orientation, 3) : null;
}

// --- Dispatch by signature.

function probeWindows(data: ByteWindows): ImageProbe | null {
  const available = data.end === undefined ? 12 : Math.min(12, data.end);
  const sig = data.get(0, available);
  if (sig.length >= 3 && sig[0] === 0xff && sig[1] === 0xd8 && sig[2] === 0xff) return probeJpeg(data);
  if (sig.length >= 8 && sig.readUInt32BE(0) === 0x89504e47 && sig.readUInt32BE(4) === 0x0d0a1a0a) return probePng(data);
  if (sig.length >= 2 && sig[0] === 0x42 && sig[1] === 0x4d) return probeBmp(data);
  if (sig.length >= 12 && sig.toString('latin1', 0, 4) === 'RIFF' && sig.toString('latin1', 8, 12) === 'WEBP') return probeWebp(data);
  return null; // GIF, TIFF, text, anything else
}

/** Identifies an image held in memory (an upload). Never throws. */
export function probeImageBuffer(buffer: Uint8Array): ImageProbe | null {
  const data = new ByteWindows();
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  data.add(0, bytes, Number.POSITIVE_INFINITY);
  try {
    return probeWindows(data);
  } catch {
    return null;
  }
}

// The callback API, promisified: a FileHandle costs more in promise and async-hooks machinery
// than the header read itself, which a 100,000-file scan pays 400,000 times (open, read, close;
// the thread pool's work is the same).
const open = promisify(fs.open);
const read = promisify(fs.read);
const close = promisify(fs.close);

async function readWindow(fd: number, data: ByteWindows, position: number, length: number): Promise<void> {
  const bytes = Buffer.allocUnsafe(length);
  const { bytesRead } = await read(fd, bytes, 0, length, position);
  data.add(position, bytes.subarray(0, bytesRead), length);
}

/** Identifies an image file from its header; null for anything not a supported image. Never throws. */
export async function probeImageFile(absPath: string): Promise<ImageProbe | null> {
  let fd: number | undefined;
  try {
    // Non-blocking so a named pipe in the folder cannot hang the scan.
    fd = await open(absPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const data = new ByteWindows();
    await readWindow(fd, data, 0, FIRST_WINDOW);
    for (let reads = 0; ; reads += 1) {
      try {
        return probeWindows(data);
      } catch (error) {
        if (!(error instanceof NeedBytes) || reads >= MAX_EXTRA_READS || error.length > MAX_READ) return null;
        await readWindow(fd, data, error.position, Math.max(error.length, LATER_WINDOW));
      }
    }
  } catch {
    return null;
  } finally {
    if (fd !== undefined) await close(fd).catch(() => undefined);
  }
}
