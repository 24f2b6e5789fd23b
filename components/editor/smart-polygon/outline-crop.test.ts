import { describe, expect, it } from 'vitest';
import { fromCrop, outlineCrop } from './outline-crop';

describe('outline crop', () => {
  // 22,000 x 10,045 scales by 0.01 to 220 x 100.45, drawn as 220 x 100 pixels: at the nominal
  // scale the bottom of the outline would land 45 image pixels above the image's bottom.
  const image = { width: 22_000, height: 10_045 };
  const whole = outlineCrop({ box: { x: 0, y: 0, w: image.width, h: image.height }, hints: [] }, image);

  it('maps crop pixels back by the size the crop was drawn at, per axis', () => {
    expect([whole.width, whole.height]).toEqual([220, 100]);
    expect(fromCrop([{ x: 220, y: 100 }, { x: 110, y: 50 }], whole, image)).toEqual([
      { x: 22_000, y: 10_045 },
      { x: 11_000, y: 5_022.5 },
    ]);
  });

  it('puts the box and the hints where the crop shows them, never past its edge', () => {
    expect(whole.rect).toEqual({ x: 0, y: 0, w: 220, h: 100 });
    const hinted = outlineCrop({ box: { x: 0, y: 0, w: image.width, h: image.height }, hints: [{ x: 11_000, y: 10_045, foreground: true }] }, image);
    const [seed] = hinted.seeds;
    expect(seed?.x).toBeCloseTo(110, 6);
    expect(seed?.y).toBeCloseTo(100, 6); // at the nominal scale: 100.45, past the crop's last row
  });
});
