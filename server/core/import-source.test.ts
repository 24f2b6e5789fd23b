// What one import may unpack is one budget for all its zips: several small zip bombs must not
// add up to gigabytes, and nothing past the budget is inflated.
import { describe, expect, it } from 'vitest';
import { buildZip } from '@/server/testing/zip-fixtures';
import { readImportSource } from './import-source';

const zipOf = (name: string, bytes: number) => ({ path: name, bytes: buildZip([{ name: `${name}.json`, data: Buffer.alloc(bytes, 0x20), deflate: true }]) });

describe('the unpacked size of one import', () => {
  it('counts every zip and file of the import together', async () => {
    await expect(readImportSource({ files: [zipOf('a.zip', 600), zipOf('b.zip', 300)] }, 1000)).resolves.toHaveLength(2);
    await expect(readImportSource({ files: [zipOf('a.zip', 600), zipOf('b.zip', 600)] }, 1000)).rejects.toThrow(/b\.zip|larger than/);
    await expect(readImportSource({ files: [{ path: 'big.json', content: ' '.repeat(700) }, zipOf('c.zip', 600)] }, 1000)).rejects.toThrow(/c\.zip|larger than/);
  });
});
