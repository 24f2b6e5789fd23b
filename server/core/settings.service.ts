// Per-machine preferences (keymap, workflow switches) in DATA_DIR/settings.json. They belong
// to the person at this machine, not to a project, so they live beside the database rather
// than in it; a broken file must never keep the workspace from opening.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '@/server/files/atomic-write';
import { invalidInput } from './errors';

export const KEYMAP_PRESETS = ['labelport', 'labelimg', 'cvat'] as const;
export type KeymapPreset = (typeof KEYMAP_PRESETS)[number];

export const ACTION_ID_PATTERN = /^[a-z][a-z0-9]*(\.[a-z0-9-]+)*$/;
export const MAX_CHORD_LENGTH = 40;
export const MAX_CHORDS_PER_ACTION = 4;

export interface Settings {
  keymap: { preset: KeymapPreset; overrides: Record<string, string[]> };
  workflow: { keepPrevious: boolean; autoAdvance: boolean };
}

export const DEFAULT_SETTINGS: Settings = {
  keymap: { preset: 'labelport', overrides: {} },
  workflow: { keepPrevious: false, autoAdvance: false },
};

const defaults = (): Settings => structuredClone(DEFAULT_SETTINGS);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isChordList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length <= MAX_CHORDS_PER_ACTION &&
  value.every((chord) => typeof chord === 'string' && chord.length > 0 && chord.length <= MAX_CHORD_LENGTH);

/** The stored file is outside our control (hand edits, an older version): checked field by field. */
function readStored(value: unknown): Settings | undefined {
  if (!isRecord(value) || !isRecord(value.keymap) || !isRecord(value.workflow)) return undefined;
  const { preset, overrides } = value.keymap;
  const { keepPrevious, autoAdvance } = value.workflow;
  if (!KEYMAP_PRESETS.includes(preset as KeymapPreset) || !isRecord(overrides)) return undefined;
  if (typeof keepPrevious !== 'boolean' || typeof autoAdvance !== 'boolean') return undefined;
  const entries = Object.entries(overrides);
  if (!entries.every(([action, chords]) => ACTION_ID_PATTERN.test(action) && isChordList(chords))) return undefined;
  return {
    keymap: { preset: preset as KeymapPreset, overrides: Object.fromEntries(entries) as Record<string, string[]> },
    workflow: { keepPrevious, autoAdvance },
  };
}

/** A chord bound to two actions would make one of them unreachable: name both so it can be fixed. */
function findConflict(overrides: Record<string, string[]>): string | undefined {
  const owner = new Map<string, string>();
  for (const [action, chords] of Object.entries(overrides)) {
    for (const chord of chords) {
      const other = owner.get(chord);
      if (other !== undefined && other !== action) return `The key ${chord} is bound to both ${other} and ${action}`;
      owner.set(chord, action);
    }
  }
  return undefined;
}

export function createSettingsService(deps: { dataDir: string }) {
  const file = path.join(deps.dataDir, 'settings.json');

  return {
    async get(): Promise<Settings> {
      let text: string;
      try {
        text = await fsp.readFile(file, 'utf8');
      } catch {
        return defaults();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const settings = readStored(parsed);
      if (settings) return settings;
      // Kept, not deleted: the person may want back what they had typed into it.
      await fsp.rename(file, `${file}.bad`).catch(() => undefined);
      return defaults();
    },

    /** Replaces the whole object: the workspace always sends all of it. */
    async save(settings: Settings): Promise<Settings> {
      const checked = readStored(settings);
      if (!checked) throw invalidInput('Settings are malformed');
      const conflict = findConflict(checked.keymap.overrides);
      if (conflict) throw invalidInput(conflict);
      await writeFileAtomic(file, `${JSON.stringify(checked, null, 2)}\n`);
      return checked;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
