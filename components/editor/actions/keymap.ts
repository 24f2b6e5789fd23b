// Keys as chords ('b', 'Shift+Mod+z', 'ArrowRight'), the presets, and the effective keymap:
// action defaults, then the preset's keys, then the user's own, per action.
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export type PresetId = 'labelport' | 'labelimg' | 'cvat';
export type KeyBindings = Readonly<Record<string, readonly string[]>>;

export const PRESETS: Record<PresetId, { title: string; keys: KeyBindings }> = {
  labelport: { title: 'Labelport default', keys: {} },
  labelimg: { title: 'LabelImg-style (W box, A/D previous/next)', keys: { 'tool.box': ['w'], 'image.previous': ['a', 'ArrowLeft'], 'image.next': ['d', 'ArrowRight'] } },
  cvat: {
    title: 'CVAT-style (N draw, F/D next/previous)',
    keys: { 'tool.draw': ['n'], 'image.next': ['f', 'ArrowRight'], 'image.previous': ['d', 'ArrowLeft'], 'view.fit': ['Shift+f'] },
  },
};

const MODIFIER_KEYS = new Set(['Control', 'Shift', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/**
 * The chord a key press spells, or null for a lone modifier. Shift counts for letters and
 * named keys only: '?' already says Shift on the keyboards that need it for '?'.
 */
export function chordOf(event: KeyInput): string | null {
  if (MODIFIER_KEYS.has(event.key)) return null;
  const single = event.key.length === 1;
  const letter = single && event.key.toLowerCase() !== event.key.toUpperCase();
  const key = event.key === ' ' ? 'Space' : single ? event.key.toLowerCase() : event.key;
  const parts: string[] = [];
  if (event.shiftKey && (!single || letter)) parts.push('Shift');
  if (event.altKey) parts.push('Alt');
  if (event.ctrlKey || event.metaKey) parts.push('Mod');
  return [...parts, key].join('+');
}

const KEY_NAMES: Record<string, string> = {
  ArrowRight: '→',
  ArrowLeft: '←',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  Delete: 'Del',
  Backspace: 'Backspace',
  Mod: 'Ctrl',
};

/** 'Shift+Mod+z' as people read it: 'Ctrl+Shift+Z'. */
export function formatChord(chord: string): string {
  const parts = chord.split('+');
  const key = parts.pop() ?? '';
  const modifiers = ['Mod', 'Shift', 'Alt'].filter((modifier) => parts.includes(modifier)).map((modifier) => KEY_NAMES[modifier] ?? modifier);
  return [...modifiers, KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key)].join('+');
}

/** Each action's keys: its defaults, replaced per action by the preset's, then by the user's. */
export function effectiveKeys(defaults: KeyBindings, preset: PresetId, overrides: KeyBindings): Record<string, readonly string[]> {
  const keys: Record<string, readonly string[]> = { ...defaults };
  for (const layer of [PRESETS[preset].keys, overrides]) {
    for (const [action, chords] of Object.entries(layer)) if (action in defaults) keys[action] = chords;
  }
  return keys;
}

/** Chords bound to more than one action, with the actions. */
export function findConflicts(keys: KeyBindings): Array<{ chord: string; actions: string[] }> {
  const byChord = new Map<string, string[]>();
  for (const [action, chords] of Object.entries(keys)) {
    for (const chord of new Set(chords)) byChord.set(chord, [...(byChord.get(chord) ?? []), action]);
  }
  return [...byChord].filter(([, actions]) => actions.length > 1).map(([chord, actions]) => ({ chord, actions }));
}

/** " (Ctrl+Z)" for a tooltip: the action's first key, or nothing when it has none. */
export function firstKeyHint(keys: KeyBindings, actionId: string): string {
  const chord = keys[actionId]?.[0];
  return chord ? ` (${formatChord(chord)})` : '';
}
