import { describe, expect, it } from 'vitest';
import { createRenameFollower, renamesBetween } from './label-renames';

/** Labels as the renames leave them, applied in order. */
const applied = (labels: string[], steps: Array<[string, string]>) => steps.reduce((now, [from, to]) => now.map((label) => (label === from ? to : label)), labels);

describe('renames made elsewhere, from the class table', () => {
  it('a class under another name is renamed; one removed or added is no rename', () => {
    const before = [{ class_id: 1, name: 'car' }, { class_id: 2, name: 'plant3' }, { class_id: 3, name: 'gone' }];
    const after = [{ class_id: 1, name: 'car' }, { class_id: 2, name: 'plant4' }, { class_id: 4, name: 'new' }];
    expect(renamesBetween(before, after)).toEqual([['plant3', 'plant4']]);
    expect(renamesBetween(before, before)).toEqual([]);
  });

  it('names swapped between two classes end up swapped on the shapes, not merged', () => {
    const before = [{ class_id: 1, name: 'a' }, { class_id: 2, name: 'b' }];
    const after = [{ class_id: 1, name: 'b' }, { class_id: 2, name: 'a' }];
    expect(applied(['a', 'b', 'a', 'c'], renamesBetween(before, after))).toEqual(['b', 'a', 'b', 'c']);
  });
});

describe('renames applied to the shapes of this tab', () => {
  /** A follower whose renames act on these shapes (their labels), and the steps it applied. */
  const following = (shapes: string[]) => {
    const steps: Array<[string, string]> = [];
    const follower = createRenameFollower((from, to) => {
      steps.push([from, to]);
      shapes.splice(0, shapes.length, ...applied(shapes, [[from, to]]));
    });
    return { follower, steps, shapes };
  };

  it("applies this tab's own rename once: the table that shows it later applies nothing", () => {
    const { follower, steps, shapes } = following(['a', 'b']);
    follower.read([{ class_id: 1, name: 'a' }, { class_id: 2, name: 'b' }]);
    follower.renamedHere('a', 'car');
    // A new label takes the old name and is drawn with before the table is read again.
    shapes.push('a');
    expect(follower.read([{ class_id: 1, name: 'car' }, { class_id: 2, name: 'b' }, { class_id: 3, name: 'a' }])).toBe(true);
    expect(steps).toEqual([['a', 'car']]);
    expect(shapes).toEqual(['car', 'b', 'a']);
  });

  it('keeps an own rename when a table read before it landed comes late, and applies a rename from elsewhere', () => {
    const { follower, steps, shapes } = following(['a', 'b']);
    const before = [{ class_id: 1, name: 'a' }, { class_id: 2, name: 'b' }];
    follower.read(before);
    follower.renamedHere('a', 'car');
    follower.read(before.map((entry) => ({ ...entry })));
    expect(shapes).toEqual(['car', 'b']);
    follower.read([{ class_id: 1, name: 'car' }, { class_id: 2, name: 'bus' }]);
    expect(steps).toEqual([['a', 'car'], ['b', 'bus']]);
    expect(shapes).toEqual(['car', 'bus']);
  });

  it("applies nothing more when the table showed an own rename before the server's answer", () => {
    const { follower, steps } = following(['a']);
    follower.read([{ class_id: 1, name: 'a' }]);
    follower.read([{ class_id: 1, name: 'car' }]);
    follower.renamedHere('a', 'car');
    expect(steps).toEqual([['a', 'car']]);
  });

  it('swaps two labels through a third name once, whatever tables come between', () => {
    const { follower, shapes } = following(['a', 'b', 'a']);
    follower.read([{ class_id: 1, name: 'a' }, { class_id: 2, name: 'b' }]);
    follower.renamedHere('a', 'x');
    follower.read([{ class_id: 1, name: 'x' }, { class_id: 2, name: 'b' }]);
    follower.renamedHere('b', 'a');
    follower.renamedHere('x', 'b');
    follower.read([{ class_id: 1, name: 'x' }, { class_id: 2, name: 'a' }]);
    follower.read([{ class_id: 1, name: 'b' }, { class_id: 2, name: 'a' }]);
    expect(shapes).toEqual(['b', 'a', 'b']);
  });
});
