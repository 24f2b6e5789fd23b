// `npm start`: Next's production server on HOST:PORT, in this very process (no child), so a
// signal or a kill -9 reaches the server itself and never leaves an orphan holding DATA_DIR.
// next start ignores HOSTNAME, so the host goes in -H.
import http from 'node:http';
import { createRequire } from 'node:module';
import { isRestTarget, MALFORMED_PATH_BODY, normaliseRequestTarget, REST_ENTRY_PATH, REST_TARGET_HEADER } from './request-path.mjs';

const require = createRequire(import.meta.url);
const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '9999';
process.env.NEXT_TELEMETRY_DISABLED = '1';
// Next would exit(143) on SIGTERM before the database is checkpointed and closed;
// server/runtime/start.ts handles SIGTERM and SIGINT instead.
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';
// Node closes a connection idle for 5 s; a client reusing it at that moment meets a reset
// (ECONNRESET on a GET in CI: Playwright's request context keeps connections longer). Local
// clients keep theirs open between calls; a minute of idle is still closed.
const KEEP_ALIVE_MS = '60000';
process.argv = [process.argv[0] ?? process.execPath, require.resolve('next/dist/bin/next'), 'start', '-H', host, '-p', port, '--keepAliveTimeout', KEEP_ALIVE_MS];
// Next creates its HTTP server itself; its listener gets each request's path made routable first,
// and a classifai REST call sent to the interface's static route (scripts/request-path.mjs says why).
const createServer = http.createServer;
http.createServer = (...args) => {
  const listener = args.at(-1);
  if (typeof listener !== 'function') return createServer(...args);
  return createServer(...args.slice(0, -1), (request, response) => {
    const target = normaliseRequestTarget(request.url ?? '/');
    if (target === null) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(MALFORMED_PATH_BODY);
      return;
    }
    // Only this listener says where a REST call was going: a client's own header is dropped.
    if (REST_TARGET_HEADER in request.headers) delete request.headers[REST_TARGET_HEADER];
    if (isRestTarget(target)) {
      request.headers[REST_TARGET_HEADER] = target;
      request.url = REST_ENTRY_PATH;
    } else {
      request.url = target;
    }
    listener(request, response);
  });
};
require('next/dist/bin/next');
