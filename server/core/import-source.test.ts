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

describe("an export's own report", () => {
  it('is left out of the files an import reads; a report.json of other content is read', async () => {
    const ours = { path: 'report.json', content: JSON.stringify({ format: 'coco', checks: { before: [], after: [] }, cannot_hold: [] }) };
    const theirs = { path: 'report.json', content: JSON.stringify({ images: [], annotations: [] }) };
    expect((await readImportSource({ files: [ours, { path: 'a.json', content: '{}' }] })).map((file) => file.path)).toEqual(['a.json']);
    expect(await readImportSource({ files: [theirs] })).toHaveLength(1);
  });
});
