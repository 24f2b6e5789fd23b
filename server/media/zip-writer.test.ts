// The zips exports write: every entry readable as written, streamed ones included, whatever
// the number of entries, and the same bytes whenever they are written.
import crc32 from 'crc-32';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readZip } from '@/server/files/zip-reader';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { ZipArchive } from 'archiver';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nativeCrc32, writeZipFile, ZIP_ENTRY_DATE } from './zip-writer';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function write(name: string, entries: number): Promise<Buffer> {
  const dir = await makeTempDir('labelport-zip-');
  dirs.push(dir);
  const target = path.join(dir, name);
  await writeZipFile(target, async (zip) => {
    for (let index = 0; index < entries; index += 1) await zip.addText(`${index} 0.5 0.5 0.1 0.1\n`, `labels/t${Math.floor(index / 1000)}/${index}.txt`);
    // Pieces of every size, a multi-byte character split from nothing: the entry is their concatenation.
    await zip.addStream(
      (function* () {
        yield '{"images":[';
        for (let index = 0; index < 5000; index += 1) yield `${index === 0 ? '' : ','}{"id":${index},"file_name":"é${index}.jpg"}`;
        yield ']}';
      })(),
      'annotations/instances.json',
    );
  });
  return fs.readFileSync(target);
}

describe('the native CRC under archiver', () => {
  // Checksums as crc-32's own tables give them, chained chunk by chunk as crc32-stream does
  // (its first seed is a zeroed Buffer): a wrong one and every zip would read as damaged. crc-32's
  // string form still runs its tables.
  it('answers what crc-32 answers, chunk after chunk', () => {
    const chunks = [0, 1, 15, 16, 17, 1000, 65_536].map((size) => randomBytes(size));
    let ours = nativeCrc32(chunks[0]!, Buffer.alloc(4));
    let theirs = crc32.bstr(chunks[0]!.toString('latin1'));
    for (const chunk of chunks.slice(1)) {
      ours = nativeCrc32(chunk, ours);
      theirs = crc32.bstr(chunk.toString('latin1'), theirs);
      expect(ours).toBe(theirs);
    }
    expect(nativeCrc32(Buffer.from('123456789'))).toBe(0xcbf43926 | 0);
  });
});

describe('writeZipFile', () => {
  // Enough entries that the central directory is written in several chunks.
  it('writes thousands of entries and a streamed one that all read back as written', async () => {
    const bytes = await write('many.zip', 3000);
    const entries = readZip(bytes, { limits: { maxEntries: 10_000 } });
    expect(entries).toHaveLength(3001);
    expect(entries[0]).toMatchObject({ name: 'labels/t0/0.txt' });
    expect(entries[0]?.data.toString('utf8')).toBe('0 0.5 0.5 0.1 0.1\n');
    expect(entries[2999]?.name).toBe('labels/t2/2999.txt');
    expect(entries[2999]?.data.toString('utf8')).toBe('2999 0.5 0.5 0.1 0.1\n');
    const streamed = JSON.parse(entries[3000]?.data.toString('utf8') ?? '') as { images: Array<{ id: number; file_name: string }> };
    expect(streamed.images).toHaveLength(5000);
    expect(streamed.images[4999]).toEqual({ id: 4999, file_name: 'é4999.jpg' });
  });

  it('gives the same bytes for the same entries written at another time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2030-05-01T08:00:00Z'));
      const first = await write('first.zip', 20);
      vi.setSystemTime(new Date('2031-09-17T19:45:12Z'));
      expect((await write('second.zip', 20)).equals(first)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** The same entries written by archiver alone, as writeZipFile adds them. */
async function writePlain(target: string, entries: number) {
  const archive = new ZipArchive({ store: true });
  const written = pipeline(archive, fs.createWriteStream(target));
  for (let index = 0; index < entries; index += 1) archive.append(Buffer.from(`${index} 0.5 0.5 0.1 0.1\n`), { name: `labels/t${Math.floor(index / 1000)}/${index}.txt`, date: ZIP_ENTRY_DATE });
  archive.append(Readable.from(['{"images":[', '{"id":0,"file_name":"é0.jpg"}', ']}']), { name: 'annotations/instances.json', date: ZIP_ENTRY_DATE });
  await archive.finalize();
  await written;
  return fs.readFileSync(target);
}

describe('the central directory made as entries are written', () => {
  // Past 65,535 entries the end records take their zip64 form: the count is kept for them.
  it('is byte for byte the one archiver writes alone, past 65,535 entries too', async () => {
    const dir = await makeTempDir('labelport-zip-');
    dirs.push(dir);
    for (const entries of [3, 66_000]) {
      const ours = path.join(dir, `ours-${entries}.zip`);
      await writeZipFile(ours, async (zip) => {
        for (let index = 0; index < entries; index += 1) await zip.addText(`${index} 0.5 0.5 0.1 0.1\n`, `labels/t${Math.floor(index / 1000)}/${index}.txt`);
        await zip.addStream(['{"images":[', '{"id":0,"file_name":"é0.jpg"}', ']}'], 'annotations/instances.json');
      });
      const plain = await writePlain(path.join(dir, `plain-${entries}.zip`), entries);
      expect(fs.readFileSync(ours).equals(plain), `${entries} entries`).toBe(true);
    }
  }, 60_000);
});

describe('a streamed entry that fails', () => {
  it('fails the zip (no file left) instead of waiting forever, as when an export is cancelled mid-file', async () => {
    const dir = await makeTempDir('labelport-zip-');
    dirs.push(dir);
    const target = path.join(dir, 'cancelled.zip');
    const written = writeZipFile(target, async (zip) => {
      await zip.addText('kept\n', 'a.txt');
      await zip.addStream(
        (function* () {
          yield '{"images":[';
          throw new Error('cancelled');
        })(),
        'annotations/instances.json',
      );
    });
    await expect(written).rejects.toThrow('cancelled');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
