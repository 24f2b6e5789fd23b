// The "bare Next" baseline: an App Router app with the project's own `next` (the repo's
// node_modules, symlinked: nothing is installed) and two route handlers answering the same
// bytes as Labelport: GET /bndbox/projects/meta (a fixed body) and GET /img/<i> (files[i] read
// from disk and sent as the imgsrc data-URI JSON). Built once into bench/.cache/next-floor and
// rebuilt only when its sources or the next version change; started with `next start` like ours.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE } from './images.mjs';
import { freePort, ROOT } from './server.mjs';

const DIR = path.join(CACHE, 'next-floor');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

// Both handlers read their answers from files the bench writes before each start, so one
// build serves every run.
const SOURCES = {
  'package.json': JSON.stringify({ name: 'labelport-next-floor', private: true, type: 'module' }, null, 2),
  'next.config.mjs': `export default {
  poweredByHeader: false,
  outputFileTracingRoot: ${JSON.stringify(DIR)},
};
`,
  'app/layout.js': `export default function RootLayout({ children }) {
  return children;
}
`,
  'app/bndbox/projects/meta/route.js': `import fs from 'node:fs';

export const dynamic = 'force-dynamic';
// Read on the first request: the build imports this module without the env.
let body;

export function GET() {
  body ??= fs.readFileSync(process.env.NEXT_FLOOR_META, 'utf8');
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
`,
  'app/img/[index]/route.js': `import fs from 'node:fs';
import fsp from 'node:fs/promises';

export const dynamic = 'force-dynamic';
let files;

export async function GET(_request, { params }) {
  files ??= JSON.parse(fs.readFileSync(process.env.NEXT_FLOOR_FILES, 'utf8'));
  const file = files[Number((await params).index)];
  if (!file) return new Response('not found', { status: 404 });
  const bytes = await fsp.readFile(file);
  const body = '{"message":1,"img_src":"data:image/jpeg;base64,' + bytes.toString('base64') + '"}';
  return new Response(body, { headers: { 'content-type': 'application/json' } });
}
`,
};

function fingerprint() {
  const next = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'next', 'package.json'), 'utf8')).version;
  return crypto.createHash('sha256').update(JSON.stringify({ next, SOURCES })).digest('hex').slice(0, 16);
}

/** Writes and builds the app unless the cached build has the same sources and next version. */
export function buildNextFloor() {
  const marker = path.join(DIR, '.built');
  const want = fingerprint();
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want && fs.existsSync(path.join(DIR, '.next', 'BUILD_ID'))) return DIR;
  fs.rmSync(DIR, { recursive: true, force: true });
  for (const [file, text] of Object.entries(SOURCES)) {
    fs.mkdirSync(path.dirname(path.join(DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(DIR, file), text);
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(DIR, 'node_modules'), 'dir');
  // Webpack, not Turbopack: Turbopack takes the repository (its lockfile) as the workspace root
  // and then builds Labelport's own proxy.ts and instrumentation.ts into this app; pointed at
  // this folder instead, it refuses the symlinked node_modules. Both bundle the same route
  // handler runtime of the same next version.
  process.stdout.write('building the bare Next app in bench/.cache/next-floor (once) ... ');
  const t0 = Date.now();
  const build = spawnSync(process.execPath, [NEXT_BIN, 'build', '--webpack'], {
    cwd: DIR,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`building the bare Next app failed:\n${build.stdout}\n${build.stderr}`);
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s`);
  fs.writeFileSync(marker, want);
  return DIR;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the bare app answering `meta` (a JSON string) and `files` (imgsrc by index). */
export async function startNextFloor({ meta, files = [] }) {
  const dir = buildNextFloor();
  const run = fs.mkdtempSync(path.join(CACHE, 'next-floor-run-'));
  fs.writeFileSync(path.join(run, 'meta.json'), meta);
  fs.writeFileSync(path.join(run, 'files.json'), JSON.stringify(files));
  const port = await freePort();
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_FLOOR_META: path.join(run, 'meta.json'),
      NEXT_FLOOR_FILES: path.join(run, 'files.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(run, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the bare Next app exited during start-up:\n${output}`);
    }
    if (await fetch(`${url}/bndbox/projects/meta`).then((reply) => reply.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await stop();
      throw new Error(`the bare Next app did not answer within 30 s:\n${output}`);
    }
    await sleep(50);
  }
  return { url, pid: child.pid, stop };
}
