import { DataDirLockedError } from '@/server/db/database';
import { allowedHosts, isTeamMode, readEnv } from '@/server/env';
import { getCore, peekCore } from './core-singleton';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export async function startServerRuntime(): Promise<void> {
  const env = readEnv();
  if (!LOCAL_HOSTS.has(env.HOST)) {
    // Beyond this machine team mode is always on: sign-in guards every request. Without the
    // server's real names only requests addressed to localhost pass the Host check.
    console.warn(
      `\n[labelport] Listening on ${env.HOST}, not 127.0.0.1: team mode, every request needs a signed-in user or token.\n` +
        (allowedHosts(env).length === 0 ? '[labelport] LABELPORT_ALLOWED_HOSTS is empty: only requests addressed to localhost are answered.\n' : ''),
    );
  } else if (isTeamMode(env)) {
    console.log('[labelport] team mode (LABELPORT_AUTH=required): every request needs a signed-in user or token');
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
