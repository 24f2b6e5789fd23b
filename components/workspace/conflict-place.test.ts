import { describe, expect, it } from 'vitest';
import { conflictPlace, placeText, positionNear } from './conflict-place';

const PATHS = ['a.png', 'b.png', 'c.png', 'd.png', 'e.png'];
/** A strip of five images, with only the pages given loaded. */
const strip = (loaded: (index: number) => boolean = () => true) => ({
  itemAt: (index: number) => (loaded(index) && PATHS[index] ? { uuid: `u-${PATHS[index]}`, img_path: PATHS[index] } : undefined),
  total: PATHS.length,
});

describe('where the image of a save conflict is', () => {
  it('finds its position among the loaded images, looking outwards from the one in view', () => {
    const seen: number[] = [];
    const { itemAt, total } = strip();
    const looked = { itemAt: (index: number) => (seen.push(index), itemAt(index)), total, index: 2 };
    expect(positionNear('u-b.png', looked)).toBe(1);
    expect(seen).toEqual([2, 3, 1]);
    expect(positionNear('u-e.png', { ...strip(), index: 0 })).toBe(4);
    expect(positionNear('u-gone', { ...strip(), index: 3 })).toBeUndefined();
    expect(positionNear('u-a.png', { ...strip((index) => index > 0), index: 1 })).toBeUndefined();
    expect(positionNear('u-a.png', { itemAt: () => undefined, total: 0, index: 0 })).toBeUndefined();
  });

  it('names the image just left, says it is not the one in view, and where both are', () => {
    // Edited a.png, pressed D: the save of a.png conflicts while b.png is shown.
    const place = conflictPlace('u-a.png', { ...strip(), index: 1 });
    expect(place).toEqual({ uuid: 'u-a.png', path: 'a.png', position: 0, inView: false, shown: { position: 1, path: 'b.png' } });
    expect(placeText(place, 5)).toEqual({ name: 'a.png', where: '1 / 5 in the strip; not the image in view: you are on 2 / 5 (b.png)' });
  });

  it('says when the image is the one in view', () => {
    const place = conflictPlace('u-c.png', { ...strip(), index: 2 });
    expect(place.inView).toBe(true);
    expect(placeText(place, 5)).toEqual({ name: 'c.png', where: '3 / 5, the image in view' });
  });

  it("takes the path the editor read when the strip's page is not loaded, and says it was not found there", () => {
    const place = conflictPlace('u-far', { ...strip(), index: 0 }, 'far/away.png');
    expect(place).toMatchObject({ path: 'far/away.png', position: undefined, inView: false });
    expect(placeText(place, 5)).toEqual({ name: 'far/away.png', where: "not found among the strip's images loaded; not the image in view: you are on 1 / 5 (a.png)" });
    // Known nowhere: named by its id.
    expect(placeText(conflictPlace('u-far', { ...strip(), index: 0 }), 5).name).toBe('Image u-far');
    // Before the list is read (a journal replayed as the workspace opens): no position at all.
    const early = conflictPlace('u-far', { itemAt: () => undefined, total: 0, index: 0 });
    expect(placeText(early, 0)).toEqual({ name: 'Image u-far', where: "not found among the strip's images loaded; not the image in view" });
  });
});
