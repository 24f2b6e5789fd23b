// Nearest-rank percentiles: no interpolation, so a p99 is always a latency that happened.
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The middle value (the upper one of an even count): a p50 of a few samples, or of rounds. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The nearest-rank p95 of unsorted values: a frame or switch time that happened. */
export const p95 = (values) => percentile([...values].sort((a, b) => a - b), 95);

/**
 * The machine's speed drifts by tens of percent within a minute (a shared VM): sides measured
 * one after the other compare the minutes as much as the sides. So each side runs `rounds`
 * short rounds, the first two side by side in alternating order (any others after them), and
 * a ratio is the median of the rounds' ratios, each of a pair measured seconds apart.
 * measure(name, round) runs one side's round; returns each side's runs.
 */
export async function alternatingRounds(rounds, names, measure) {
  const measured = Object.fromEntries(names.map((name) => [name, []]));
  const [first, second, ...rest] = names;
  for (let round = 0; round < rounds; round++) {
    for (const name of [...(round % 2 ? [second, first] : [first, second]), ...rest]) measured[name].push(await measure(name, round));
  }
  return measured;
}

/** The median over rounds of what of(ours, theirs) makes of each round's pair. */
export const pairedMedian = (ours, theirs, of) => median(ours.map((run, round) => of(run, theirs[round])));

/** One server's rounds as one run: the median round's figures, every round's errors. */
export function combinedRounds(rounds) {
  const latency = {};
  for (const key of Object.keys(rounds[0].latency)) latency[key] = median(rounds.map((run) => run.latency[key]));
  return {
    rps: median(rounds.map((run) => run.rps)),
    latency,
    completed: rounds.reduce((sum, run) => sum + run.completed, 0),
    errors: rounds.reduce((sum, run) => sum + run.errors, 0),
    errorSamples: rounds.flatMap((run) => run.errorSamples ?? []),
    rounds: rounds.map((run) => ({ rps: run.rps, p50: run.latency.p50, p99: run.latency.p99 })),
  };
}

/** Latencies in ns in, a summary in ms out. */
export function summarize(latenciesNs) {
  const sorted = Float64Array.from(latenciesNs).sort();
  const ms = (ns) => ns / 1e6;
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    mean: ms(sorted.length ? sum / sorted.length : NaN),
    p50: ms(percentile(sorted, 50)),
    p90: ms(percentile(sorted, 90)),
    p95: ms(percentile(sorted, 95)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted.length ? sorted[sorted.length - 1] : NaN),
  };
}

/**
 * Runs fn over items with `concurrency` loops in this process, timing each call: the shape of
 * every library-alone baseline, so its figures line up with the load client's.
 */
export async function timedPool(items, concurrency, fn) {
  const latencies = [];
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      const t0 = process.hrtime.bigint();
      await fn(item);
      latencies.push(Number(process.hrtime.bigint() - t0));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { completed: latencies.length, errors: 0, elapsedMs, rps: (latencies.length * 1000) / elapsedMs, latency: summarize(latencies) };
}

/** Wall time of fn in ms. */
export async function timeMs(fn) {
  const t0 = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, value };
}
