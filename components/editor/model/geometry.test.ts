import { describe, expect, it } from 'vitest';
import { fitView, resizeBox, toImage, zoomAround } from './geometry';
import type { EditorBox } from './types';

describe('geometry', () => {
  const box: EditorBox = { id: 'a', kind: 'box', x: 10, y: 10, w: 20, h: 20, label: '' };
  const size = { width: 100, height: 50 };

  it('flips a box dragged past its opposite edge and keeps at least 1 px', () => {
    expect(resizeBox(box, 'e', { x: 0, y: 15 }, size)).toMatchObject({ x: 0, w: 10 });
    expect(resizeBox(box, 'n', { x: 0, y: 30 }, size)).toMatchObject({ y: 30, h: 1 });
    expect(resizeBox(box, 'se', { x: 500, y: 500 }, size)).toMatchObject({ x: 10, y: 10, w: 90, h: 40 });
  });

  it('zooms around the cursor: the image point under it stays put', () => {
    const view = { scale: 1, x: 20, y: 30 };
    const cursor = { x: 220, y: 130 };
    const before = toImage(view, cursor);
    const zoomed = zoomAround(view, 2.5, cursor);
    expect(toImage(zoomed, cursor)).toEqual(before);
    expect(zoomAround(view, 1e9, cursor).scale).toBe(40);
  });

  it('fits and centres the image in the viewport', () => {
    const view = fitView({ width: 1000, height: 500 }, { width: 548, height: 548 }, 24);
    expect(view.scale).toBe(0.5);
    expect(view).toMatchObject({ x: 24, y: 149 });
  });
});
