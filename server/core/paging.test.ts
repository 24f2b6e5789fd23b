import { describe, expect, it } from 'vitest';
import { readPages } from './paging';

const list = (length: number) => Array.from({ length }, (_, index) => index);
const pagesOf = (items: number[], size: number) => [...readPages((offset, limit) => items.slice(offset, offset + limit), size)];

describe('readPages', () => {
  it('returns every item once, in order, in pages of the size asked', () => {
    expect(pagesOf(list(7), 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('ends after a full last page without yielding an empty one', () => {
    expect(pagesOf(list(6), 3)).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(pagesOf([], 3)).toEqual([]);
  });
});
