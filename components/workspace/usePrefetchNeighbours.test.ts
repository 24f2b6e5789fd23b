import { describe, expect, it } from 'vitest';
import { originalUrlOf, thumbUrlOf } from './usePrefetchNeighbours';

describe("an image's picture URLs", () => {
  const image = { uuid: 'u1', width: 640, height: 480, file_version: '1000-1700000000000' };
  const replaced = { ...image, width: 320, file_version: '400-1700000060000' };

  it('change with the file, so no cache gives the picture of a file replaced under the same name', () => {
    expect(thumbUrlOf('bndbox', 'p', replaced)).not.toBe(thumbUrlOf('bndbox', 'p', image));
    expect(originalUrlOf('bndbox', 'p', replaced)).not.toBe(originalUrlOf('bndbox', 'p', image));
    expect(originalUrlOf('bndbox', 'p', { ...image, file_version: replaced.file_version })).not.toBe(originalUrlOf('bndbox', 'p', image));
  });

  it('stay the same while the file does, for the strip and the editor to share', () => {
    expect(thumbUrlOf('bndbox', 'p', { ...image })).toBe(thumbUrlOf('bndbox', 'p', image));
    expect(thumbUrlOf('bndbox', 'p', image)).toBe('/api/image/bndbox/p/u1?size=thumb&v=1000-1700000000000');
    expect(originalUrlOf('bndbox', 'p', image)).toBe('/api/image/bndbox/p/u1?v=1000-1700000000000');
    expect(originalUrlOf('bndbox', 'p', { ...image, width: 20_000, height: 20_000 })).toBe('/api/image/bndbox/p/u1?size=preview&v=1000-1700000000000');
  });
});
