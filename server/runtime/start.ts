import { DataDirLockedError } from '@/server/db/database';
import { readEnv } from '@/server/env';
import { getCore, peekCore } from './core-singleton';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export async function startServerRuntime(): Promise<void> {
  const env = readEnv();
  if (!LOCAL_HOSTS.has(env.HOST)) {
    console.warn(
      `\n[labelport] WARNING: listening on ${env.HOST}, not 127.0.0.1. Labelport reads and moves files on this\n` +
        '[labelport] machine; anyone who can reach this address can use it. Set HOST=127.0.0.1 unless you mean it.\n',
    );
  }
  try {
    await getCore();
  } catch (error) {
    console.error(`[labelport] ${error instanceof DataDirLockedError ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`[labelport] data in ${env.DATA_DIR}`);
  const shutdown = (signal: string) => {
    const core = peekCore();
    console.log(`[labelport] ${signal}: stopping jobs and closing the database`);
    // Last resort: a stuck close must not keep a stopped server alive.
    setTimeout(() => process.exit(1), 10_000).unref();
    void (core ? core.then((opened) => opened.close()) : Promise.resolve()).finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
