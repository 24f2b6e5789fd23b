import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export function hasBuild(): boolean;
export function freePort(): Promise<number>;
export function spawnServer(env: Record<string, string>, options?: { script?: string }): ChildProcess;

export interface BuiltServer {
  child: ChildProcess;
  pid: number | undefined;
  port: number;
  url: string;
  dataDir: string;
  /** How long start-up took, in ms. */
  startMs: number;
  output(): string;
  /** Resolves with the exit code of the start script (null when killed by a signal). */
  exited: Promise<number | null>;
  /** kill -9 of the start script and its `next start` child at once, like a power cut. */
  kill9(): Promise<void>;
  /** Sends a signal to the start script only, as `kill <pid>` or a service manager would. */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then kill -9 after 10 s; resolves when the whole group is gone. */
  stop(): Promise<void>;
}

export function startBuiltServer(options?: { dataDir?: string; env?: Record<string, string>; script?: string; label?: string }): Promise<BuiltServer>;
