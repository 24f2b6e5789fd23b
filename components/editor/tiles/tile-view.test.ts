import { describe, expect, it } from 'vitest';
import { isHugeImage, levelForScale, tileName, tilesCovering, type Pyramid } from './tile-view';

// As libvips cut 20,000 x 20,000: levels 0..15, 40 x 40 tiles of 512 at the top.
const big: Pyramid = { width: 20_000, height: 20_000, tileSize: 512, topLevel: 15 };

describe('tiles in view', () => {
  it('picks the coarsest level that is still sharp on screen', () => {
    expect(levelForScale(big, 1)).toBe(15);
    expect(levelForScale(big, 4)).toBe(15); // zoomed past 1:1 stays at the top
    expect(levelForScale(big, 0.5)).toBe(14);
    expect(levelForScale(big, 0.45)).toBe(14);
    expect(levelForScale(big, 0.045)).toBe(11); // 900 px for 20,000: level 11 has 1,250
    expect(levelForScale(big, 1e-9)).toBe(0);
  });

  it('lists only the tiles over the region, cut at the image edge', () => {
    const tiles = tilesCovering(big, 15, { x: 19_900, y: 0, w: 500, h: 600 });
    expect(tiles.map(tileName)).toEqual(['15/38_0', '15/39_0', '15/38_1', '15/39_1']);
    expect(tiles[1]).toMatchObject({ x: 19_968, w: 32, h: 512 });
    expect(tilesCovering(big, 11, { x: 0, y: 0, w: 20_000, h: 20_000 })).toHaveLength(9);
    expect(tilesCovering(big, 14, { x: -5_000, y: -5_000, w: 1_000, h: 1_000 })).toEqual([]);
  });

  it('calls an image huge above 40 megapixels', () => {
    expect(isHugeImage({ width: 4000, height: 3000 })).toBe(false);
    expect(isHugeImage({ width: 8000, height: 6000 })).toBe(true);
  });
});
