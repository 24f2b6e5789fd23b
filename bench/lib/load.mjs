// Starts load-client.mjs in a child process and hands back its summary.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLIENT = fileURLToPath(new URL('./load-client.mjs', import.meta.url));

/** Returns { stop(), done }: stop() ends the run early (it still reports what it measured). */
export function startLoad(spec) {
  const child = fork(CLIENT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const done = new Promise((resolve, reject) => {
    child.once('message', (message) => (message.error ? reject(new Error(message.error)) : resolve(message.result)));
    child.once('exit', (code) => reject(new Error(`load client exited with ${code} before reporting`)));
  });
  child.send(spec);
  return {
    stop: () => {
      if (child.connected) child.send('stop');
    },
    done,
  };
}

export const runLoad = (spec) => startLoad(spec).done;

/**
 * Untimed requests before a measurement: a fresh Next server JITs and loads route chunks for
 * its first few thousand requests, so every figure held against the floor is warmed as it is.
 */
export const warmPath = (ctx, origin, path) =>
  runLoad({ origin, requests: [{ path }], connections: 2, maxRequests: 3000, maxMs: ctx.quick ? 4000 : 8000 });
