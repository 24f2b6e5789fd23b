// File checksums for exports (classifai's checksum field).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';

/** classifai's checksum: base64 of the SHA-256 of the file bytes. */
export const sha256Base64 = async (absPath: string): Promise<string> => (await sha256OfFile(absPath)).toString('base64');

/**
 * The SHA-256 of a file's bytes.
 *
 * Read into buffers kept for the next file, never a new Buffer a file: the server's heap is some
 * 50 MB, and V8 answers every 64 MB of fresh external memory with a full mark-compact of all of
 * it. A cfg export of 1,000 photos (330 MB read) ran 11-17 of them, 0.5-1 s of marking on the
 * helper threads beside the export's own 0.4 s, and took twice the plain script's time.
 */
async function sha256OfFile(absPath: string): Promise<Buffer> {
  const hash = createHash('sha256');
  // A small file is read and hashed on this thread: microseconds, where a thread-pool round
  // trip each for open, read and close cost most of a cfg export of 10,000 small images.
  if (fs.statSync(absPath).size < READ_HERE_BELOW_BYTES) {
    const fd = fs.openSync(absPath, 'r');
    try {
      for (;;) {
        const length = fs.readSync(fd, smallFileBuffer, 0, smallFileBuffer.length, null);
        hash.update(smallFileBuffer.subarray(0, length));
        if (length < smallFileBuffer.length) break;
      }
    } finally {
      fs.closeSync(fd);
    }
    return hash.digest();
  }
  const buffer = spareBuffers.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
  const fd = await open(absPath, 'r');
  try {
    for (;;) {
      const length = await readInto(fd, buffer);
      hash.update(buffer.subarray(0, length));
      // A short read of a regular file is its end: no extra round trip to be told so.
      if (length < buffer.length) break;
    }
  } finally {
    await close(fd);
    if (spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(buffer);
  }
  return hash.digest();
}

// Small images (a few KiB) cost microseconds to read here; a photo of 200 KiB held this thread
// for its read while the thread pool could have read several (a fifth of the photos of the
// bench's set were read here with 256 KiB).
const READ_HERE_BELOW_BYTES = 64 * 1024;
const smallFileBuffer = Buffer.allocUnsafeSlow(READ_HERE_BELOW_BYTES);
/** A usual photo in one read; bigger files in several. */
const CHUNK_BYTES = 1024 * 1024;
/** As many as hashes run at once in an export, with room to spare. */
const MAX_SPARE_BUFFERS = 16;
const spareBuffers: Buffer[] = [];

const open = promisify(fs.open);
const close = promisify(fs.close);
const read = promisify(fs.read);
/** Fills buffer from the file's current position; the count of bytes read. */
const readInto = async (fd: number, buffer: Buffer) => (await read(fd, buffer, 0, buffer.length, null)).bytesRead;

