// One image URL fetched and decoded into the full picture and its window-sized copy. No DOM
// here: the browser's parts are injected (useImageElement.ts), so the paths around the
// scaling worker are tested in Node.

export interface Picture {
  width: number;
  height: number;
}

export interface Decoded<P> {
  full: P;
  /** The picture scaled down to fit the window (device pixels); null when full is no larger. */
  fitted: P | null;
}

export interface DecoderParts<P extends Picture> {
  fetchBlob(url: string): Promise<Blob>;
  decode(blob: Blob): Promise<P>;
  /** Moves full to the scaler and back; rejects (full lost with it) when the scaler fails. */
  fit(full: P, width: number, height: number): Promise<Decoded<P>>;
  /** The window's size in device pixels. */
  viewport(): { width: number; height: number };
  /** Called first, so work such as starting the scaler overlaps the download. */
  warmUp(): void;
}

export function createImageDecoder<P extends Picture>(parts: DecoderParts<P>): (url: string) => Promise<Decoded<P>> {
  return async (url) => {
    parts.warmUp();
    const blob = await parts.fetchBlob(url);
    const full = await parts.decode(blob);
    const viewport = parts.viewport();
    const scale = Math.min(1, viewport.width / full.width, viewport.height / full.height);
    if (scale >= 1) return { full, fitted: null };
    try {
      return await parts.fit(full, Math.max(1, Math.round(full.width * scale)), Math.max(1, Math.round(full.height * scale)));
    } catch {
      // The scaler failed holding the picture: decoded again, and drawn without the small copy.
      return { full: await parts.decode(blob), fitted: null };
    }
  };
}
