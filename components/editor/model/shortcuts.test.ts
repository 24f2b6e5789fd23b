import { describe, expect, it } from 'vitest';
import { resolveShortcut, type KeyInput } from './shortcuts';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, targetIsInput: false, ...extra });

describe('shortcuts', () => {
  it('maps tools, labels, history and navigation', () => {
    expect(resolveShortcut(key('b'))).toEqual({ type: 'tool', tool: 'box' });
    expect(resolveShortcut(key('P'))).toEqual({ type: 'tool', tool: 'polygon' });
    expect(resolveShortcut(key('3'))).toEqual({ type: 'label', index: 2 });
    expect(resolveShortcut(key('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(resolveShortcut(key('Z', { metaKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(resolveShortcut(key('ArrowRight'))).toEqual({ type: 'next' });
    expect(resolveShortcut(key('a'))).toEqual({ type: 'previous' });
    expect(resolveShortcut(key('?', { shiftKey: true }))).toEqual({ type: 'help' });
  });

  it('stays out of the way while typing in a field', () => {
    expect(resolveShortcut(key('b', { targetIsInput: true }))).toBeNull();
    expect(resolveShortcut(key('Delete', { targetIsInput: true }))).toBeNull();
  });
});
