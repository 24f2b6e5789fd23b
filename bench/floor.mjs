// The framework floor: GET /bndbox/projects/meta on a server with no project, next to a bare
// node:http server answering the same bytes. Every other workload's targets build on it.
import { call } from './lib/api.mjs';
import { startBare } from './lib/bare-server.mjs';
import { runLoad } from './lib/load.mjs';
import { row } from './lib/report.mjs';

export async function floor(ctx) {
  const server = await ctx.server();
  const meta = await call(`${server.url}/bndbox/projects/meta`);
  if (meta.content?.length) throw new Error('the framework floor needs an empty server, measure it before creating projects');
  const bare = await startBare({ routes: { '/bndbox/projects/meta': JSON.stringify(meta) } });
  const measure = (origin, connections) =>
    runLoad({
      origin,
      requests: [{ path: '/bndbox/projects/meta' }],
      connections,
      maxRequests: Math.round((ctx.quick ? 1000 : 3000) * connections ** 0.5),
      maxMs: ctx.quick ? 5000 : 10_000,
      check: 'message1',
      warmup: 20,
    });
  // A fresh Next server JITs and loads route chunks for its first few thousand requests;
  // unwarmed, the floor would look several times slower than it is.
  await runLoad({ origin: server.url, requests: [{ path: '/bndbox/projects/meta' }], connections: 2, maxRequests: 3000, maxMs: ctx.quick ? 4000 : 8000 });
  const runs = {};
  try {
    for (const connections of [1, 10]) {
      runs[`server${connections}`] = await measure(server.url, connections);
      runs[`bare${connections}`] = await measure(bare.url, connections);
    }
  } finally {
    await bare.stop();
  }
  ctx.floor = { 1: runs.server1, 10: runs.server10, bare1: runs.bare1, bare10: runs.bare10 };
  const rows = [];
  for (const connections of [1, 10]) {
    const s = runs[`server${connections}`];
    const b = runs[`bare${connections}`];
    rows.push(
      row(`meta (empty) @${connections} req/s`, { figure: s.rps, baseline: b.rps, unit: 'req/s', baselineLabel: 'bare node:http', note: errorsNote(s) }),
      row(`meta (empty) @${connections} p50`, { figure: s.latency.p50, baseline: b.latency.p50, unit: 'ms' }),
      row(`meta (empty) @${connections} p99`, { figure: s.latency.p99, baseline: b.latency.p99, unit: 'ms' }),
    );
  }
  return { title: 'Framework floor: GET /bndbox/projects/meta on an empty server vs bare node:http, same bytes', rows, raw: runs };
}

export const errorsNote = (run) => (run.errors ? `${run.errors} errors, e.g. ${run.errorSamples[0]}` : '');
