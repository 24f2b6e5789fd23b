// CPU time a server has used (its process and any under it), read from /proc. Per request it
// is the server's own cost: requests per second also carry the load client's share of this
// machine's two cores and the VM's drift, which blur a 10% difference between servers.
import fs from 'node:fs';
import { descendants } from './server.mjs';

// USER_HZ: /proc/<pid>/stat counts CPU time in ticks of 10 ms on Linux.
const TICK_MICROS = 10_000;

/** User + system CPU time of pid and its descendants, in µs; NaN where /proc cannot be read. */
export function cpuMicros(pid) {
  let ticks = 0;
  for (const each of [pid, ...descendants(pid)]) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${each}/stat`, 'utf8');
    } catch {
      return NaN;
    }
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MICROS;
}

/** Runs measure() and adds the server's CPU µs per completed request to its result. */
export async function withCpuPerRequest(pid, measure) {
  const before = cpuMicros(pid);
  const run = await measure();
  return { ...run, cpuPerRequestMicros: (cpuMicros(pid) - before) / run.completed };
}

/**
 * Resolves once the server has used under 5% of a core for two half-second looks in a row (or
 * after maxMs): background work another workload left queued (hashes of the thumbnails W2 asked
 * for) would otherwise share the cores with whichever side of a paired round runs first.
 */
export async function waitForIdle(pid, maxMs = 60_000) {
  const INTERVAL_MS = 500;
  const started = Date.now();
  let calm = 0;
  let last = cpuMicros(pid);
  while (calm < 2 && Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    const now = cpuMicros(pid);
    calm = Number.isNaN(now) || now - last < 0.05 * INTERVAL_MS * 1000 ? calm + 1 : 0;
    last = now;
  }
  return Date.now() - started;
}
