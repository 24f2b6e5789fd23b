// `npm run bench [-- --quick] [-- --json FILE] [-- --only W1,W3]`: every workload of issue 10
// next to its own baseline, measured in this one run on this one machine, because only the
// ratios are comparable across machines. Needs a build (`npm run build`); not part of npm test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createProject } from './lib/api.mjs';
import { photoFolder, removeExportOutputs, smallFolder, tinyFolder } from './lib/images.mjs';
import { printTable } from './lib/report.mjs';
import { buildExists, ROOT, startServer } from './lib/server.mjs';
import { floor } from './floor.mjs';
import { w1 } from './w1-create.mjs';
import { w2 } from './w2-images.mjs';
import { w3 } from './w3-update.mjs';
import { w4 } from './w4-export.mjs';
import { w4Datasets } from './w4-datasets.mjs';
import { w5 } from './w5-editor.mjs';
import { w6 } from './w6-scale.mjs';
import { w7 } from './w7-switch.mjs';
import { w8 } from './w8-editor.mjs';
import { pgStore } from './pg-store.mjs';

const { values: args } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, json: { type: 'string' }, only: { type: 'string' }, help: { type: 'boolean', default: false } },
});
if (args.help) {
  console.log('usage: npm run bench -- [--quick] [--json FILE] [--only W1,W2,W3,W4,W5,W6,W7,W8,PG]');
  process.exit(0);
}
if (!buildExists()) {
  console.error('No Labelport build found (.next/BUILD_ID is missing). Run `npm run build` first, then `npm run bench`.');
  process.exit(1);
}

const SIZES = args.quick ? { photo: 200, small: 1000, tiny: 10_000 } : { photo: 1000, small: 10_000, tiny: 100_000 };
const selected = new Set((args.only ?? 'W1,W2,W3,W4,W5,W6,W7,W8,PG').toUpperCase().split(',').map((s) => s.trim()));
const started = Date.now();
const cpu = /^model name\s*:\s*(.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
console.log(`Labelport bench${args.quick ? ' --quick' : ''}: ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`);
// Figures are only worth comparing on an otherwise idle machine: say so when it is not.
const loadBefore = os.loadavg()[0];
if (loadBefore > 0.5) console.log(`warning: load average ${loadBefore.toFixed(2)} before the run: other work may be competing for the CPUs`);

const ctx = {
  quick: args.quick,
  tmp: fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-bench-')),
  folders: {
    photo: await photoFolder(SIZES.photo),
    small: await smallFolder(SIZES.small),
    tiny: selected.has('W6') || selected.has('W4') || selected.has('PG') ? await tinyFolder(SIZES.tiny) : null,
  },
  projects: new Set(),
  uuids: new Map(),
  cleanup: [],
  floor: null,
};
// An interrupted run can leave export outputs in the folders; the scans must see the same files.
removeExportOutputs(ctx.folders.photo.dir);
removeExportOutputs(ctx.folders.small.dir);
if (ctx.folders.tiny) removeExportOutputs(ctx.folders.tiny.dir);

let main = null;
let mainStarting = null;
// Memoised, failure included: a server that cannot start fails every workload at once, not
// after a start-up timeout each.
ctx.server = () =>
  (mainStarting ??= startServer({ label: 'main' }).then((server) => {
    main = server;
    ctx.cleanup.push(() => server.stop());
    return server;
  }));
ctx.ensureProject = async (name) => {
  if (ctx.projects.has(name)) return;
  await createProject(await ctx.server(), name, ctx.folders[name].dir);
  ctx.projects.add(name);
};

async function cleanup() {
  for (const step of ctx.cleanup.splice(0).reverse()) await step().catch(() => undefined);
  fs.rmSync(ctx.tmp, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanup().finally(() => process.exit(130)));

// The floor goes first: it needs a server with no project yet.
const plan = [
  ['floor', floor, [...selected].some((w) => w !== 'W5' && w !== 'W7' && w !== 'W8')],
  ['W1', w1, selected.has('W1')],
  ['W2', w2, selected.has('W2')],
  ['W3', w3, selected.has('W3')],
  ['W4', w4, selected.has('W4')],
  ['stop main server', async () => main && (await main.stop()), true],
  // Servers of its own, one per format, so each peak RSS is that export's alone.
  ['W4 datasets', w4Datasets, selected.has('W4')],
  ['W6', w6, selected.has('W6')],
  // The team server's store: a PostgreSQL and a Labelport server of its own.
  ['PG', pgStore, selected.has('PG')],
  ['W5', w5, selected.has('W5')],
  ['W7', w7, selected.has('W7')],
  ['W8', w8, selected.has('W8')],
];
const results = {};
let failures = 0;
try {
  for (const [key, run, wanted] of plan) {
    if (!wanted) continue;
    const t0 = Date.now();
    try {
      const result = await run(ctx);
      if (!result?.title) continue;
      results[key] = { ...result, seconds: (Date.now() - t0) / 1000 };
      if (result.skipped) console.log(`\n${result.title}: ${result.skipped}`);
      else printTable(`${result.title}  [${((Date.now() - t0) / 1000).toFixed(0)} s]`, result.rows);
    } catch (error) {
      failures++;
      results[key] = { error: String(error?.stack ?? error) };
      console.log(`\n${key} FAILED: ${error?.stack ?? error}`);
      if (main?.output) console.log(`last server output:\n${main.output().slice(-2000)}`);
    }
  }
} finally {
  await cleanup();
}

const rows = Object.values(results).flatMap((result) => result.rows ?? []);
const buildsSeen = fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')) ? '' : ' (the build disappeared during the run: a `next build` ran meanwhile?)';
const seconds = (Date.now() - started) / 1000;
console.log(
  `\n${rows.filter((r) => r.pass === true).length} PASS, ${rows.filter((r) => r.pass === false).length} MISS, ${failures} failed workloads; ${seconds.toFixed(0)} s${buildsSeen}`,
);
if (args.json) {
  const report = {
    date: new Date(started).toISOString(),
    node: process.version,
    cpu,
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    quick: args.quick,
    sizes: SIZES,
    seconds,
    loadAverageBefore: loadBefore,
    workloads: results,
  };
  fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${args.json}`);
}
process.exit(failures ? 1 : 0);
