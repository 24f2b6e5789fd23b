// A real, throwaway PostgreSQL for tests and the bench, from the Debian package's binaries: the
// PostgreSQL store is tested against the server it runs on in production, never a fake. Plain
// JavaScript so the bench runs it as it is; types in postgres-server.d.mts.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './built-server.mjs';

const INSTALL_HINT = 'Install it with `apt-get install -y postgresql` (Debian package postgresql; the tests start their own server from its binaries).';
/** The folder holding initdb and pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function findPostgresBinaries(root = '/usr/lib/postgresql', searchPath = process.env.PATH ?? '') {
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
    : [];
  const hasServer = (bin) => fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (hasServer(bin))
      return bin;
  }
  const onPath = searchPath.split(path.delimiter).find((folder) => folder !== '' && hasServer(folder));
  if (onPath)
    return onPath;
  throw new Error(`No PostgreSQL server binaries (initdb, pg_ctl) under ${root}/*/bin or on PATH. ${INSTALL_HINT}`);
}
/**
* PostgreSQL refuses to run as root: as root, the server's commands run as the `postgres` OS
* user the Debian package creates, and the temp dir is handed to it.
*/
function commandRunner(dir, ownedByServer) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const ids = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    let uid;
    let gid;
    try {
      uid = ids('-u');
      gid = ids('-g');
    }
    catch {
      throw new Error(`Running as root, the tests start PostgreSQL as the OS user postgres, which does not exist. ${INSTALL_HINT}`);
    }
    for (const owned of ownedByServer)
      fs.chownSync(owned, uid, gid);
  }
  return (command, args) => {
    const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const done = spawnSync(file, fileArgs, { encoding: 'utf8', cwd: dir });
    if (done.status !== 0) {
      throw new Error(`${path.basename(command)} failed (${done.status ?? done.signal}): ${(done.stderr || done.stdout || String(done.error ?? '')).trim()}`);
    }
  };
}
export async function startPostgresServer(options = {}) {
  const bin = findPostgresBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-postgres-'));
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  fs.mkdirSync(socketDir);
  const run = commandRunner(dir, [dir, socketDir]);
  const port = await freePort();
  let stopped = false;
  const stopNow = () => {
    if (stopped)
      return;
    stopped = true;
    process.off('exit', stopNow);
    try {
      if (fs.existsSync(path.join(dataDir, 'postmaster.pid')))
        run(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
    }
    finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test run that dies without its teardown must not leave a server running.
  process.on('exit', stopNow);
  try {
    run(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const settings = [
      `-c listen_addresses=127.0.0.1`,
      `-c port=${port}`,
      `-c unix_socket_directories=${socketDir}`,
      ...(options.fsync ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ].join(' ');
    run(path.join(bin, 'pg_ctl'), ['start', '-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings]);
  }
  catch (error) {
    const log = path.join(dir, 'server.log');
    const tail = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8').slice(-2000)}` : '';
    stopNow();
    throw new Error(`Could not start a test PostgreSQL: ${error.message}${tail}`);
  }
  const urlOf = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    createDatabase: (name) => createDatabase(urlOf('postgres'), name),
    stop: async () => stopNow(),
  };
}
/**
* Creates an empty database on the server of `serverUrl` (a superuser's URL): its URL. With
* icuLocale, the database's default collation is that ICU locale's (not byte order).
*/
export async function createDatabase(serverUrl, name, options = {}) {
  // The name goes into SQL as is: only what an identifier may hold without quoting.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`Not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const locale = options.icuLocale
      ? ` TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE ${pg.escapeLiteral(options.icuLocale)} LOCALE 'C'`
      : '';
    await client.query(`CREATE DATABASE ${name}${locale}`);
  }
  finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
/**
* A new database with a name no other test file picks (they run in parallel on one server).
* Its default collation is English (ICU en-US: "a" before "B"), as on many real servers, so
* every byte order the store answers must come from its own COLLATE "C".
*/
export function createTestDatabase(serverUrl, prefix) {
  return createDatabase(serverUrl, `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`, { icuLocale: 'en-US' });
}
