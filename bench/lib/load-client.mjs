// The HTTP load generator. It runs as its own process (see load.mjs) so its event loop is never
// the one being measured; the spec arrives over IPC and the summary goes back the same way.
//
// spec: { origin, requests: [{ method, path, body }], connections, maxRequests, maxMs,
//         cycle (reuse the list; false = each request once, e.g. cold thumbnails),
//         check: 'status' | 'message1', warmup (untimed requests per connection) }
import http from 'node:http';
import { summarize } from './stats.mjs';

const TIMEOUT_MS = 30_000;
const MAX_ERROR_SAMPLES = 5;

function prepare(request) {
  const payload = request.body === undefined ? null : Buffer.from(typeof request.body === 'string' ? request.body : JSON.stringify(request.body));
  const headers = payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {};
  return { method: request.method ?? 'GET', path: request.path, payload, headers };
}

// Bodies can be megabytes (imgsrc): only small ones are parsed, big ones are checked by prefix.
function failure(check, status, body) {
  if (status !== 200) return `HTTP ${status}: ${body.subarray(0, 200).toString()}`;
  if (check !== 'message1') return null;
  if (body.length < 64 * 1024) {
    try {
      return JSON.parse(body.toString()).message === 1 ? null : `message !== 1: ${body.subarray(0, 200).toString()}`;
    } catch {
      return `not JSON: ${body.subarray(0, 200).toString()}`;
    }
  }
  return /"message"\s*:\s*1[,}]/.test(body.subarray(0, 256).toString()) ? null : `message !== 1: ${body.subarray(0, 200).toString()}`;
}

function send(agent, origin, request) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: origin.hostname, port: origin.port, method: request.method, path: request.path, headers: request.headers, agent },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
        res.on('error', (error) => resolve({ error }));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (error) => resolve({ error }));
    req.end(request.payload ?? undefined);
  });
}

async function run(spec) {
  const origin = new URL(spec.origin);
  const connections = spec.connections ?? 1;
  const requests = spec.requests.map(prepare);
  const cycle = spec.cycle ?? true;
  const limit = cycle ? spec.maxRequests : Math.min(spec.maxRequests, requests.length);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let stopped = false;
  process.on('message', (message) => {
    if (message === 'stop') stopped = true;
  });

  // Opens the sockets and lets the server JIT its route before the clock starts.
  const warmup = spec.warmup ?? 0;
  const warmupRequests = (spec.warmupRequests ?? (cycle ? spec.requests : [])).map(prepare);
  if (warmup > 0 && warmupRequests.length > 0) {
    await Promise.all(
      Array.from({ length: connections }, async (_, loop) => {
        for (let i = 0; i < warmup; i++) await send(agent, origin, warmupRequests[(loop * warmup + i) % warmupRequests.length]);
      }),
    );
  }

  const latencies = [];
  const errorSamples = [];
  let issued = 0;
  let errors = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(spec.maxMs * 1e6));
  const loop = async () => {
    while (!stopped && issued < limit && process.hrtime.bigint() < deadline) {
      const index = issued++;
      const request = requests[index % requests.length];
      const t0 = process.hrtime.bigint();
      const outcome = await send(agent, origin, request);
      latencies.push(Number(process.hrtime.bigint() - t0));
      const problem = outcome.error ? String(outcome.error.message) : failure(spec.check, outcome.status, outcome.body);
      if (outcome.body) bytes += outcome.body.length;
      if (problem) {
        errors++;
        if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(`${request.method} ${request.path}: ${problem}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return {
    connections,
    completed: latencies.length,
    errors,
    errorSamples,
    elapsedMs,
    rps: (latencies.length * 1000) / elapsedMs,
    bytes,
    latency: summarize(latencies),
  };
}

// The bench went away (Ctrl-C, crash): stop loading the server at once.
process.once('disconnect', () => process.exit(0));
process.once('message', (spec) => {
  run(spec).then(
    (result) => process.send({ result }, () => process.exit(0)),
    (error) => process.send({ error: String(error?.stack ?? error) }, () => process.exit(1)),
  );
});
