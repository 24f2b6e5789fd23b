'use client';

// The tiles the canvas draws over a huge image's preview: those of the level as sharp as the
// screen that lie in view, each once it is decoded. Panning asks for the new ones as they
// come into view; a tile not yet there leaves the preview showing through.
import { useEffect, useRef, useState } from 'react';
import type { View } from '../model/types';
import { tileBitmaps } from './tile-bitmaps';
import { requestTiles } from './tile-requests';
import { levelForScale, tileName, tilesCovering, type Pyramid, type TileRef } from './tile-view';

export interface DrawnTile extends TileRef {
  bitmap: ImageBitmap;
}

export interface TilesInView {
  /** Bottom first: coarser stand-ins, then the tiles of the level wanted. */
  drawn: DrawnTile[];
  /** Every tile in view is drawn: the view is as sharp as the screen. */
  complete: boolean;
  level: number | null;
}

const NOTHING: TilesInView = { drawn: [], complete: false, level: null };

/** onMissing: a tile answered 404 (the server's cache dropped the pyramid); once per tile per mount. */
export function useTilesInView(
  pyramid: Pyramid | null,
  tileUrl: (name: string) => string,
  view: View,
  viewport: { width: number; height: number },
  onMissing?: () => void,
): TilesInView {
  const [, setArrivals] = useState(0);
  const reported = useRef(new Set<string>());
  const missing = useRef(onMissing);
  useEffect(() => {
    missing.current = onMissing;
  }, [onMissing]);
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const level = pyramid ? levelForScale(pyramid, view.scale * ratio) : null;
  const region = { x: -view.x / view.scale, y: -view.y / view.scale, w: viewport.width / view.scale, h: viewport.height / view.scale };
  const tiles = pyramid && level !== null ? tilesCovering(pyramid, level, region) : [];
  const names = tiles.map(tileName).join(',');

  useEffect(() => {
    let current = true;
    const urls = (names ? names.split(',') : []).map(tileUrl);
    requestTiles(tileBitmaps, urls, reported.current, {
      arrived: () => current && setArrivals((n) => n + 1),
      missing: () => missing.current?.(),
    });
    return () => {
      current = false;
    };
  }, [names, tileUrl]);

  const decoded = (list: TileRef[]) =>
    list.flatMap((tile) => {
      const bitmap = tileBitmaps.peek(tileUrl(tileName(tile)));
      return bitmap ? [{ ...tile, bitmap }] : [];
    });
  const sharp = decoded(tiles);
  // Under them, the level below where it is still decoded: zooming in shows the last sharp
  // view, not the blurrier preview, until the new tiles arrive.
  const coarser = pyramid && level !== null && level > 0 && sharp.length < tiles.length ? decoded(tilesCovering(pyramid, level - 1, region)) : [];
  const drawn = [...coarser, ...sharp];
  return pyramid ? { drawn, complete: sharp.length === tiles.length && tiles.length > 0, level } : NOTHING;
}
