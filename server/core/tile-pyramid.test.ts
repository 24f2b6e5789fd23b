import { describe, expect, it } from 'vitest';
import { parseTileName, pyramidLevel, topLevel } from './tile-pyramid';

describe('tile pyramid geometry', () => {
  it('counts Deep Zoom levels as libvips cuts them', () => {
    // libvips wrote levels 0..15 for 20000 x 20000, 40 x 40 tiles of 512 at the top.
    expect(topLevel(20_000, 20_000)).toBe(15);
    expect(pyramidLevel(20_000, 20_000, 15)).toMatchObject({ width: 20_000, columns: 40, rows: 40, step: 1 });
    expect(pyramidLevel(20_000, 20_000, 14)).toMatchObject({ width: 10_000, columns: 20, step: 2 });
    expect(pyramidLevel(20_000, 20_000, 0)).toMatchObject({ width: 1, height: 1, columns: 1, rows: 1 });
    expect(pyramidLevel(12_000, 9_000, 11)).toMatchObject({ width: 1500, height: 1125, columns: 3, rows: 3 });
  });

  it('reads only well-formed tile names', () => {
    expect(parseTileName('15/3_4')).toEqual({ level: 15, column: 3, row: 4 });
    for (const bad of ['15/3_4/..', '../x', '15/3-4', '', '1/2_3.jpeg', '123/1_1']) expect(parseTileName(bad)).toBeNull();
  });
});
