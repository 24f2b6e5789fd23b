import { describe, expect, it } from 'vitest';
import { readPages } from './paging';

const list = (length: number) => Array.from({ length }, (_, index) => index);
const pagesOf = async (items: number[], size: number) => {
  const pages: number[][] = [];
  for await (const page of readPages(async (offset, limit) => items.slice(offset, offset + limit), size)) pages.push(page);
  return pages;
};

describe('readPages', () => {
  it('returns every item once, in order, in pages of the size asked', async () => {
    expect(await pagesOf(list(7), 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('ends after a full last page without yielding an empty one', async () => {
    expect(await pagesOf(list(6), 3)).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(await pagesOf([], 3)).toEqual([]);
  });
});
