// sharp cannot read BMP, so BMPs are decoded here into RGBA rows for sharp's raw input.
// Every length is checked against the buffer before the pixel loops run: a truncated or
// lying file throws, never reads past the end, never allocates beyond width*height*4.

export interface DecodedBitmap {
  width: number;
  height: number;
  channels: 4;
  /** RGBA, rows top-down. */
  data: Buffer;
}

const MAX_PIXELS = 15_000 * 15_000;
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
const INFO_SIZES = [12, 40, 52, 56, 64, 108, 124];

interface BmpHeader {
  width: number;
  height: number;
  topDown: boolean;
  bitCount: number;
  compression: number;
  dataOffset: number;
  infoSize: number;
}

interface Channel {
  mask: number;
  shift: number;
  max: number;
}

function readHeader(buf: Buffer): BmpHeader {
  if (buf.length < 18 || buf[0] !== 0x42 || buf[1] !== 0x4d) throw new Error('not a BMP file');
  const dataOffset = buf.readUInt32LE(10);
  const infoSize = buf.readUInt32LE(14);
  if (!INFO_SIZES.includes(infoSize)) throw new Error(`unsupported BMP header size ${infoSize}`);
  if (buf.length < 14 + infoSize) throw new Error('truncated BMP header');
  const core = infoSize === 12;
  const width = core ? buf.readUInt16LE(18) : buf.readInt32LE(18);
  const rawHeight = core ? buf.readUInt16LE(20) : buf.readInt32LE(22);
  const bitCount = buf.readUInt16LE(core ? 24 : 28);
  const compression = core ? BI_RGB : buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > MAX_PIXELS) throw new Error('BMP size out of range');
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw new Error(`unsupported BMP bit count ${bitCount}`);
  const masked = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  if (compression !== BI_RGB && !(masked && (bitCount === 16 || bitCount === 32))) throw new Error('unsupported BMP compression');
  return { width, height, topDown: rawHeight < 0, bitCount, compression, dataOffset, infoSize };
}

function channelOf(mask: number): Channel {
  if (mask === 0) return { mask, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  return { mask, shift, max: mask >>> shift };
}

/** Masks live right after a 40-byte header, or inside the larger headers at the same place. */
function readMasks(buf: Buffer, header: BmpHeader): Channel[] {
  const { bitCount, compression, infoSize } = header;
  if (compression === BI_RGB) {
    // Without masks the spare bits (16-bit bit 15, 32-bit top byte) are not alpha: opaque.
    return (bitCount === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0x00ff00, 0x0000ff, 0]).map(channelOf);
  }
  const withAlpha = compression === BI_ALPHABITFIELDS || infoSize >= 56;
  const at = 14 + 40;
  if (buf.length < at + (withAlpha ? 16 : 12)) throw new Error('truncated BMP masks');
  const alpha = withAlpha ? buf.readUInt32LE(at + 12) : 0;
  return [buf.readUInt32LE(at), buf.readUInt32LE(at + 4), buf.readUInt32LE(at + 8), alpha].map(channelOf);
}

/** The palette as RGBA, padded to 2^bitCount entries of opaque black for out-of-range indices. */
function readPalette(buf: Buffer, header: BmpHeader): Uint8Array {
  const { bitCount, infoSize } = header;
  const slots = 1 << bitCount;
  const palette = new Uint8Array(slots * 4);
  for (let index = 0; index < slots; index += 1) palette[index * 4 + 3] = 255;
  const core = infoSize === 12;
  const used = core ? 0 : buf.readUInt32LE(46);
  const entrySize = core ? 3 : 4;
  const start = 14 + infoSize; // bit fields never come with a palette
  // Writers often store fewer entries than 2^bits without saying so (always, in core
  // headers): the pixel data offset tells how many fit.
  const room = header.dataOffset >= start ? Math.floor((header.dataOffset - start) / entrySize) : slots;
  const count = Math.min(used === 0 || used > slots ? slots : used, room);
  if (start + count * entrySize > buf.length) throw new Error('truncated BMP palette');
  for (let index = 0; index < count; index += 1) {
    const at = start + index * entrySize;
    palette[index * 4] = buf[at + 2] ?? 0;
    palette[index * 4 + 1] = buf[at + 1] ?? 0;
    palette[index * 4 + 2] = buf[at] ?? 0;
  }
  return palette;
}

/** Writes the RGBA of pixel x of the row whose bytes start at rowStart to out[target..target+3]. */
type PixelReader = (rowStart: number, x: number, out: Buffer, target: number) => void;

function indexedReader(buf: Buffer, bitCount: number, palette: Uint8Array): PixelReader {
  const perByte = 8 / bitCount;
  const indexMask = (1 << bitCount) - 1;
  return (rowStart, x, out, target) => {
    const byte = buf[rowStart + Math.floor(x / perByte)] ?? 0;
    const index = (byte >> (8 - bitCount * ((x % perByte) + 1))) & indexMask;
    out[target] = palette[index * 4] ?? 0;
    out[target + 1] = palette[index * 4 + 1] ?? 0;
    out[target + 2] = palette[index * 4 + 2] ?? 0;
    out[target + 3] = palette[index * 4 + 3] ?? 255;
  };
}

function rgbReader(buf: Buffer): PixelReader {
  return (rowStart, x, out, target) => {
    const source = rowStart + x * 3;
    out[target] = buf[source + 2] ?? 0;
    out[target + 1] = buf[source + 1] ?? 0;
    out[target + 2] = buf[source] ?? 0;
    out[target + 3] = 255;
  };
}

const scale = (value: number, { mask, shift, max }: Channel, absent: number) =>
  max === 0 ? absent : max === 255 ? ((value & mask) >>> shift) & 0xff : Math.round((((value & mask) >>> shift) * 255) / max);

function maskedReader(buf: Buffer, bytes: 2 | 4, channels: Channel[]): PixelReader {
  const [red, green, blue, alpha] = channels as [Channel, Channel, Channel, Channel];
  return (rowStart, x, out, target) => {
    const source = rowStart + x * bytes;
    const value =
      bytes === 2
        ? (buf[source] ?? 0) | ((buf[source + 1] ?? 0) << 8)
        : ((buf[source] ?? 0) | ((buf[source + 1] ?? 0) << 8) | ((buf[source + 2] ?? 0) << 16) | ((buf[source + 3] ?? 0) << 24)) >>> 0;
    out[target] = scale(value, red, 0);
    out[target + 1] = scale(value, green, 0);
    out[target + 2] = scale(value, blue, 0);
    out[target + 3] = scale(value, alpha, 255);
  };
}

/**
 * Decodes an uncompressed or bit-field BMP to RGBA. Throws on RLE, truncation or nonsense
 * sizes. With maxSide, only the rows and columns of a nearest-neighbour sample no larger than
 * maxSide are kept: a 15,000 px BMP then costs a few MB and milliseconds, not 900 MB and
 * seconds of a blocked event loop (a thumbnail needs 100 px).
 */
export function decodeBmp(input: Uint8Array, options: { maxSide?: number } = {}): DecodedBitmap {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const header = readHeader(buf);
  const { width, height, topDown, bitCount, dataOffset } = header;
  const palette = bitCount <= 8 ? readPalette(buf, header) : null;
  const channels = bitCount === 16 || bitCount === 32 ? readMasks(buf, header) : null;
  const rowBytes = Math.floor((bitCount * width + 31) / 32) * 4;
  if (dataOffset + rowBytes * height > buf.length) throw new Error('truncated BMP pixel data');

  const factor = Math.min(1, (options.maxSide ?? Infinity) / Math.max(width, height));
  const outWidth = Math.max(1, Math.round(width * factor));
  const outHeight = Math.max(1, Math.round(height * factor));
  // Only the sampled pixels are read: a 15,000 px wide 1-bit row decoded whole, 1,024 times
  // for a thumbnail, held the event loop for 170 ms.
  const columns = Int32Array.from({ length: outWidth }, (_, x) => Math.min(width - 1, Math.floor((x + 0.5) / factor)));
  const read = palette ? indexedReader(buf, bitCount, palette) : channels ? maskedReader(buf, bitCount === 16 ? 2 : 4, channels) : rgbReader(buf);
  const out = Buffer.alloc(outWidth * outHeight * 4);
  let target = 0;
  for (let row = 0; row < outHeight; row += 1) {
    const sourceRow = Math.min(height - 1, Math.floor((row + 0.5) / factor));
    const rowStart = dataOffset + (topDown ? sourceRow : height - 1 - sourceRow) * rowBytes;
    for (const column of columns) {
      read(rowStart, column, out, target);
      target += 4;
    }
  }
  return { width: outWidth, height: outHeight, channels: 4, data: out };
}
