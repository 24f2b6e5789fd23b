import { describe, expect, it } from 'vitest';
import { naturalSortKey } from './natural-sort-key';

// Bytewise, as SQLite's BINARY collation compares the stored key.
const sorted = (paths: string[]) =>
  [...paths].sort((a, b) => Buffer.compare(Buffer.from(naturalSortKey(a)), Buffer.from(naturalSortKey(b))));

describe('naturalSortKey', () => {
  it('orders numbers by value, not by their first digit', () => {
    expect(sorted(['img10.jpg', 'img2.jpg', 'img1.jpg', 'img100.jpg', 'img9.jpg'])).toEqual([
      'img1.jpg',
      'img2.jpg',
      'img9.jpg',
      'img10.jpg',
      'img100.jpg',
    ]);
  });

  it('ignores case', () => {
    expect(sorted(['YellowFlower.jpg', 'aqua copy (2).jpg', 'Aqua.jpg', 'banana.png'])).toEqual([
      'aqua copy (2).jpg',
      'Aqua.jpg',
      'banana.png',
      'YellowFlower.jpg',
    ]);
  });

  it('compares several numbers in one name and leading zeros by value', () => {
    expect(sorted(['v2-frame10.png', 'v2-frame9.png', 'v10-frame1.png', 'v002-frame011.png'])).toEqual([
      'v2-frame9.png',
      'v2-frame10.png',
      'v002-frame011.png',
      'v10-frame1.png',
    ]);
  });

  it('keeps a folder\'s images together', () => {
    expect(sorted(['cats-2.jpg', 'cats/b.jpg', 'cats.jpg', 'cats/a.jpg', 'catsup.jpg'])).toEqual([
      'cats/a.jpg',
      'cats/b.jpg',
      'cats-2.jpg',
      'cats.jpg',
      'catsup.jpg',
    ]);
  });

  it('handles numbers longer than any integer type', () => {
    const huge = `${'9'.repeat(40)}.jpg`;
    expect(sorted([huge, '10.jpg'])).toEqual(['10.jpg', huge]);
  });
});
