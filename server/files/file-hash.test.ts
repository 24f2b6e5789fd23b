// The export's checksums read every file into buffers kept from one file to the next: each
// file's hash must still be of its own bytes, whatever its size and however many run at once.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { sha256Base64 } from './file-hash';

const expected = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');

describe('sha256Base64', () => {
  it('hashes the whole file at every size around its read sizes, many at once', async () => {
    const folder = await makeTempDir('labelport-hash-');
    const KiB = 1024;
    // Empty, small (read here), the small/large border, one and several 1 MiB chunks exactly,
    // and a file whose last chunk is partly full.
    const sizes = [0, 1, 5 * KiB, 64 * KiB - 1, 64 * KiB, 300 * KiB, 1024 * KiB, 2048 * KiB, 2500 * KiB + 7];
    const files = sizes.flatMap((size, index) =>
      [0, 1, 2].map((copy) => {
        const bytes = randomBytes(size);
        const file = path.join(folder, `${index}-${copy}.bin`);
        fs.writeFileSync(file, bytes);
        return { file, bytes };
      }),
    );
    const hashes = await Promise.all(files.map(({ file }) => sha256Base64(file)));
    expect(hashes).toEqual(files.map(({ bytes }) => expected(bytes)));
    // Again, with the buffers the first round left behind.
    expect(await Promise.all(files.map(({ file }) => sha256Base64(file)))).toEqual(hashes);
  }, 20_000);

  it('fails for a missing file and still hashes the next one', async () => {
    const folder = await makeTempDir('labelport-hash-missing-');
    const bytes = randomBytes(200 * 1024);
    fs.writeFileSync(path.join(folder, 'there.jpg'), bytes);
    await expect(sha256Base64(path.join(folder, 'gone.jpg'))).rejects.toThrow(/ENOENT/);
    expect(await sha256Base64(path.join(folder, 'there.jpg'))).toBe(expected(bytes));
  });
});
