'use client';

// The tiles the canvas draws over a huge image's preview: those of the level as sharp as the
// screen that lie in view, each once it is decoded. Panning asks for the new ones as they
// come into view; a tile not yet there leaves the preview showing through.
import { useEffect, useState } from 'react';
import type { View } from '../model/types';
import { tileBitmaps } from './tile-bitmaps';
import { levelForScale, tileName, tilesCovering, type Pyramid, type TileRef } from './tile-view';

export interface DrawnTile extends TileRef {
  bitmap: ImageBitmap;
}

export interface TilesInView {
  drawn: DrawnTile[];
  /** Every tile in view is drawn: the view is as sharp as the screen. */
  complete: boolean;
  level: number | null;
}

const NOTHING: TilesInView = { drawn: [], complete: false, level: null };

export function useTilesInView(pyramid: Pyramid | null, tileUrl: (name: string) => string, view: View, viewport: { width: number; height: number }): TilesInView {
  const [, setArrivals] = useState(0);
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const level = pyramid ? levelForScale(pyramid, view.scale * ratio) : null;
  const region = { x: -view.x / view.scale, y: -view.y / view.scale, w: viewport.width / view.scale, h: viewport.height / view.scale };
  const tiles = pyramid && level !== null ? tilesCovering(pyramid, level, region) : [];
  const names = tiles.map(tileName).join(',');

  useEffect(() => {
    let current = true;
    for (const name of names ? names.split(',') : []) {
      const url = tileUrl(name);
      if (tileBitmaps.peek(url)) continue;
      tileBitmaps.load(url).then(
        () => current && setArrivals((n) => n + 1),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [names, tileUrl]);

  const drawn = tiles.flatMap((tile) => {
    const bitmap = tileBitmaps.peek(tileUrl(tileName(tile)));
    return bitmap ? [{ ...tile, bitmap }] : [];
  });
  return pyramid ? { drawn, complete: drawn.length === tiles.length && tiles.length > 0, level } : NOTHING;
}
