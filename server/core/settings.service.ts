// Personal preferences (keymap, workflow switches). A local workspace keeps the machine's in
// DATA_DIR/settings.json, beside the database: they belong to the person at this machine, not to
// a project. A team server keeps each user's own in her row of the store (an annotator's CVAT
// preset is not everyone's), which every process behind the load balancer reads alike. Broken
// settings must never keep the workspace from opening.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '@/server/files/atomic-write';
import { invalidInput, notFound } from './errors';
import type { UserRepository } from './users/user-repository';

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

const parsedOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Checked and free of clashes, or refused before anything is written. */
function toSaved(settings: Settings): Settings {
  const checked = readStored(settings);
  if (!checked) throw invalidInput('Settings are malformed');
  const conflict = findConflict(checked.keymap.overrides);
  if (conflict) throw invalidInput(conflict);
  return checked;
}

/** userId: a team server's signed-in user; none on a local workspace. */
export function createSettingsService(deps: { dataDir: string; users: Pick<UserRepository, 'settingsOf' | 'saveSettings'> }) {
  const file = path.join(deps.dataDir, 'settings.json');

  const machineSettings = async (): Promise<Settings> => {
    let text: string;
    try {
      text = await fsp.readFile(file, 'utf8');
    } catch {
      return defaults();
    }
    const settings = readStored(parsedOrUndefined(text));
    if (settings) return settings;
    // Kept, not deleted: the person may want back what they had typed into it.
    await fsp.rename(file, `${file}.bad`).catch(() => undefined);
    return defaults();
  };

  return {
    async get(userId?: string): Promise<Settings> {
      if (userId === undefined) return machineSettings();
      const text = await deps.users.settingsOf(userId);
      // Broken ones are left in the row: the next save replaces them.
      return (text === undefined ? undefined : readStored(parsedOrUndefined(text))) ?? defaults();
    },

    /** Replaces the whole object: the workspace always sends all of it. */
    async save(settings: Settings, userId?: string): Promise<Settings> {
      const saved = toSaved(settings);
      if (userId === undefined) await writeFileAtomic(file, `${JSON.stringify(saved, null, 2)}\n`);
      else if (!(await deps.users.saveSettings(userId, JSON.stringify(saved)))) throw notFound('No such user');
      return saved;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
