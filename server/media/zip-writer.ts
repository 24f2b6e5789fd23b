// The only archiver import. Streams entries from disk into a zip file, stored (not
// re-compressed: images are compressed already), written under a temporary name and renamed
// when complete so a failed export never leaves a half zip under the final name.
import { ZipArchive } from 'archiver';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export interface ZipWriter {
  addFile(absPath: string, entryName: string): Promise<void>;
  addText(text: string, entryName: string): Promise<void>;
  /** An entry written as its chunks come (a file too big to hold as one string); pulled as the zip drains. */
  addStream(chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>, entryName: string): Promise<void>;
  /** Finishes the zip and moves it to its final name. */
  close(): Promise<void>;
  /** Drops the partial file. */
  abort(): Promise<void>;
}

/** Zip entry names use `/` and may never climb out of the folder they are unzipped into. */
export function safeEntryName(name: string): string {
  const parts = name.split(/[\\/]+/).filter((part) => part !== '' && part !== '.' && part !== '..');
  if (parts.length === 0) throw new Error(`Unusable zip entry name: ${name}`);
  return parts.join('/');
}

/**
 * Every entry's date: archiver stamps the time of writing otherwise, so two exports of the
 * same data would differ and a dataset kept in git would change on every export. 1980-01-01 is
 * the earliest date a zip can hold (reproducible-build tools use it too).
 */
export const ZIP_ENTRY_DATE = new Date(Date.UTC(1980, 0, 1));

export async function openZipWriter(target: string): Promise<ZipWriter> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(4).toString('hex')}.partial`;
  const archive = new ZipArchive({ store: true });
  const output = fs.createWriteStream(temporary);
  const written = pipeline(archive, output);
  written.catch(() => undefined); // surfaced by close()
  // append() queues; waiting for each entry keeps memory flat on big exports.
  const entryDone = () =>
    new Promise<void>((resolve, reject) => {
      const onEntry = () => {
        archive.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        archive.off('entry', onEntry);
        reject(error);
      };
      archive.once('entry', onEntry);
      archive.once('error', onError);
    });

  return {
    async addFile(absPath, entryName) {
      const done = entryDone();
      archive.append(fs.createReadStream(absPath), { name: safeEntryName(entryName), store: true, date: ZIP_ENTRY_DATE });
      await done;
    },
    async addText(text, entryName) {
      const done = entryDone();
      archive.append(Buffer.from(text, 'utf8'), { name: safeEntryName(entryName), date: ZIP_ENTRY_DATE });
      await done;
    },
    async addStream(chunks, entryName) {
      const done = entryDone();
      archive.append(Readable.from(chunks, { objectMode: false }), { name: safeEntryName(entryName), date: ZIP_ENTRY_DATE });
      await done;
    },
    async close() {
      await archive.finalize();
      await written;
      await fsp.rename(temporary, target);
    },
    async abort() {
      archive.destroy();
      output.destroy();
      await fsp.rm(temporary, { force: true });
    },
  };
}

/**
 * Writes target as a zip filled by fill: complete under its final name when fill resolves,
 * or no file at all (the partial one removed) when fill or the zip fails.
 */
export async function writeZipFile(target: string, fill: (zip: Pick<ZipWriter, 'addFile' | 'addText' | 'addStream'>) => Promise<void>): Promise<void> {
  const zip = await openZipWriter(target);
  try {
    await fill(zip);
    await zip.close();
  } catch (error) {
    await zip.abort();
    throw error;
  }
}
