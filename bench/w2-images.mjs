// W2 images on `photo`: thumbnails cold (each uuid once) at 1/2/4 connections against sharp alone
// at the same concurrency, in paired rounds; cached thumbnails at 10 connections against the
// framework floor and a bare server sending the same bytes; imgsrc at 4 connections against a
// bare Next route handler (and bare node:http) doing the same read + base64.
import path from 'node:path';
import sharp from 'sharp';
import { call, coldThumbnails, imagePaths, loadProject } from './lib/api.mjs';
import { startBare } from './lib/bare-server.mjs';
import { runLoad, warmPath } from './lib/load.mjs';
import { startNextFloor } from './lib/next-floor.mjs';
import { row } from './lib/report.mjs';
import { alternatingRounds, combinedRounds, pairedMedian, timedPool } from './lib/stats.mjs';
import { errorsNote } from './floor.mjs';

const COLD_SHARES = { 1: 0.2, 2: 0.3, 4: 0.5 };

const thumbPath = (name, uuid) => `/bndbox/projects/${name}/uuid/${uuid}/thumbnail`;

export async function w2(ctx) {
  const name = 'photo';
  const server = await ctx.server();
  await ctx.ensureProject(name);
  const uuids = await loadProject(server, name);
  // Loading starts the background pre-generation: stopped and undone, so this measures cold.
  await coldThumbnails(server, name);
  const relPaths = await imagePaths(server, name, uuids.length);
  const fileOf = (uuid) => path.join(ctx.folders[name].dir, relPaths.get(uuid));

  // One uuid is spent warming the route (module load, sharp init); the rest are split so every
  // concurrency level gets uuids no one has asked for yet. The route is then warmed as the
  // floor is (floor.mjs), by asking for that one thumbnail (cached after the first) again: one
  // request had left the cold runs timing a path V8 had not optimised yet.
  const [warmUuid, ...cold] = uuids;
  await call(`${server.url}${thumbPath(name, warmUuid)}`);
  await warmPath(ctx, server.url, thumbPath(name, warmUuid));
  const rows = [];
  const raw = { cold: {} };
  let start = 0;
  // Each level's uuids in rounds, ours and sharp alone side by side (alternatingRounds).
  const rounds = ctx.quick ? 3 : 5;
  const thumbnailAlone = (file) => sharp(file).rotate().resize(100, 100, { fit: 'inside' }).png().toBuffer();
  for (const connections of [1, 2, 4]) {
    const share = connections === 4 ? cold.length - start : Math.floor(cold.length * COLD_SHARES[connections]);
    const batch = cold.slice(start, start + share);
    start += share;
    const perRound = Math.ceil(batch.length / rounds);
    const measured = await alternatingRounds(rounds, ['server', 'sharp'], (side, round) => {
      const part = batch.slice(round * perRound, (round + 1) * perRound);
      if (side === 'sharp') return timedPool(part.map(fileOf), connections, thumbnailAlone);
      return runLoad({
        origin: server.url,
        requests: part.map((uuid) => ({ path: thumbPath(name, uuid) })),
        cycle: false,
        connections,
        maxRequests: part.length,
        maxMs: 120_000,
        check: 'message1',
      });
    });
    const served = combinedRounds(measured.server);
    const alone = combinedRounds(measured.sharp);
    const ratio = pairedMedian(measured.server, measured.sharp, (ours, sharpRun) => ours.rps / sharpRun.rps);
    const p50Over = pairedMedian(measured.server, measured.sharp, (ours, sharpRun) => ours.latency.p50 - sharpRun.latency.p50);
    raw.cold[connections] = { server: served, sharp: alone, ratio, p50Over };
    const roundsNote = `median of ${rounds} paired rounds`;
    rows.push(
      row(`thumbnail cold @${connections} img/s (${batch.length})`, {
        figure: served.rps,
        baseline: alone.rps,
        unit: 'img/s',
        baselineLabel: 'sharp alone',
        ratio,
        target: '>= 0.80x',
        pass: served.errors === 0 && ratio >= 0.8,
        note: [errorsNote(served), roundsNote].filter(Boolean).join('; '),
      }),
      row(`thumbnail cold @${connections} p50`, {
        figure: served.latency.p50,
        baseline: alone.latency.p50,
        unit: 'ms',
        target: '<= sharp p50 + 1 ms',
        pass: p50Over <= 1,
        note: `${p50Over.toFixed(2)} ms over sharp, ${roundsNote}`,
      }),
    );
  }

  // Cached: every uuid has a thumbnail now. The bare server sends one real thumbnail body.
  const sample = await (await fetch(`${server.url}${thumbPath(name, warmUuid)}`)).text();
  const files = uuids.map(fileOf);
  const bare = await startBare({ routes: { '/thumb': sample }, files });
  const next = await startNextFloor({ meta: sample, files });
  try {
    const cachedSpec = {
      connections: 10,
      maxRequests: ctx.quick ? 2000 : 6000,
      maxMs: ctx.quick ? 8000 : 15_000,
      check: 'message1',
      warmup: 5,
    };
    const cached = await runLoad({ ...cachedSpec, origin: server.url, requests: uuids.map((uuid) => ({ path: thumbPath(name, uuid) })) });
    const bareThumb = await runLoad({ ...cachedSpec, origin: bare.url, requests: [{ path: '/thumb' }] });
    const floor10 = ctx.floor[10];
    raw.cached = { server: cached, bare: bareThumb, floor: floor10 };
    rows.push(
      row('thumbnail cached @10 req/s', {
        figure: cached.rps,
        baseline: floor10.rps,
        unit: 'req/s',
        baselineLabel: 'framework floor',
        target: '>= 0.90x',
        pass: cached.errors === 0 && cached.rps >= 0.9 * floor10.rps,
        note: errorsNote(cached),
      }),
      row('thumbnail cached @10 vs bare', { figure: cached.rps, baseline: bareThumb.rps, unit: 'req/s', baselineLabel: 'bare node:http' }),
      row('thumbnail cached @10 p99', { figure: cached.latency.p99, baseline: floor10.latency.p99, unit: 'ms', baselineLabel: 'floor' }),
    );

    const sourceSpec = { connections: 4, maxRequests: ctx.quick ? 300 : 1000, maxMs: ctx.quick ? 8000 : 15_000, check: 'message1', warmup: 2 };
    const source = await runLoad({
      ...sourceSpec,
      origin: server.url,
      requests: uuids.map((uuid) => ({ path: `/bndbox/projects/${name}/uuid/${uuid}/imgsrc` })),
    });
    const fileRequests = files.map((_, index) => ({ path: `/img/${index}` }));
    const bareSource = await runLoad({ ...sourceSpec, origin: bare.url, requests: fileRequests });
    // Next JITs its route on the first requests, as ours did during the floor's warm-up.
    await runLoad({ ...sourceSpec, origin: next.url, requests: fileRequests, maxRequests: 200 });
    const nextSource = await runLoad({ ...sourceSpec, origin: next.url, requests: fileRequests });
    raw.imgsrc = { server: source, bare: bareSource, next: nextSource };
    rows.push(
      row('imgsrc @4 req/s', {
        figure: source.rps,
        baseline: nextSource.rps,
        unit: 'req/s',
        baselineLabel: 'bare Next',
        target: '>= 0.80x',
        pass: source.errors === 0 && source.rps >= 0.8 * nextSource.rps,
        note: errorsNote(source),
      }),
      row('imgsrc @4 p50', { figure: source.latency.p50, baseline: nextSource.latency.p50, unit: 'ms', baselineLabel: 'bare Next' }),
      row('imgsrc @4 vs node:http', { figure: source.rps, baseline: bareSource.rps, unit: 'req/s', baselineLabel: 'bare node:http' }),
      row('imgsrc @4 MB/s', { figure: source.bytes / 1e3 / source.elapsedMs, baseline: nextSource.bytes / 1e3 / nextSource.elapsedMs, unit: 'MB/s', baselineLabel: 'bare Next' }),
    );
  } finally {
    await bare.stop();
    await next.stop();
  }
  ctx.uuids.set(name, uuids);
  return { title: `W2 images on photo (${uuids.length} JPEGs): thumbnail and imgsrc`, rows, raw };
}
