// BMP decoding against pixels encoded by hand in every bit depth and header variant.
import { describe, expect, it } from 'vitest';
import { buildBmp, encodeBmp, type BmpParts } from '@/server/testing/image-fixtures';
import { decodeBmp } from './bmp-decoder';

/** The decoded pixels as [r, g, b, a] tuples, top-down. */
function pixels(bytes: Buffer): number[][] {
  const { data, width, height, channels } = decodeBmp(bytes);
  expect(channels).toBe(4);
  expect(data.length).toBe(width * height * 4);
  return Array.from({ length: width * height }, (_, index) => [...data.subarray(index * 4, index * 4 + 4)]);
}

const u16s = (...values: number[]) => new Uint8Array(Buffer.from(new Uint16Array(values).buffer));
const u32s = (...values: number[]) => new Uint8Array(Buffer.from(new Uint32Array(values).buffer));
const BLACK = [0, 0, 0, 255];
const WHITE = [255, 255, 255, 255];
const RED = { r: 255, g: 0, b: 0 };
const GREEN = { r: 0, g: 255, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

describe('decodeBmp', () => {
  it('decodes 1-bit rows bottom-up, with padding to 4 bytes', () => {
    // 10 px wide: two bytes of bits, two of padding. Stored bottom row first.
    const bytes = buildBmp({
      width: 10,
      height: 2,
      bitCount: 1,
      palette: [{ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 }],
      rows: [Uint8Array.of(0b1000_0000, 0b0100_0000), Uint8Array.of(0b1010_1010, 0b1100_0000)],
    });
    const decoded = pixels(bytes);
    expect(decoded.slice(0, 10)).toEqual([WHITE, BLACK, WHITE, BLACK, WHITE, BLACK, WHITE, BLACK, WHITE, WHITE]);
    expect(decoded.slice(10)).toEqual([WHITE, ...Array(8).fill(BLACK), WHITE]);
  });

  it('decodes 4-bit rows top-down', () => {
    const palette = [RED, GREEN, BLUE];
    const bytes = buildBmp({ width: 3, height: -2, bitCount: 4, palette, rows: [Uint8Array.of(0x01, 0x20), Uint8Array.of(0x22, 0x10)] });
    expect(pixels(bytes)).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
      [0, 255, 0, 255],
    ]);
  });

  it('decodes 8-bit rows; an index past a short palette is black', () => {
    const bytes = buildBmp({ width: 3, height: 1, bitCount: 8, palette: [RED, GREEN], rows: [Uint8Array.of(1, 0, 200)] });
    expect(pixels(bytes)).toEqual([[0, 255, 0, 255], [255, 0, 0, 255], BLACK]);
  });

  it('decodes an OS/2 core header with 3-byte palette entries', () => {
    const palette = Array.from({ length: 256 }, (_, index) => ({ r: index, g: 255 - index, b: 7 }));
    const bytes = buildBmp({ headerSize: 12, width: 2, height: 2, bitCount: 8, palette, rows: [Uint8Array.of(10, 20), Uint8Array.of(30, 40)] });
    expect(pixels(bytes)).toEqual([
      [30, 225, 7, 255],
      [40, 215, 7, 255],
      [10, 245, 7, 255],
      [20, 235, 7, 255],
    ]);
  });

  it('decodes 16-bit 5-5-5 without masks (top bit ignored) and 5-6-5 with bit fields', () => {
    const rgb555 = buildBmp({ width: 4, height: 1, bitCount: 16, rows: [u16s(0x7c00, 0x03e0, 0x801f, 0x4210)] });
    expect(pixels(rgb555)).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [132, 132, 132, 255], // 16 of 31 levels
    ]);
    const rgb565 = buildBmp({ width: 3, height: 1, bitCount: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f], rows: [u16s(0xf800, 0x07e0, 0x0400)] });
    expect(pixels(rgb565)).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 130, 0, 255], // 32 of 63 levels
    ]);
    const argb1555 = buildBmp({ headerSize: 56, width: 2, height: 1, bitCount: 16, compression: 3, masks: [0x7c00, 0x03e0, 0x001f, 0x8000], rows: [u16s(0x801f, 0x001f)] });
    expect(pixels(argb1555)).toEqual([
      [0, 0, 255, 255],
      [0, 0, 255, 0],
    ]);
  });

  it('decodes 24-bit BGR rows with 3 bytes of padding', () => {
    const bytes = buildBmp({ width: 3, height: 2, bitCount: 24, rows: [Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9), Uint8Array.of(10, 11, 12, 13, 14, 15, 16, 17, 18)] });
    expect(pixels(bytes)).toEqual([
      [12, 11, 10, 255],
      [15, 14, 13, 255],
      [18, 17, 16, 255],
      [3, 2, 1, 255],
      [6, 5, 4, 255],
      [9, 8, 7, 255],
    ]);
  });

  it('keeps 32-bit alpha only when a mask declares it', () => {
    const row = u32s(0x80_112233, 0x00_445566);
    expect(pixels(buildBmp({ width: 2, height: 1, bitCount: 32, rows: [row] }))).toEqual([
      [0x11, 0x22, 0x33, 255],
      [0x44, 0x55, 0x66, 255],
    ]);
    const rgbMasks = [0x00ff0000, 0x0000ff00, 0x000000ff];
    expect(pixels(buildBmp({ width: 2, height: 1, bitCount: 32, compression: 3, masks: rgbMasks, rows: [row] }))).toEqual([
      [0x11, 0x22, 0x33, 255],
      [0x44, 0x55, 0x66, 255],
    ]);
    const withAlpha = [...rgbMasks, 0xff000000];
    const expected = [
      [0x11, 0x22, 0x33, 0x80],
      [0x44, 0x55, 0x66, 0],
    ];
    for (const headerSize of [56, 108, 124] as const) {
      expect(pixels(buildBmp({ headerSize, width: 2, height: 1, bitCount: 32, compression: 3, masks: withAlpha, rows: [row] })), `header ${headerSize}`).toEqual(expected);
    }
    expect(pixels(buildBmp({ width: 2, height: 1, bitCount: 32, compression: 6, masks: withAlpha, rows: [row] }))).toEqual(expected);
    // Masks in another order: RGBA bytes stored as R in the low byte.
    const abgr = buildBmp({ headerSize: 108, width: 1, height: 1, bitCount: 32, compression: 3, masks: [0xff, 0xff00, 0xff0000, 0xff000000], rows: [u32s(0x40_302010)] });
    expect(pixels(abgr)).toEqual([[0x10, 0x20, 0x30, 0x40]]);
  });

  it('matches the fixture encoder for 24 and 32 bits', () => {
    for (const bits of [24, 32] as const) {
      const decoded = decodeBmp(encodeBmp(5, 3, { r: 10, g: 20, b: 30 }, bits));
      expect([decoded.width, decoded.height]).toEqual([5, 3]);
      for (let at = 0; at < decoded.data.length; at += 4) expect([...decoded.data.subarray(at, at + 4)]).toEqual([10, 20, 30, 255]);
    }
  });

  it('with maxSide, keeps the nearest pixel of every sampled row and column, in each depth', () => {
    // 8 x 4 halved: columns 1, 3, 5, 7 of rows 1 and 3 (top-down), every other pixel skipped.
    const indices = (row: number) => Uint8Array.from({ length: 8 }, (_, x) => (row * 8 + x) % 4);
    const palette = [RED, GREEN, BLUE, { r: 9, g: 9, b: 9 }];
    const colour = (index: number) => Object.values(palette[index]!).concat(255);
    const expected = [1, 3].flatMap((row) => [1, 3, 5, 7].map((x) => colour((row * 8 + x) % 4)));
    const eightBit = buildBmp({ width: 8, height: -4, bitCount: 8, palette, rows: [0, 1, 2, 3].map(indices) });
    const halved = decodeBmp(eightBit, { maxSide: 4 });
    expect([halved.width, halved.height]).toEqual([4, 2]);
    expect(Array.from({ length: 8 }, (_, index) => [...halved.data.subarray(index * 4, index * 4 + 4)])).toEqual(expected);
    // The same picture as 4-bit (two pixels a byte) and 24-bit (three bytes a pixel).
    const nibbles = (row: number) => Uint8Array.from({ length: 4 }, (_, at) => (indices(row)[at * 2]! << 4) | indices(row)[at * 2 + 1]!);
    const fourBit = buildBmp({ width: 8, height: -4, bitCount: 4, palette, rows: [0, 1, 2, 3].map(nibbles) });
    const rgb = (row: number) => Uint8Array.from([...indices(row)].flatMap((index) => [palette[index]!.b, palette[index]!.g, palette[index]!.r]));
    const twentyFour = buildBmp({ width: 8, height: -4, bitCount: 24, rows: [0, 1, 2, 3].map(rgb) });
    for (const bytes of [fourBit, twentyFour]) expect(decodeBmp(bytes, { maxSide: 4 }).data).toEqual(halved.data);
  });

  it('throws on every truncation instead of reading past the end', () => {
    const variants: BmpParts[] = [
      { width: 3, height: 2, bitCount: 24, rows: [new Uint8Array(9), new Uint8Array(9)] },
      { width: 5, height: 2, bitCount: 4, palette: [RED, GREEN], rows: [new Uint8Array(3), new Uint8Array(3)] },
      { headerSize: 12, width: 2, height: 1, bitCount: 8, palette: [RED, BLUE], rows: [new Uint8Array(2)] },
      { width: 2, height: 1, bitCount: 16, compression: 3, masks: [0xf800, 0x07e0, 0x001f], rows: [new Uint8Array(4)] },
    ];
    for (const parts of variants) {
      const bytes = buildBmp(parts);
      expect(() => decodeBmp(bytes)).not.toThrow();
      for (let length = 0; length < bytes.length; length += 1) {
        expect(() => decodeBmp(bytes.subarray(0, length)), `${parts.bitCount}-bit cut at ${length}`).toThrow(Error);
      }
    }
    expect(() => decodeBmp(encodeBmp(3, 2, RED).subarray(0, 60))).toThrow(/truncated/);
  });

  it('refuses RLE, absurd sizes and odd bit counts before allocating', () => {
    const base = () => buildBmp({ width: 2, height: 2, bitCount: 8, palette: [RED], rows: [new Uint8Array(2), new Uint8Array(2)] });
    const rle = base();
    rle.writeUInt32LE(1, 30);
    expect(() => decodeBmp(rle)).toThrow('unsupported BMP compression');
    const huge = base();
    huge.writeInt32LE(20_000, 18);
    huge.writeInt32LE(-20_000, 22);
    expect(() => decodeBmp(huge)).toThrow(/size out of range/);
    const wide = base();
    wide.writeInt32LE(0x7fffffff, 18);
    expect(() => decodeBmp(wide)).toThrow(/size out of range/);
    const twoBit = base();
    twoBit.writeUInt16LE(2, 28);
    expect(() => decodeBmp(twoBit)).toThrow(/bit count/);
    const masked24 = buildBmp({ width: 1, height: 1, bitCount: 24, compression: 3, masks: [0xff, 0xff00, 0xff0000], rows: [new Uint8Array(3)] });
    expect(() => decodeBmp(masked24)).toThrow('unsupported BMP compression');
    expect(() => decodeBmp(Buffer.from('not a bitmap'))).toThrow(/not a BMP/);
  });
});
