import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Writes to a temporary name, then renames: a reader never finds half a file under target. */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  const temporary = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await fsp.writeFile(temporary, content, { flag: 'wx' });
    await fsp.rename(temporary, target);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

/** classifai's checksum: base64 of the SHA-256 of the file bytes, streamed. */
export async function sha256Base64(absPath: string): Promise<string> {
  const { size } = fs.statSync(absPath);
  // A small file is stated, read and hashed on this thread: microseconds, where the promise
  // versions cost five thread-pool round trips a file (most of a cfg export of 10,000 small
  // images). One read is much cheaper than a stream for the usual image; big files stream.
  if (size < READ_HERE_BELOW_BYTES) return createHash('sha256').update(fs.readFileSync(absPath)).digest('base64');
  // fs.readFile's callback form: the promise form wraps a FileHandle, whose machinery cost
  // more than the read of a usual photo (cfg of 1,000 photos, side by side: 375-598 -> 350-397 ms).
  if (size < STREAM_ABOVE_BYTES) return createHash('sha256').update(await readWhole(absPath)).digest('base64');
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(absPath), hash);
  return hash.digest('base64');
}

const STREAM_ABOVE_BYTES = 8 * 1024 * 1024;
// Small images (a few KiB) cost microseconds to read here; a photo of 200 KiB held this thread
// for its read while the thread pool could have read several (a fifth of the photos of the
// bench's set were read here with 256 KiB).
const READ_HERE_BELOW_BYTES = 64 * 1024;

const readWhole = promisify(fs.readFile);

/**
 * Removes what an earlier, interrupted write of target left behind (`<target>.<hex>.partial`):
 * our own temporary files, never a user's.
 */
export async function removeStalePartials(target: string): Promise<void> {
  const folder = path.dirname(target);
  const prefix = `${path.basename(target)}.`;
  const names = await fsp.readdir(folder).catch(() => [] as string[]);
  const stale = names.filter((name) => name.startsWith(prefix) && /^[0-9a-f]{8}\.partial$/.test(name.slice(prefix.length)));
  await Promise.all(stale.map((name) => fsp.rm(path.join(folder, name), { force: true })));
}
