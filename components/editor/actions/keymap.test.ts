import { describe, expect, it } from 'vitest';
import { ACTIONS, DEFAULT_KEYS } from './actions';
import { chordOf, effectiveKeys, findConflicts, formatChord, PRESETS, type PresetId } from './keymap';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  chordOf({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('key chords', () => {
  it('spells presses the same way whatever the platform and case', () => {
    expect(press('B')).toBe('b');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('Shift+Mod+z');
    expect(press('z', { metaKey: true })).toBe('Mod+z');
    expect(press('?', { shiftKey: true })).toBe('?');
    expect(press('S', { shiftKey: true })).toBe('Shift+s');
    expect(press('ArrowRight')).toBe('ArrowRight');
    expect(press('Shift', { shiftKey: true })).toBeNull();
    expect(formatChord('Shift+Mod+z')).toBe('Ctrl+Shift+Z');
    expect(formatChord('ArrowLeft')).toBe('←');
  });
});

describe('presets', () => {
  it.each(Object.keys(PRESETS) as PresetId[])('%s binds no key twice and names only real actions', (preset) => {
    expect(findConflicts(effectiveKeys(DEFAULT_KEYS, preset, {}))).toEqual([]);
    for (const id of Object.keys(PRESETS[preset].keys)) expect(ACTIONS.some((action) => action.id === id)).toBe(true);
  });

  it('LabelImg draws boxes with W, CVAT draws with N and goes forward with F and back with D', () => {
    const labelimg = effectiveKeys(DEFAULT_KEYS, 'labelimg', {});
    expect(labelimg['tool.box']).toEqual(['w']);
    expect(labelimg['image.next']).toContain('d');
    const cvat = effectiveKeys(DEFAULT_KEYS, 'cvat', {});
    expect(cvat['tool.draw']).toEqual(['n']);
    expect(cvat['image.next']).toContain('f');
    expect(cvat['image.previous']).toContain('d');
  });

  it("the user's own keys win over the preset's, and a key taken twice is reported", () => {
    const keys = effectiveKeys(DEFAULT_KEYS, 'cvat', { 'image.next': ['x'], 'view.help': ['x'] });
    expect(keys['image.next']).toEqual(['x']);
    expect(findConflicts(keys)).toEqual([{ chord: 'x', actions: ['image.next', 'view.help'] }]);
  });
});
