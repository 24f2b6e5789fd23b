// The tile pyramid of a huge image as libvips cuts it: Deep Zoom levels (level 0 is 1x1, each
// level doubles, the top level is the image itself), square tiles without overlap. The
// editor gets tileSize and topLevel from image.tiles and counts the same way on its side.

export const TILE_SIZE = 512;
/** The side of the one-picture preview shown before the tiles are cut. */
export const PREVIEW_SIDE = 2048;

/**
 * Above this many pixels the editor shows an image from its preview and then tiles
 * (HUGE_IMAGE_PIXELS in components/editor/tiles/tile-view.ts, which may not import this).
 */
export const PREVIEWED_PIXELS = 40_000_000;

export const isPreviewed = (size: { width: number; height: number }): boolean => size.width * size.height > PREVIEWED_PIXELS;

export interface PyramidLevel {
  level: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
  /** Image pixels per level pixel: 1 at the top level, 2 one below, … */
  step: number;
}

export const topLevel = (width: number, height: number): number => Math.ceil(Math.log2(Math.max(width, height, 1)));

export function pyramidLevel(width: number, height: number, level: number): PyramidLevel {
  const step = 2 ** (topLevel(width, height) - level);
  const levelWidth = Math.max(1, Math.ceil(width / step));
  const levelHeight = Math.max(1, Math.ceil(height / step));
  return { level, width: levelWidth, height: levelHeight, columns: Math.ceil(levelWidth / TILE_SIZE), rows: Math.ceil(levelHeight / TILE_SIZE), step };
}

/** A tile name from a request, `level/column_row` as libvips names the files; null for anything else. */
export function parseTileName(text: string): { level: number; column: number; row: number } | null {
  const match = /^(\d{1,2})\/(\d{1,5})_(\d{1,5})$/.exec(text);
  if (!match) return null;
  return { level: Number(match[1]), column: Number(match[2]), row: Number(match[3]) };
}
