// The only archiver import. Streams entries from disk into a zip file, stored (not
// re-compressed: images are compressed already), written under a temporary name and renamed
// when complete so a failed export never leaves a half zip under the final name.
import { ZipArchive } from 'archiver';
import crc32 from 'crc-32';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

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

/** The parts of compress-commons' zip stream (under archiver) that the central directory is made of. */
interface CentralDirectoryWriter {
  offset: number;
  _entries: unknown[];
  _archive: { centralOffset: number; centralLength: number; processing: boolean; finish: boolean; finished: boolean };
  write(chunk: Buffer | string): boolean;
  end(): unknown;
  isZip64(): boolean;
  _afterAppend(entry: unknown): void;
  _writeCentralFileHeader(entry: unknown): void;
  _writeCentralDirectoryZip64(): void;
  _writeCentralDirectoryEnd(): void;
  _finish(): void;
}

const CENTRAL_DIRECTORY_CHUNK = 1 << 16;
const WRITER_METHODS = ['write', 'end', 'isZip64', '_afterAppend', '_writeCentralFileHeader', '_writeCentralDirectoryZip64', '_writeCentralDirectoryEnd', '_finish'] as const;

/**
 * compress-commons keeps every entry's object (some 430 bytes of heap each, a closure among
 * them) until finalize, then writes the central directory as some twenty tiny writes per entry.
 * For 100,000 entries that was 43 MB held through the whole export, spread over the old
 * generation among the export's garbage, and two million queued Buffers at the end (over
 * 800 MB). Here each entry's central directory record is made as soon as the entry is written
 * (everything in it is known then: its offset, sizes and checksum), by compress-commons' own
 * code, into 64 KiB chunks (about 80 bytes an entry), and the entry object is let go. finalize
 * writes those chunks and then the end records as compress-commons would. The versions are
 * pinned; should its shape ever change, this does nothing and the zip is still written, only
 * with the old cost.
 */
function keepCentralDirectoryAsBytes(archive: ZipArchive) {
  const engine = (archive as unknown as { _module?: { engine?: Partial<CentralDirectoryWriter> } })._module?.engine;
  if (!engine || !WRITER_METHODS.every((name) => typeof engine[name] === 'function') || typeof engine.offset !== 'number' || !Array.isArray(engine._entries) || !engine._archive) return;
  const writer = engine as CentralDirectoryWriter;
  const chunks: Buffer[] = [];
  let pieces: Buffer[] = [];
  let size = 0;
  const seal = () => {
    if (pieces.length === 0) return;
    chunks.push(Buffer.concat(pieces));
    pieces = [];
    size = 0;
  };
  const afterAppend = writer._afterAppend;
  writer._afterAppend = function renderThenRelease(this: CentralDirectoryWriter, entry: unknown) {
    const write = this.write;
    // Rendered aside: nothing reaches the zip yet, and the stream's offset stays where it is.
    this.write = (chunk) => {
      const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      pieces.push(piece);
      size += piece.length;
      return true;
    };
    try {
      this._writeCentralFileHeader(entry);
    } finally {
      this.write = write;
    }
    if (size >= CENTRAL_DIRECTORY_CHUNK) seal();
    afterAppend.call(this, entry);
    // The count stays (the end records and the zip64 test read it); the object goes.
    const last = this._entries.length - 1;
    if (this._entries[last] === entry) this._entries[last] = null;
  };
  writer._finish = function finishFromBytes(this: CentralDirectoryWriter) {
    seal();
    this._archive.centralOffset = this.offset;
    for (const chunk of chunks.splice(0)) this.write(chunk);
    this._archive.centralLength = this.offset - this._archive.centralOffset;
    if (this.isZip64()) this._writeCentralDirectoryZip64();
    this._writeCentralDirectoryEnd();
    this._archive.processing = false;
    this._archive.finish = true;
    this._archive.finished = true;
    this.end();
  };
}

/**
 * compress-commons checksums every entry with crc-32's JavaScript tables: 17% of a cfgdata
 * export's time in a profile (0.4 s of 2.3 s for 328 MB of photos). Node's zlib.crc32 answers the
 * same numbers natively. crc-32 answers signed ints and is handed its last answer as the seed
 * (crc32-stream's first seed is a zeroed Buffer, which crc-32 reads as 0). Everything under
 * archiver calls crc32.buf through this one module object, so replacing it here is enough.
 */
const javascriptCrc32 = crc32.buf;
export function nativeCrc32(data: number[] | Uint8Array, seed?: number | Uint8Array): number {
  const start = typeof seed === 'number' ? seed : 0;
  if (!ArrayBuffer.isView(data)) return javascriptCrc32(data, start);
  return zlib.crc32(data, start >>> 0) | 0;
}
crc32.buf = nativeCrc32;

export async function openZipWriter(target: string): Promise<ZipWriter> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(4).toString('hex')}.partial`;
  const archive = new ZipArchive({ store: true });
  keepCentralDirectoryAsBytes(archive);
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

  /**
   * Appends a source stream and waits for its entry. archiver does not pass on a source's own
   * error (a file gone, a generator that throws, a cancel): without this the entry, and the
   * export job with it, would wait forever.
   */
  const appendStream = async (source: Readable, entry: { name: string; store?: boolean }) => {
    let onSourceError: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (onSourceError = reject));
    source.once('error', onSourceError);
    const done = entryDone();
    archive.append(source, { ...entry, date: ZIP_ENTRY_DATE });
    try {
      await Promise.race([done, failed]);
    } finally {
      source.off('error', onSourceError);
    }
  };

  return {
    async addFile(absPath, entryName) {
      // The default 64 KiB reads: 1 MiB ones (each a new 1 MiB Buffer, shrunk by a copy for a
      // photo's last piece) made V8 collect the whole heap 60-70 times per cfgdata export of
      // 1,000 photos instead of 1-8, and took 1.7x as long.
      await appendStream(fs.createReadStream(absPath), { name: safeEntryName(entryName), store: true });
    },
    async addText(text, entryName) {
      const done = entryDone();
      archive.append(Buffer.from(text, 'utf8'), { name: safeEntryName(entryName), date: ZIP_ENTRY_DATE });
      await done;
    },
    async addStream(chunks, entryName) {
      await appendStream(Readable.from(chunks, { objectMode: false }), { name: safeEntryName(entryName) });
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
