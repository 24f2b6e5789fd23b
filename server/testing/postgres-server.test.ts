// Which PostgreSQL the tests start, and the message when there is none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgresBinaries } from './postgres-server';

const fakeServer = (bin: string) => {
  fs.mkdirSync(bin, { recursive: true });
  for (const tool of ['initdb', 'pg_ctl']) fs.writeFileSync(path.join(bin, tool), '#!/bin/sh\n', { mode: 0o755 });
};

describe('PostgreSQL binaries for tests', () => {
  it("take Debian's newest version (16 over 9), skipping one without its server tools", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-pgroot-'));
    fakeServer(path.join(root, '9', 'bin'));
    fakeServer(path.join(root, '16', 'bin'));
    fs.mkdirSync(path.join(root, '17', 'bin'), { recursive: true });
    expect(findPostgresBinaries(root, '')).toBe(path.join(root, '16', 'bin'));
  });

  it('fall back to PATH', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-pgpath-'));
    fakeServer(folder);
    expect(findPostgresBinaries(path.join(folder, 'none'), ['/nowhere', folder].join(path.delimiter))).toBe(folder);
  });

  it('name the Debian package to install when there are none', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-pgnone-'));
    expect(() => findPostgresBinaries(empty, empty)).toThrow(/apt-get install -y postgresql/);
  });
});
