// The decoder with stand-in parts: pictures are plain sizes, and the scaler does what the
// test says. What a user would see: an image that fits the window is drawn as decoded, a
// larger one with its window-sized copy, and a failing scaler never leaves the image blank.
import { describe, expect, it, vi } from 'vitest';
import { createImageDecoder, type DecoderParts, type Picture } from './image-decoder';

function partsFor(size: Picture, fit: DecoderParts<Picture>['fit']) {
  const parts = {
    fetchBlob: vi.fn(async (url: string) => new Blob([url])),
    decode: vi.fn(async () => ({ ...size })),
    fit: vi.fn(fit),
    viewport: () => ({ width: 1400, height: 900 }),
    warmUp: vi.fn(),
  };
  return parts;
}

describe('image decoder', () => {
  it('draws a picture no larger than the window as it is, without the scaler', async () => {
    const parts = partsFor({ width: 800, height: 600 }, async () => {
      throw new Error('not called');
    });
    await expect(createImageDecoder(parts)('/a.jpg')).resolves.toEqual({ full: { width: 800, height: 600 }, fitted: null });
    expect(parts.fit).not.toHaveBeenCalled();
    expect(parts.warmUp).toHaveBeenCalledOnce();
  });

  it('asks the scaler for the largest size that fits the window, keeping the aspect ratio', async () => {
    const parts = partsFor({ width: 4000, height: 3000 }, async (full, width, height) => ({ full, fitted: { width, height } }));
    const decoded = await createImageDecoder(parts)('/big.jpg');
    expect(parts.fit).toHaveBeenCalledWith({ width: 4000, height: 3000 }, 1200, 900);
    expect(decoded).toEqual({ full: { width: 4000, height: 3000 }, fitted: { width: 1200, height: 900 } });
  });

  it('when the scaler fails, decodes the file again and draws it without the copy', async () => {
    const parts = partsFor({ width: 1920, height: 1080 }, async () => {
      throw new Error('The scaling worker failed: boom');
    });
    const decoded = await createImageDecoder(parts)('/photo.jpg');
    expect(decoded).toEqual({ full: { width: 1920, height: 1080 }, fitted: null });
    expect(parts.decode).toHaveBeenCalledTimes(2);
    expect(parts.fetchBlob).toHaveBeenCalledOnce();
  });

  it('a failed download rejects, and nothing is decoded', async () => {
    const parts = partsFor({ width: 10, height: 10 }, async (full) => ({ full, fitted: null }));
    parts.fetchBlob.mockRejectedValueOnce(new Error('/gone.jpg: HTTP 404'));
    await expect(createImageDecoder(parts)('/gone.jpg')).rejects.toThrow('HTTP 404');
    expect(parts.decode).not.toHaveBeenCalled();
  });
});
