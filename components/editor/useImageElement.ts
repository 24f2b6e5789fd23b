'use client';

// What the canvas draws for an image URL: the original once it is decoded, until then its
// cached thumbnail (the canvas stretches either to the original's size, so shapes stay in
// image pixels), and never a blank frame for an image decoded before. The workspace calls
// predecodeImages for the neighbours, so the next and previous images are ready in memory.
//
// Decoded as ImageBitmaps, not <img> elements: an element's decode() does not spare the
// canvas its own decode on the first drawImage (46 ms for a 1920x1080 JPEG, 155 ms for
// 4000x3000 in Chromium without GPU), so a prefetched neighbour still cost a long first
// frame. A bitmap is decoded off the main thread and draws at once; a second one at the
// window's size draws in under 1 ms where the full one takes 3-7 ms scaled down (22 ms the
// first time). That one is scaled from the decoded bitmap in a worker (fitted-bitmap.ts), not
// decoded again from the file at the small size: a second decode doubled the CPU every image
// cost, and with a key held down it ran beside the decode of the image wanted next.
import { useEffect, useState } from 'react';
import { createDecodeCache, DecodeDroppedError } from './decode-cache';
import { fitBitmap, warmFitWorker } from './fitted-bitmap';
import { createImageDecoder, type Decoded } from './image-decoder';

const ignore = () => undefined;

/** The server would not give the picture: its status and its own words, for the reason shown to the user. */
class PictureFetchError extends Error {
  constructor(
    url: string,
    readonly status: number,
    readonly serverText?: string,
  ) {
    super(`${url}: HTTP ${status}`);
    this.name = 'PictureFetchError';
  }
}

/** The error envelope's message, when the server answered one. */
async function serverTextOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get('content-type')?.includes('json')) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const text = body && typeof body === 'object' && 'error_message' in body ? body.error_message : undefined;
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** Why a picture could not be shown, as the editor says it. */
export function pictureFailureText(error: unknown): string {
  // The server's words say what is wrong (a folder whose drive is unplugged), where "HTTP 404" did not.
  if (error instanceof PictureFetchError && error.serverText) return error.serverText.replace(/^The /, 'the ');
  if (error instanceof PictureFetchError) return error.status === 404 ? 'the server has no such image (HTTP 404)' : `the server answered HTTP ${error.status}`;
  if (error instanceof Error && error.message) return error.message;
  return 'it could not be read or decoded';
}

export type DecodedImage = Decoded<ImageBitmap>;

export interface ShownImage {
  decoded: DecodedImage;
  /** false while the thumbnail stands in for the original. */
  original: boolean;
}

const decodeImage = createImageDecoder<ImageBitmap>({
  async fetchBlob(url) {
    const response = await fetch(url);
    if (!response.ok) throw new PictureFetchError(url, response.status, await serverTextOf(response));
    return response.blob();
  },
  decode: (blob) => createImageBitmap(blob),
  fit: fitBitmap,
  viewport() {
    const ratio = window.devicePixelRatio || 1;
    return { width: window.innerWidth * ratio, height: window.innerHeight * ratio };
  },
  warmUp: warmFitWorker,
});

// One per tab, like the browser's own image cache: the current image, the one before and
// the three after it (a key held down, EditorPane), so going back and forth never decodes
// again. Nothing is decoded during server rendering: loads start only in effects and
// predecodeImages. Neighbours decode three at a time, the most wanted first, and the image on
// screen at once beside them: with all of them at once, a key held down made the next image
// wait for decodes of images already passed, and a project's first image shared the cores with
// three neighbours' (half a second later on screen, hence a special case this replaces). Two
// at a time left the cores idle while a decode waited for its download or the scaling worker
// (W7 1920x1080 back to back p50 38-42 ms, 10-20 ms with three); one, 90 ms. Pixels are held
// within a budget: five 24 MP photos fit in it, three of 40 MP (the largest not tiled).
const ORIGINALS_BUDGET_BYTES = 640 * 2 ** 20;
const pixelBytes = (picture: ImageBitmap | null) => (picture ? picture.width * picture.height * 4 : 0);
const originals = createDecodeCache({
  capacity: 5,
  decode: decodeImage,
  concurrency: 3,
  budget: { bytes: ORIGINALS_BUDGET_BYTES, sizeOf: ({ full, fitted }) => pixelBytes(full) + pixelBytes(fitted) },
});
const thumbs = createDecodeCache({ capacity: 64, decode: decodeImage });

/** The decoded original, or what stands for it (from the cache the canvas draws from). */
export const decodedOriginal = (url: string): Promise<ImageBitmap> => originals.load(url).then((decoded) => decoded.full);

/**
 * Decodes images' thumbnails and originals ahead of a switch, the most wanted first: the
 * current image, then its neighbours. Failures stay silent here.
 * original: what stands for the original (a huge image's preview).
 */
export function predecodeImages(images: ReadonlyArray<{ thumb: string; original: string }>): void {
  for (const pending of thumbs.loadAll(images.map(({ thumb }) => thumb))) pending.catch(ignore);
  for (const pending of originals.loadAll(images.map(({ original }) => original))) pending.catch(ignore);
}

interface Shown {
  thumb: string;
  image: ShownImage;
}

/** A load of the original that failed: which one (the URL and the attempt), and why. */
interface Failure {
  original: string;
  attempt: number;
  reason: string;
}

/**
 * thumb: the image's thumbnail, shown until the original is decoded. original: what stands for
 * the original (a huge image's 2048 px preview), else the image itself. attempt: raised to load
 * again an original whose load failed. onFailure: why the original of this URL and attempt
 * could not be loaded (a decode pushed out of the cache because nobody wanted it any more is
 * no failure), or null.
 */
export function useImageElement(thumb: string | null, original: string | null, attempt = 0): { shown: ShownImage | null; failure: string | null } {
  const [failed, setFailed] = useState<Failure | null>(null);
  const shown = useShownImage(thumb, original, attempt, setFailed);
  const failure = failed && original && failed.original === original && failed.attempt === attempt ? failed.reason : null;
  return { shown, failure };
}

function useShownImage(thumb: string | null, original: string | null, attempt: number, setFailed: (failure: Failure) => void): ShownImage | null {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (!thumb || !original) return;
    let current = true;
    thumbs.load(thumb).then((decoded) => {
      if (current) setShown((before) => (before?.thumb === thumb && before.image.original ? before : { thumb, image: { decoded, original: false } }));
    }, ignore);
    originals.load(original).then(
      (decoded) => {
        if (current) setShown((before) => (before?.thumb === thumb && before.image.decoded === decoded ? before : { thumb, image: { decoded, original: true } }));
      },
      (error: unknown) => {
        if (current && !(error instanceof DecodeDroppedError)) setFailed({ original, attempt, reason: pictureFailureText(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [thumb, original, attempt, setFailed]);

  if (!thumb || !original) return null;
  // Read at render time, so an image decoded earlier is drawn in the very frame of the switch.
  // Kept as state during this render (React renders again before committing): the decodes'
  // answers then change nothing, and cost no second render of the stage after the switch.
  const decodedOriginal = originals.peek(original);
  if (decodedOriginal && (shown?.thumb !== thumb || shown.image.decoded !== decodedOriginal)) {
    const image: ShownImage = { decoded: decodedOriginal, original: true };
    setShown({ thumb, image });
    return image;
  }
  if (shown?.thumb === thumb && shown.image.original) return shown.image;
  const decodedThumb = thumbs.peek(thumb);
  if (decodedThumb) return { decoded: decodedThumb, original: false };
  return shown?.thumb === thumb ? shown.image : null;
}
