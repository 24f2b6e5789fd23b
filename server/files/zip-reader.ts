// Reads a zip's entries from its central directory: stored and deflated entries, zip64 too
// (archiver writes its end records in zip64 form past 65,535 entries, so big exports need it).
// A zip is untrusted input, so every limit is checked before any byte is inflated: an entry
// path with `..` or an absolute path refuses the whole zip (it could never be a folder's
// file), and the entry count and the total uncompressed size are bounded (a zip bomb
// declares small sizes and the inflate is capped at what it declared).
import zlib from 'node:zlib';

export interface ZipEntry {
  /** The entry's path inside the zip, with `/` separators. */
  name: string;
  data: Buffer;
}

export interface ZipLimits {
  maxEntries: number;
  /** The sum of the selected entries' uncompressed sizes. */
  maxTotalBytes: number;
}

/** Why a zip could not be read; its message is meant for the user. */
export class ZipReadError extends Error {
  override name = 'ZipReadError';
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
/** A field this full says its value is in the zip64 records. */
const FULL = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
interface EntryHeader {
  name: string;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  local: number;
}

const DEFAULT_LIMITS: ZipLimits = { maxEntries: 200_000, maxTotalBytes: 512 * 1024 * 1024 };

/** True when the bytes start like a zip (a local header or an empty zip's end record). */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && (bytes.readUInt32LE(0) === LOCAL_HEADER || bytes.readUInt32LE(0) === END_OF_CENTRAL_DIRECTORY);
}

function safeEntryName(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').includes('..')) {
    throw new ZipReadError(`The zip has an entry outside its own folder: ${raw}`);
  }
  return name;
}

function findEndRecord(zip: Buffer): number {
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipReadError('Not a zip file, or a damaged one: its end record is missing');
}

const brokenDirectory = () => new ZipReadError('The zip is damaged: broken central directory');

/** An 8-byte zip64 value; one past 2^53 cannot be a number of bytes anyone's zip holds. */
function readLong(zip: Buffer, at: number): number {
  const value = zip.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw brokenDirectory();
  return Number(value);
}

/**
 * The central directory's entry count, size and offset. Full fields are read from the zip64
 * end record, when a locator right before the end record points at one: exactly 65,535
 * entries fill the count field with no zip64 records written.
 */
function findDirectory(zip: Buffer, end: number): { count: number; offset: number } {
  let count = zip.readUInt16LE(end + 10);
  let size = zip.readUInt32LE(end + 12);
  let offset = zip.readUInt32LE(end + 16);
  let directoryEnd = end;
  const locator = end - 20;
  if ((count === 0xffff || size === FULL || offset === FULL) && locator >= 0 && zip.readUInt32LE(locator) === ZIP64_LOCATOR) {
    const record = readLong(zip, locator + 8);
    if (record + 56 > locator || zip.readUInt32LE(record) !== ZIP64_END) throw brokenDirectory();
    count = readLong(zip, record + 32);
    size = readLong(zip, record + 40);
    offset = readLong(zip, record + 48);
    directoryEnd = record;
  }
  // Each central header takes 46 bytes at least: a count or a place the bytes cannot hold is
  // damage, refused before the count sizes anything.
  if (offset + size > directoryEnd || count * 46 > size) throw brokenDirectory();
  return { count, offset };
}

type EntryValues = [size: number, compressed: number, local: number];

/**
 * An entry's uncompressed size, compressed size and local header offset, the full ones read
 * from its zip64 extra field, which holds only those, in that order.
 */
function zip64Values(zip: Buffer, from: number, to: number, values: EntryValues): EntryValues {
  if (!values.includes(FULL)) return values;
  for (let at = from; at + 4 <= to; at += 4 + zip.readUInt16LE(at + 2)) {
    if (zip.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    const fieldsEnd = field + zip.readUInt16LE(at + 2);
    if (fieldsEnd > to) throw brokenDirectory();
    return values.map((value) => {
      if (value !== FULL) return value;
      if (field + 8 > fieldsEnd) throw brokenDirectory();
      field += 8;
      return readLong(zip, field - 8);
    }) as EntryValues;
  }
  throw brokenDirectory();
}

/**
 * The entries whose names `select` accepts (all by default), inflated; folders are left out.
 * Throws ZipReadError for a damaged zip, an unsafe entry path or a limit passed.
 */
export function readZip(zip: Buffer, options: { select?: (name: string) => boolean; limits?: Partial<ZipLimits> } = {}): ZipEntry[] {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  if (zip.length < 22) throw new ZipReadError('Not a zip file, or a damaged one: too short');
  const end = findEndRecord(zip);
  const { count, offset: first } = findDirectory(zip, end);
  let offset = first;
  if (count > limits.maxEntries) throw new ZipReadError(`The zip has ${count} entries; at most ${limits.maxEntries} are read`);
  const headers: EntryHeader[] = [];
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL_HEADER) throw brokenDirectory();
    const nameLength = zip.readUInt16LE(offset + 28);
    const nameEnd = offset + 46 + nameLength;
    const extraEnd = nameEnd + zip.readUInt16LE(offset + 30);
    if (extraEnd > zip.length) throw brokenDirectory();
    const name = safeEntryName(zip.toString('utf8', offset + 46, nameEnd));
    const [size, compressed, local] = zip64Values(zip, nameEnd, extraEnd, [zip.readUInt32LE(offset + 24), zip.readUInt32LE(offset + 20), zip.readUInt32LE(offset + 42)]);
    headers.push({ name, method: zip.readUInt16LE(offset + 10), crc: zip.readUInt32LE(offset + 16), compressed, size, local });
    offset = extraEnd + zip.readUInt16LE(offset + 32);
  }
  const selected = headers.filter((header) => !header.name.endsWith('/') && (options.select?.(header.name) ?? true));
  const total = selected.reduce((sum, header) => sum + header.size, 0);
  if (total > limits.maxTotalBytes) {
    throw new ZipReadError(`The zip's files come to ${Math.ceil(total / 2 ** 20)} MiB unpacked; at most ${limits.maxTotalBytes / 2 ** 20} MiB are read`);
  }
  return selected.map((header) => ({ name: header.name, data: entryData(zip, header) }));
}

function entryData(zip: Buffer, header: EntryHeader): Buffer {
  const damaged = () => new ZipReadError(`The zip is damaged: entry ${header.name} cannot be read`);
  if (header.local + 30 > zip.length || zip.readUInt32LE(header.local) !== LOCAL_HEADER) throw damaged();
  const start = header.local + 30 + zip.readUInt16LE(header.local + 26) + zip.readUInt16LE(header.local + 28);
  if (start + header.compressed > zip.length) throw damaged();
  const raw = zip.subarray(start, start + header.compressed);
  let data: Buffer;
  if (header.method === STORED) data = Buffer.from(raw);
  else if (header.method === DEFLATED) {
    try {
      // Capped at the declared size: a bomb cannot inflate past what the limits allowed.
      data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, header.size) });
    } catch {
      throw damaged();
    }
  } else throw new ZipReadError(`The zip's entry ${header.name} uses a compression method other than deflate (${header.method})`);
  // The checksum catches damage inflate cannot see (a stored entry's bytes changed).
  if (data.length !== header.size || zlib.crc32(data) !== header.crc) throw damaged();
  return data;
}
