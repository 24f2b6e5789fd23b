import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase, type LabelportDatabase } from './database';
import { createImageRepository } from './image.repository';
import { createLabelRepository } from './label.repository';
import { migrations } from './migrations';
import { NATURAL_SORT_KEY_FUNCTION, naturalSortKey } from './natural-sort-key';
import { createSqliteRepositories } from './repositories';

const opened: LabelportDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-db-'));

/** A database as version 2 left it (two migrations), holding one bndbox project 'p'. */
function databaseAtVersion2(dir: string) {
  const old = new Database(path.join(dir, 'labelport.db'));
  old.exec(migrations[0] ?? '');
  old.exec(migrations[1] ?? '');
  old.pragma('user_version = 2');
  old.prepare("INSERT INTO projects (id, name, type, folder, version_uuid, created_at, last_modified_at) VALUES ('p', 'old', 'bndbox', '/x', 'v', 1, 1)").run();
  return old;
}

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

  it('fills the natural sort key of images written before it existed', () => {
    const dir = tempDir();
    // A database as the version before the key left it: two migrations, rows without a key.
    const old = databaseAtVersion2(dir);
    const insert = old.prepare("INSERT INTO images (project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms) VALUES ('p', ?, ?, 'jpeg', 1, 1, 3, 1, 1)");
    for (const [uuid, relPath] of [['a', 'img10.jpg'], ['b', 'Img2.jpg'], ['c', 'img1.jpg']]) insert.run(uuid, relPath);
    old.close();

    const db = openDatabase(dir);
    opened.push(db);
    const images = createImageRepository(db.sqlite);
    expect(images.naturalPage('p', 'all', 0, 10).map((image) => image.relPath)).toEqual(['img1.jpg', 'Img2.jpg', 'img10.jpg']);
    expect(images.page('p', 'all', 0, 10).map((image) => image.relPath)).toEqual(['Img2.jpg', 'img1.jpg', 'img10.jpg']);
  });

  it('indexes the labels of shapes stored before the label filter existed', () => {
    const dir = tempDir();
    const old = databaseAtVersion2(dir);
    const insert = old.prepare("INSERT INTO images (project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms, shapes, shape_count) VALUES ('p', ?, ?, 'jpeg', 1, 1, 3, 1, 1, ?, 1)");
    insert.run('a', 'img10.jpg', JSON.stringify([{ label: 'car' }, { label: 'car' }]));
    insert.run('b', 'img2.jpg', JSON.stringify([{ label: 'bus' }]));
    insert.run('c', 'img1.jpg', JSON.stringify([{ label: 'car' }, { label: null }]));
    old.close();

    const db = openDatabase(dir);
    opened.push(db);
    const images = createImageRepository(db.sqlite);
    expect(images.listPage('p', { filter: 'all', label: 'car' }, 0, 10).map(({ image }) => image.relPath)).toEqual(['img1.jpg', 'img10.jpg']);
    expect(images.listCount('p', { filter: 'all', label: 'car' })).toBe(2);
  });

  it('numbers the labels of an older database in panel order and goes on from there', () => {
    const dir = tempDir();
    const old = new Database(path.join(dir, 'labelport.db'));
    old.exec(migrations[0] ?? '');
    old.exec(migrations[1] ?? '');
    old.pragma('user_version = 2');
    old.prepare("INSERT INTO projects (id, name, type, folder, version_uuid, created_at, last_modified_at) VALUES ('p', 'old', 'bndbox', '/x', 'v', 1, 1)").run();
    const insert = old.prepare("INSERT INTO labels (project_id, position, name, color) VALUES ('p', ?, ?, '#000000')");
    // Positions with gaps, as removals leave them.
    for (const [position, name] of [[7, 'bus'], [2, 'car'], [9, 'bike']] as const) insert.run(position, name);
    old.close();

    const db = openDatabase(dir);
    opened.push(db);
    const labels = createLabelRepository(db.sqlite);
    labels.append('p', { name: 'van', color: '#000000' });
    expect(labels.table('p').map((label) => [label.name, label.classId])).toEqual([['car', 0], ['bus', 1], ['bike', 2], ['van', 3]]);
  });

  it('ends the jobs an older version left running before one running job per key is enforced', async () => {
    const dir = tempDir();
    const old = new Database(path.join(dir, 'labelport.db'));
    old.function(NATURAL_SORT_KEY_FUNCTION, { deterministic: true }, (relPath: unknown) => naturalSortKey(String(relPath)));
    for (const migration of migrations.slice(0, 9)) old.exec(migration);
    old.pragma('user_version = 9');
    // Two processes of old could leave two running rows of one key (each crashed mid-scan).
    const insert = old.prepare("INSERT INTO jobs (kind, key, state, started_at) VALUES ('scan', 'scan:p', ?, 1)");
    for (const state of ['running', 'running', 'succeeded']) insert.run(state);
    old.close();

    const db = openDatabase(dir);
    opened.push(db);
    const states = db.sqlite.prepare<[], { state: string; message: string }>('SELECT state, message FROM jobs ORDER BY id').all();
    expect(states.map((row) => row.state)).toEqual(['failed', 'failed', 'succeeded']);
    expect(states[0]?.message).toMatch(/Interrupted/);
    const jobs = createSqliteRepositories(db).jobs;
    const first = await jobs.start('scan', 'scan:p', 2, 'a');
    expect(first).toBeTypeOf('number');
    expect(await jobs.start('scan', 'scan:p', 3, 'b')).toBeUndefined();
    expect(await jobs.latest('scan:p')).toMatchObject({ id: first, state: 'running', owner: 'a', heartbeatAt: 2 });
  });
});
