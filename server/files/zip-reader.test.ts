// The zip reader takes untrusted zips: what it reads, and each refusal a user would get.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeZipFile } from '@/server/media/zip-writer';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { buildZip } from '@/server/testing/zip-fixtures';
import { looksLikeZip, readZip, ZipReadError } from './zip-reader';

const text = (entries: { name: string; data: Buffer }[]) => entries.map((entry) => [entry.name, entry.data.toString('utf8')]);

describe('readZip', () => {
  it('reads stored and deflated entries, skips folders and what select leaves out', () => {
    const zip = buildZip([
      { name: 'labels/', data: '' },
      { name: 'labels/a.txt', data: '0 0.5 0.5 0.1 0.1\n' },
      { name: 'annotations/instances.json', data: '{"images":[]}'.repeat(100), deflate: true },
      { name: 'images/a.jpg', data: Buffer.alloc(64, 1) },
    ]);
    expect(looksLikeZip(zip)).toBe(true);
    expect(text(readZip(zip, { select: (name) => !name.endsWith('.jpg') }))).toEqual([
      ['labels/a.txt', '0 0.5 0.5 0.1 0.1\n'],
      ['annotations/instances.json', '{"images":[]}'.repeat(100)],
    ]);
  });

  it('refuses entries with .. or an absolute path, even ones select would skip', () => {
    for (const name of ['../a.txt', 'x/../../a.txt', '/etc/passwd', 'C:/a.txt', '..\\a.txt']) {
      const zip = buildZip([{ name, data: 'x' }]);
      expect(() => readZip(zip, { select: () => false }), name).toThrow(new ZipReadError(`The zip has an entry outside its own folder: ${name}`));
    }
  });

  it('refuses too many entries and too many bytes before inflating any', () => {
    const zip = buildZip([{ name: 'a.txt', data: 'aaaa' }, { name: 'b.txt', data: 'bbbb' }]);
    expect(() => readZip(zip, { limits: { maxEntries: 1 } })).toThrow(/2 entries; at most 1/);
    expect(() => readZip(zip, { limits: { maxTotalBytes: 7 } })).toThrow(ZipReadError);
    // A bomb declares a small size: inflating stops there and the entry is called damaged.
    const bomb = buildZip([{ name: 'bomb.json', data: Buffer.alloc(1_000_000, 0x20), deflate: true, declaredSize: 100 }]);
    expect(() => readZip(bomb)).toThrow('The zip is damaged: entry bomb.json cannot be read');
  });

  it('refuses what is not a zip or is damaged, with a message a user can act on', () => {
    const zip = buildZip([{ name: 'a.json', data: '{"a": 1}' }]);
    expect(looksLikeZip(Buffer.from('{"images": []}'))).toBe(false);
    expect(() => readZip(Buffer.from('{"images": []} and some more text'))).toThrow(/Not a zip file, or a damaged one/);
    expect(() => readZip(zip.subarray(0, zip.length - 10))).toThrow(/Not a zip file, or a damaged one/);
    const flipped = Buffer.from(zip);
    const at = 30 + 'a.json'.length + 2;
    flipped.writeUInt8(flipped.readUInt8(at) ^ 0xff, at);
    expect(() => readZip(flipped)).toThrow('The zip is damaged: entry a.json cannot be read');
    const cut = Buffer.concat([zip.subarray(0, 20), zip.subarray(zip.length - 22)]);
    expect(() => readZip(cut)).toThrow(ZipReadError);
  });
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A zip as exports write it (server/media/zip-writer.ts, archiver underneath), and what went in. */
async function exportZip(count: number) {
  const dir = await makeTempDir('labelport-zip-');
  dirs.push(dir);
  const target = path.join(dir, 'export.zip');
  const written: string[][] = [];
  await writeZipFile(target, async (zip) => {
    for (let index = 0; index < count; index += 1) {
      const [name, data] = [`labels/t${Math.floor(index / 1000)}/${index}.txt`, `${index} 0.5 0.5 0.1 0.1\n`];
      written.push([name, data]);
      await zip.addText(data, name);
    }
  });
  return { zip: fs.readFileSync(target), written };
}

type Zip64Field = 'size' | 'compressed' | 'local';
/** Where each field sits in a central header. */
const CENTRAL_PLACES: Record<Zip64Field, number> = { size: 24, compressed: 20, local: 42 };

/**
 * buildZip's zip in the zip64 form a writer gives past 4 GiB: the fields named are full in each
 * central header and their values in its zip64 extra field (after an extended timestamp block,
 * as Info-ZIP writes them), the end record's in a zip64 end record its locator points at.
 * archiver writes extra fields only for entries past 4 GiB, so tests build them here.
 */
function toZip64(zip: Buffer, fields: readonly Zip64Field[] = ['size', 'compressed', 'local']): Buffer {
  const end = zip.length - 22;
  const count = zip.readUInt16LE(end + 10);
  const start = zip.readUInt32LE(end + 16);
  const centrals: Buffer[] = [];
  for (let at = start, index = 0; index < count; index += 1) {
    const header = Buffer.from(zip.subarray(at, at + 46 + zip.readUInt16LE(at + 28)));
    at += header.length;
    const timestamp = Buffer.from([0x55, 0x54, 5, 0, 1, 0, 0, 0, 0]);
    const extra = Buffer.alloc(4 + 8 * fields.length);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(extra.length - 4, 2);
    // In the spec's order, whatever order they are named in.
    (['size', 'compressed', 'local'] as const).filter((field) => fields.includes(field)).forEach((field, slot) => {
      extra.writeBigUInt64LE(BigInt(header.readUInt32LE(CENTRAL_PLACES[field])), 4 + 8 * slot);
      header.writeUInt32LE(0xffffffff, CENTRAL_PLACES[field]);
    });
    header.writeUInt16LE(timestamp.length + extra.length, 30);
    centrals.push(header, timestamp, extra);
  }
  const directory = Buffer.concat(centrals);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(start + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(0x06054b50, 0);
  endRecord.writeUInt16LE(0xffff, 8);
  endRecord.writeUInt16LE(0xffff, 10);
  endRecord.writeUInt32LE(0xffffffff, 12);
  endRecord.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([zip.subarray(0, start), directory, record, locator, endRecord]);
}

// In toZip64's zip: the zip64 end record, its locator, and the first entry's zip64 values
// (after its header, its name, the timestamp block and the zip64 block's own 4 bytes).
const recordAt = (zip64: Buffer) => zip64.length - 22 - 20 - 56;
const locatorAt = (zip64: Buffer) => zip64.length - 22 - 20;
const firstValuesAt = (zip64: Buffer, name: string) => Number(zip64.readBigUInt64LE(recordAt(zip64) + 48)) + 46 + name.length + 9 + 4;

describe('readZip on zip64 archives', () => {
  // archiver writes its end records in zip64 form past 65,535 entries: an export of that many images.
  it('reads back every entry of an export with more than 65,535 entries', async () => {
    const { zip, written } = await exportZip(65_540);
    expect(zip.readUInt32LE(locatorAt(zip)), 'the zip64 locator').toBe(0x07064b50);
    expect(text(readZip(zip))).toEqual(written);
  }, 60_000);

  it('reads back exactly 65,535 entries, which fill the count field with no zip64 records', async () => {
    const { zip, written } = await exportZip(65_535);
    expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(0xffff);
    expect(zip.readUInt32LE(locatorAt(zip))).not.toBe(0x07064b50);
    expect(text(readZip(zip))).toEqual(written);
  }, 60_000);

  it('reads sizes and offsets from the zip64 extra field: only the full ones, in the order the spec gives', () => {
    const zip = buildZip([
      { name: 'labels/a.txt', data: '0 0.5 0.5 0.1 0.1\n' },
      { name: 'annotations/instances.json', data: '{"images":[]}'.repeat(100), deflate: true },
      { name: 'images/a.jpg', data: Buffer.alloc(64, 1) },
    ]);
    const expected = text(readZip(zip));
    for (const fields of [['size', 'compressed', 'local'], ['local'], ['size', 'local'], ['compressed'], []] as const) {
      expect(text(readZip(toZip64(zip, fields))), fields.join()).toEqual(expected);
    }
  });

  it('refuses a zip64 record or extra field that lies as a damaged zip, whatever the limits', () => {
    const zip64 = toZip64(buildZip([{ name: 'a.txt', data: 'aaaa' }, { name: 'b.txt', data: 'bbbb', deflate: true }]));
    const [record, locator, values] = [recordAt(zip64), locatorAt(zip64), firstValuesAt(zip64, 'a.txt')];
    const lies: Array<[string, number, bigint]> = [
      ['the record past the end', locator + 8, 2n ** 40n],
      ['the record past 2^53', locator + 8, 2n ** 64n - 1n],
      ['the record where there is none', locator + 8, 0n],
      ['more entries than the zip could hold', record + 32, 2n ** 60n],
      ['one entry more than there is', record + 32, 3n],
      ['the directory past the end', record + 48, 2n ** 40n],
      ['a directory longer than the zip', record + 40, 2n ** 40n],
      ['an entry size past 2^53', values, 2n ** 64n - 1n],
      ['a compressed size past the end', values + 8, 2n ** 40n],
      ['a local header past the end', values + 16, 2n ** 40n],
    ];
    for (const [lie, at, value] of lies) {
      const lying = Buffer.from(zip64);
      lying.writeBigUInt64LE(value, at);
      for (const limits of [{}, { maxEntries: Infinity, maxTotalBytes: Infinity }]) {
        expect(() => readZip(lying, { limits }), lie).toThrow(ZipReadError);
        expect(() => readZip(lying, { limits }), lie).toThrow(/^The zip is damaged/);
      }
    }
    const withoutValues = Buffer.from(zip64);
    withoutValues.writeUInt16LE(0x9999, values - 4);
    const shortValues = Buffer.from(zip64);
    shortValues.writeUInt16LE(16, values - 2);
    const pastExtra = Buffer.from(zip64);
    pastExtra.writeUInt16LE(200, values - 2);
    for (const lying of [withoutValues, shortValues, pastExtra]) expect(() => readZip(lying)).toThrow('The zip is damaged: broken central directory');
  });

  it('keeps the entry, size, bomb and path limits for zip64 counts and sizes', () => {
    const zip64 = toZip64(buildZip([{ name: 'a.txt', data: 'aaaa' }, { name: 'b.txt', data: 'bbbb' }]));
    expect(() => readZip(zip64, { limits: { maxEntries: 1 } })).toThrow(/2 entries; at most 1/);
    expect(() => readZip(zip64, { limits: { maxTotalBytes: 7 } })).toThrow(/MiB unpacked/);
    // A declared terabyte is refused before anything is inflated or allocated.
    const huge = Buffer.from(zip64);
    huge.writeBigUInt64LE(2n ** 40n, firstValuesAt(zip64, 'a.txt'));
    expect(() => readZip(huge)).toThrow(/The zip's files come to 1048577 MiB unpacked/);
    const bomb = toZip64(buildZip([{ name: 'bomb.json', data: Buffer.alloc(1_000_000, 0x20), deflate: true, declaredSize: 100 }]));
    expect(() => readZip(bomb)).toThrow('The zip is damaged: entry bomb.json cannot be read');
    expect(() => readZip(toZip64(buildZip([{ name: '../a.txt', data: 'x' }])))).toThrow('The zip has an entry outside its own folder: ../a.txt');
  });
});
