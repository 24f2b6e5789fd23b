// The zip reader takes untrusted zips: what it reads, and each refusal a user would get.
import { describe, expect, it } from 'vitest';
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
