// A local workspace's settings on a real temp DATA_DIR (a team user's: server/api/settings.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '@/server/testing/image-fixtures';
import { isDomainError } from './errors';
import { DEFAULT_SETTINGS, createSettingsService, type Settings } from './settings.service';

const custom: Settings = {
  keymap: { preset: 'cvat', overrides: { 'tool.box': ['b', 'Shift+Mod+z'], 'image.next': ['ArrowRight'] } },
  workflow: { keepPrevious: true, autoAdvance: false },
};

// The machine's settings never touch the store's users.
const noUsers = {
  settingsOf: () => Promise.reject(new Error('a user was read')),
  saveSettings: () => Promise.reject(new Error('a user was written')),
};

const setup = async () => {
  const dataDir = await makeTempDir('labelport-settings-');
  return { dataDir, file: path.join(dataDir, 'settings.json'), settings: createSettingsService({ dataDir, users: noUsers }) };
};

describe('settings', () => {
  it('answers the defaults on a machine that never saved any', async () => {
    const { settings, file } = await setup();
    expect(await settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.keymap.preset).toBe('labelport');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reads back what was saved, and a save replaces the whole object', async () => {
    const { settings, dataDir } = await setup();
    await settings.save(custom);
    expect(await createSettingsService({ dataDir, users: noUsers }).get()).toEqual(custom);
    const next: Settings = { keymap: { preset: 'labelimg', overrides: {} }, workflow: { keepPrevious: false, autoAdvance: true } };
    await settings.save(next);
    expect(await settings.get()).toEqual(next);
  });

  it('refuses a chord bound to two actions, naming both, and leaves the file as it was', async () => {
    const { settings, file } = await setup();
    await settings.save(custom);
    const before = fs.readFileSync(file, 'utf8');
    const clash: Settings = { ...custom, keymap: { preset: 'cvat', overrides: { 'tool.box': ['b'], 'tool.polygon': ['p', 'b'] } } };
    const error: unknown = await settings.save(clash).catch((caught: unknown) => caught);
    expect(isDomainError(error) && error.code).toBe('invalid_input');
    expect((error as Error).message).toMatch(/\bb\b.*tool\.box.*tool\.polygon/);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(await settings.get()).toEqual(custom);
  });

  it('answers the defaults for a corrupt file and keeps it as settings.json.bad', async () => {
    for (const broken of ['{"keymap": {', '{"keymap": {"preset": "vim", "overrides": {}}, "workflow": {}}']) {
      const { settings, file } = await setup();
      fs.writeFileSync(file, broken);
      expect(await settings.get()).toEqual(DEFAULT_SETTINGS);
      expect(fs.readFileSync(`${file}.bad`, 'utf8')).toBe(broken);
      expect(fs.existsSync(file)).toBe(false);
      await settings.save(custom);
      expect(await settings.get()).toEqual(custom);
    }
  });
});
