import { describe, expect, it } from 'vitest';
import { applyFixes, clipToImage } from './dataset-fixes';
import type { EditorShape } from './types';

const size = { width: 100, height: 50 };
const box = (id: string, x: number, y: number, w: number, h: number): EditorShape => ({ id, kind: 'box', x, y, w, h, label: 'car' });

describe('dataset fixes', () => {
  it('clips a box past the right and bottom edges to the image', () => {
    expect(clipToImage(box('a', 90, 40, 30, 30), size)).toEqual(box('a', 90, 40, 10, 10));
  });

  it('cuts a polygon crossing an edge at a slant where it crosses, not at its clamped vertices', () => {
    const triangle: EditorShape = { id: 'p', kind: 'polygon', label: 'car', points: [{ x: 80, y: 10 }, { x: 120, y: 10 }, { x: 80, y: 30 }] };
    const clipped = clipToImage(triangle, size);
    expect(clipped?.kind === 'polygon' ? clipped.points : null).toEqual([{ x: 80, y: 10 }, { x: 100, y: 10 }, { x: 100, y: 20 }, { x: 80, y: 30 }]);
  });

  it('a shape wholly outside has nothing left', () => {
    expect(clipToImage(box('a', 120, 10, 5, 5), size)).toBeNull();
  });

  it('applies clip and drop by shape id and leaves the others as they were', () => {
    const shapes = [box('keep', 1, 1, 5, 5), box('out', 95, 1, 10, 5), box('flat', 10, 10, 0, 5)];
    const fixed = applyFixes(shapes, new Map([['out', 'clip'], ['flat', 'drop']] as const), size);
    expect(fixed).toEqual([box('keep', 1, 1, 5, 5), box('out', 95, 1, 5, 5)]);
  });

  it('drops only a shape that is still degenerate: one sharing the id, or repaired since the check, stays', () => {
    const shapes = [box('s', 10, 10, 0, 5), box('s', 20, 20, 5, 5), box('fixed', 30, 10, 4, 5)];
    const fixed = applyFixes(shapes, new Map([['s', 'drop'], ['fixed', 'drop']] as const), size);
    expect(fixed).toEqual([box('s', 20, 20, 5, 5), box('fixed', 30, 10, 4, 5)]);
  });
});
