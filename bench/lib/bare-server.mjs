// A bare node:http server answering the same bytes as Labelport: the "no framework" baseline.
// Run as a child process (startBare) so it gets a core of its own, like the real server.
//   fixed routes: { "/meta": "<body>" }      answered from memory
//   /img/<i>:     files[i] read from disk and sent as the imgsrc JSON, the same work the server does
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

export function startBare(config) {
  const child = fork(SELF, ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.once('message', ({ port }) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
    child.send(config);
  });
}

function serve({ routes = {}, files = [] }) {
  const fixed = new Map(Object.entries(routes).map(([route, body]) => [route, Buffer.from(body)]));
  const reply = (res, body) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  };
  const server = http.createServer(async (req, res) => {
    const body = fixed.get(req.url);
    if (body) return reply(res, body);
    const match = /^\/img\/(\d+)$/.exec(req.url ?? '');
    const file = match ? files[Number(match[1])] : undefined;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const bytes = await fs.readFile(file);
    reply(res, Buffer.from(`{"message":1,"img_src":"data:image/jpeg;base64,${bytes.toString('base64')}"}`));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  // Keep-alive sockets would hold close() open; the parent only stops us once its load is done.
  process.on('SIGTERM', () => setTimeout(() => process.exit(0), 200).unref());
}

if (process.argv[1] === SELF && process.argv[2] === '--serve') {
  process.once('message', serve);
  // The bench went away (Ctrl-C, crash): do not outlive it.
  process.once('disconnect', () => process.exit(0));
}
