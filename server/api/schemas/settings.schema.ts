import { z } from 'zod';
import { ACTION_ID_PATTERN, KEYMAP_PRESETS, MAX_CHORD_LENGTH, MAX_CHORDS_PER_ACTION } from '@/server/core/settings.service';

/** Per-machine settings (tRPC only): the keymap and the workflow switches, always sent whole. */
export const settingsShape = z.object({
  keymap: z.object({
    preset: z.enum(KEYMAP_PRESETS),
    overrides: z.record(
      z.string().regex(ACTION_ID_PATTERN, 'an action id like "tool.box"'),
      z.array(z.string().min(1).max(MAX_CHORD_LENGTH)).max(MAX_CHORDS_PER_ACTION),
    ),
  }),
  workflow: z.object({ keepPrevious: z.boolean(), autoAdvance: z.boolean() }),
});
export type SettingsShape = z.infer<typeof settingsShape>;
