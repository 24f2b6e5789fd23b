import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase, type LabelportDatabase } from './database';
import { migrations } from './migrations';

const opened: LabelportDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-db-'));

describe('openDatabase', () => {
  it('creates the schema in WAL mode with foreign keys on', () => {
    const db = openDatabase(tempDir());
    opened.push(db);
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.sqlite.pragma('user_version', { simple: true })).toBe(migrations.length);
  });

  it('refuses a second open of the same DATA_DIR with a clear message', () => {
    const dir = tempDir();
    opened.push(openDatabase(dir));
    expect(() => openDatabase(dir)).toThrow(DataDirLockedError);
    expect(() => openDatabase(dir)).toThrow(/already using/);
  });

  it('opens again after the first server closed, keeping the data', () => {
    const dir = tempDir();
    const first = openDatabase(dir);
    first.sqlite.prepare("INSERT INTO jobs (kind, key, state, started_at) VALUES ('scan', 'k', 'running', 1)").run();
    first.close();
    const second = openDatabase(dir);
    opened.push(second);
    expect(second.sqlite.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 1 });
  });
});
