// Hidden and locked state is kept by label name: a rename or a merge must carry it along.
import { describe, expect, it } from 'vitest';
import { emptyVisibility, relabelVisibility } from './visibility';

describe('relabelVisibility', () => {
  it('moves a renamed label\'s hidden and locked state to its new name', () => {
    const before = { ...emptyVisibility(), hiddenLabels: ['car', 'tree'], lockedLabels: ['car'] };
    expect(relabelVisibility(before, 'car', 'vehicle')).toEqual({ ...before, hiddenLabels: ['vehicle', 'tree'], lockedLabels: ['vehicle'] });
  });

  it('on a merge keeps the target hidden or locked when either label was, each name once', () => {
    const before = { ...emptyVisibility(), hiddenLabels: ['auto', 'vehicle'], lockedLabels: ['auto'] };
    expect(relabelVisibility(before, 'auto', 'vehicle')).toMatchObject({ hiddenLabels: ['vehicle'], lockedLabels: ['vehicle'] });
    // The target's own state stays when the merged-away label was neither hidden nor locked.
    const targetOnly = { ...emptyVisibility(), hiddenLabels: ['vehicle'], lockedLabels: ['vehicle'] };
    expect(relabelVisibility(targetOnly, 'auto', 'vehicle')).toBe(targetOnly);
  });

  it('leaves per-shape state and unrelated labels alone', () => {
    const before = { hiddenLabels: ['tree'], lockedLabels: [], hiddenShapes: ['a'], lockedShapes: ['b'] };
    expect(relabelVisibility(before, 'car', 'vehicle')).toBe(before);
  });
});
