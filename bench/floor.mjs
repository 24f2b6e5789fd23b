// The framework floor: GET /bndbox/projects/meta on a server with no project, next to a bare
// Next app (the same next version, one route handler) and a bare node:http server answering the
// same bytes. Ours must stay within 0.9x of bare Next: what Next itself costs is not ours to cut,
// everything above it (the proxy, the REST adapter, trpc-to-openapi) is. Every other workload's
// targets build on this floor.
import { call } from './lib/api.mjs';
import { startBare } from './lib/bare-server.mjs';
import { runLoad, warmPath } from './lib/load.mjs';
import { withCpuPerRequest } from './lib/process-cpu.mjs';
import { startNextFloor } from './lib/next-floor.mjs';
import { row } from './lib/report.mjs';
import { alternatingRounds, combinedRounds, median, pairedMedian } from './lib/stats.mjs';

const META = '/bndbox/projects/meta';

export async function floor(ctx) {
  const server = await ctx.server();
  const meta = await call(`${server.url}${META}`);
  if (meta.content?.length) throw new Error('the framework floor needs an empty server, measure it before creating projects');
  const body = JSON.stringify(meta);
  const bare = await startBare({ routes: { [META]: body } });
  const next = await startNextFloor({ meta: body });
  // Rounds side by side (alternatingRounds): this VM's speed drifts within a minute.
  const rounds = ctx.quick ? 3 : 5;
  const measure = (origin, connections, pid) =>
    withCpuPerRequest(pid, () => runLoad({
      origin,
      requests: [{ path: META }],
      connections,
      maxRequests: Math.round(((ctx.quick ? 1000 : 3000) * connections ** 0.5) / rounds),
      maxMs: (ctx.quick ? 5000 : 10_000) / rounds,
      check: 'message1',
      warmup: 20,
    }));
  // A fresh Next server JITs and loads route chunks for its first few thousand requests;
  // unwarmed, the floor would look several times slower than it is. Both Next servers get it.
  const warm = (origin) => warmPath(ctx, origin, META);
  await warm(server.url);
  await warm(next.url);
  const runs = {};
  const servers = { server: server.url, next: next.url, bare: bare.url };
  const pids = { server: server.pid, next: next.pid, bare: bare.pid };
  try {
    for (const connections of [1, 10]) {
      const measured = await alternatingRounds(rounds, ['server', 'next', 'bare'], (name) => measure(servers[name], connections, pids[name]));
      for (const name of Object.keys(servers)) {
        runs[`${name}${connections}`] = { ...combinedRounds(measured[name]), cpuPerRequestMicros: median(measured[name].map((run) => run.cpuPerRequestMicros)) };
      }
      runs[`ratio${connections}`] = pairedMedian(measured.server, measured.next, (ours, next) => ours.rps / next.rps);
      runs[`cpuRatio${connections}`] = pairedMedian(measured.server, measured.next, (ours, next) => ours.cpuPerRequestMicros / next.cpuPerRequestMicros);
    }
  } finally {
    await bare.stop();
    await next.stop();
  }
  ctx.floor = { 1: runs.server1, 10: runs.server10, bare1: runs.bare1, bare10: runs.bare10, next1: runs.next1, next10: runs.next10 };
  const rows = [];
  for (const connections of [1, 10]) {
    const s = runs[`server${connections}`];
    const n = runs[`next${connections}`];
    const b = runs[`bare${connections}`];
    rows.push(
      row(`meta (empty) @${connections} req/s`, {
        figure: s.rps,
        baseline: n.rps,
        unit: 'req/s',
        baselineLabel: 'bare Next',
        ratio: runs[`ratio${connections}`],
        target: '>= 0.90x',
        pass: s.errors === 0 && runs[`ratio${connections}`] >= 0.9,
        note: [errorsNote(s), `median of ${rounds} paired rounds`].filter(Boolean).join('; '),
      }),
      row(`meta (empty) @${connections} p50`, { figure: s.latency.p50, baseline: n.latency.p50, unit: 'ms', baselineLabel: 'bare Next' }),
      row(`meta (empty) @${connections} p99`, { figure: s.latency.p99, baseline: n.latency.p99, unit: 'ms', baselineLabel: 'bare Next' }),
      row(`meta (empty) @${connections} vs node:http`, { figure: s.rps, baseline: b.rps, unit: 'req/s', baselineLabel: 'bare node:http' }),
      // The servers' own CPU per request: what the ratio of req/s is made of, without the client's share of the cores.
      row(`meta (empty) @${connections} server CPU/request`, {
        figure: s.cpuPerRequestMicros,
        baseline: n.cpuPerRequestMicros,
        unit: 'µs',
        baselineLabel: 'bare Next',
        ratio: runs[`cpuRatio${connections}`],
        note: `median of ${rounds} paired rounds`,
      }),
    );
  }
  return { title: 'Framework floor: GET /bndbox/projects/meta on an empty server vs bare Next and bare node:http, same bytes', rows, raw: runs };
}

export const errorsNote = (run) => (run.errors ? `${run.errors} errors, e.g. ${run.errorSamples[0]}` : '');
