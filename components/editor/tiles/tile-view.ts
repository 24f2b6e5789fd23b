// Which tiles of a huge image's pyramid the canvas draws: the coarsest level still as sharp as
// the screen, and only the tiles in view. The server says the pyramid's tileSize and topLevel
// (image.tiles); levels are Deep Zoom's, each half the one above, the top one the image.

/** Above this many pixels an image is shown from tiles: decoded whole it costs the browser seconds and gigabytes. */
export const HUGE_IMAGE_PIXELS = 40_000_000;

export const isHugeImage = (size: { width: number; height: number }): boolean => size.width * size.height > HUGE_IMAGE_PIXELS;

export interface Pyramid {
  width: number;
  height: number;
  tileSize: number;
  topLevel: number;
}

export interface TileRef {
  level: number;
  column: number;
  row: number;
  /** Where the tile lies, in image pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The coarsest level with at least one level pixel per device pixel. */
export function levelForScale(pyramid: Pyramid, devicePixelsPerImagePixel: number): number {
  const { topLevel } = pyramid;
  const wanted = topLevel + Math.ceil(Math.log2(Math.max(devicePixelsPerImagePixel, 2 ** -topLevel)) - 1e-9);
  return Math.max(0, Math.min(topLevel, wanted));
}

/** The tiles of a level that cover a region of the image (image pixels). */
export function tilesCovering(pyramid: Pyramid, level: number, region: { x: number; y: number; w: number; h: number }): TileRef[] {
  const { width, height, tileSize } = pyramid;
  const span = tileSize * 2 ** (pyramid.topLevel - level);
  const lastColumn = Math.ceil(width / span) - 1;
  const lastRow = Math.ceil(height / span) - 1;
  const tiles: TileRef[] = [];
  for (let row = Math.max(0, Math.floor(region.y / span)); row <= Math.min(lastRow, Math.floor((region.y + region.h) / span)); row++) {
    for (let column = Math.max(0, Math.floor(region.x / span)); column <= Math.min(lastColumn, Math.floor((region.x + region.w) / span)); column++) {
      const x = column * span;
      const y = row * span;
      tiles.push({ level, column, row, x, y, w: Math.min(span, width - x), h: Math.min(span, height - y) });
    }
  }
  return tiles;
}

/** The name the image route takes (`?tile=`): `level/column_row`. */
export const tileName = (tile: Pick<TileRef, 'level' | 'column' | 'row'>): string => `${tile.level}/${tile.column}_${tile.row}`;
