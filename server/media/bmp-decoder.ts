// sharp cannot read BMP, so BMPs are decoded here into RGBA rows for sharp's raw input.
// Every read is bounds-checked: a truncated or lying file throws, never reads past the end.

export interface DecodedBitmap {
  width: number;
  height: number;
  channels: 4;
  data: Buffer;
}

const MAX_PIXELS = 15_000 * 15_000;

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  return { shift, max: mask >>> shift };
}

export function decodeBmp(input: Uint8Array): DecodedBitmap {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') throw new Error('not a BMP file');
  const dataOffset = buf.readUInt32LE(10);
  const infoSize = buf.readUInt32LE(14);
  const core = infoSize === 12;
  if (!core && infoSize < 40) throw new Error('unsupported BMP header');
  if (buf.length < 14 + (core ? 12 : 40)) throw new Error('truncated BMP header');
  const width = core ? buf.readUInt16LE(18) : buf.readInt32LE(18);
  const rawHeight = core ? buf.readUInt16LE(20) : buf.readInt32LE(22);
  const bitCount = buf.readUInt16LE(core ? 24 : 28);
  const compression = core ? 0 : buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height <= 0 || width * height > MAX_PIXELS) throw new Error('BMP size out of range');
  if (compression !== 0 && compression !== 3 && compression !== 6) throw new Error('unsupported BMP compression');

  let masks = bitCount === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0x00ff00, 0x0000ff, 0];
  if (compression === 3 || compression === 6) {
    // Masks follow a 40-byte header, or sit inside V2+ headers at the same place.
    const at = 14 + 40;
    if (buf.length < at + 12) throw new Error('truncated BMP masks');
    masks = [buf.readUInt32LE(at), buf.readUInt32LE(at + 4), buf.readUInt32LE(at + 8), infoSize >= 56 || compression === 6 ? buf.readUInt32LE(at + 12) : 0];
  } else if (bitCount === 32) {
    masks = [0xff0000, 0x00ff00, 0x0000ff, 0];
  }

  const paletteSize = bitCount <= 8 ? (core ? 1 << bitCount : buf.readUInt32LE(46) || 1 << bitCount) : 0;
  const paletteStart = 14 + infoSize + (!core && compression === 3 && infoSize === 40 ? 12 : 0);
  const entrySize = core ? 3 : 4;
  const palette: number[][] = [];
  for (let index = 0; index < paletteSize; index += 1) {
    const at = paletteStart + index * entrySize;
    if (at + 3 > buf.length) throw new Error('truncated BMP palette');
    palette.push([buf[at + 2] ?? 0, buf[at + 1] ?? 0, buf[at] ?? 0]);
  }

  const rowBytes = Math.floor((bitCount * width + 31) / 32) * 4;
  if (dataOffset + rowBytes * height > buf.length) throw new Error('truncated BMP pixel data');
  const out = Buffer.alloc(width * height * 4);
  const channels = masks.map(maskShift);

  for (let row = 0; row < height; row += 1) {
    const source = dataOffset + (topDown ? row : height - 1 - row) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const target = (row * width + x) * 4;
      let rgba: [number, number, number, number];
      if (bitCount <= 8) {
        const bitIndex = x * bitCount;
        const byte = buf[source + (bitIndex >> 3)] ?? 0;
        const index = (byte >> (8 - bitCount - (bitIndex & 7))) & ((1 << bitCount) - 1);
        const color = palette[index] ?? [0, 0, 0];
        rgba = [color[0] ?? 0, color[1] ?? 0, color[2] ?? 0, 255];
      } else if (bitCount === 24) {
        const at = source + x * 3;
        rgba = [buf[at + 2] ?? 0, buf[at + 1] ?? 0, buf[at] ?? 0, 255];
      } else {
        const value = bitCount === 16 ? buf.readUInt16LE(source + x * 2) : buf.readUInt32LE(source + x * 4);
        const scaled = channels.map(({ shift, max }, channel) =>
          max === 0 ? (channel === 3 ? 255 : 0) : Math.round((((value & (masks[channel] ?? 0)) >>> shift) * 255) / max),
        );
        rgba = [scaled[0] ?? 0, scaled[1] ?? 0, scaled[2] ?? 0, scaled[3] ?? 255];
      }
      out[target] = rgba[0];
      out[target + 1] = rgba[1];
      out[target + 2] = rgba[2];
      out[target + 3] = rgba[3];
    }
  }
  return { width, height, channels: 4, data: out };
}
