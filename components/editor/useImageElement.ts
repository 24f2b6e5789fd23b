'use client';

// What the canvas draws for an image URL: the original once it is decoded, until then its
// cached thumbnail (the canvas stretches either to the original's size, so shapes stay in
// image pixels), and never a blank frame for an image decoded before. The workspace calls
// predecodeImages for the neighbours, so the next and previous images are ready in memory.
import { useEffect, useState } from 'react';
import { createDecodeCache } from './decode-cache';

const THUMB_SUFFIX = '?size=thumb';
const thumbUrl = (url: string) => `${url}${THUMB_SUFFIX}`;

/** Whether an element this hook returned is the stand-in thumbnail, not the original yet. */
export const isThumbnail = (element: HTMLImageElement) => element.src.endsWith(THUMB_SUFFIX);

async function decodeElement(url: string): Promise<HTMLImageElement> {
  const element = new window.Image();
  element.src = url;
  // decode() resolves once the pixels are ready to draw, so the first draw does not stall.
  await element.decode();
  return element;
}

// One per tab, like the browser's own image cache: the current image and its two
// neighbours, plus the last one left, so going back and forth never decodes again. Nothing
// is decoded during server rendering: loads start only in effects and predecodeImages.
const originals = createDecodeCache({ capacity: 4, decode: decodeElement });
const thumbs = createDecodeCache({ capacity: 64, decode: decodeElement });

const ignore = () => undefined;

/** Decodes these images' thumbnails and originals ahead of a switch; failures stay silent here. */
export function predecodeImages(urls: readonly string[]): void {
  for (const url of urls) {
    thumbs.load(thumbUrl(url)).catch(ignore);
    originals.load(url).catch(ignore);
  }
}

interface Shown {
  url: string;
  element: HTMLImageElement;
  original: boolean;
}

export function useImageElement(url: string | null): HTMLImageElement | null {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (!url) return;
      let current = true;
    thumbs.load(thumbUrl(url)).then((element) => {
      if (current) setShown((before) => (before?.url === url && before.original ? before : { url, element, original: false }));
    }, ignore);
    originals.load(url).then((element) => {
      if (current) setShown({ url, element, original: true });
    }, ignore);
    return () => {
      current = false;
    };
  }, [url]);

  if (!url) return null;
  if (shown?.url === url && shown.original) return shown.element;
  // Read at render time, so an image decoded earlier is drawn in the very frame of the switch.
  return originals.peek(url) ?? thumbs.peek(thumbUrl(url)) ?? (shown?.url === url ? shown.element : null);
}
