import { describe, expect, it } from 'vitest';
import { renamesBetween } from './label-renames';

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
