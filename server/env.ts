import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(9999),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  LABELPORT_CHOOSER: z.string().optional(),
  // Set: the team server's PostgreSQL instead of DATA_DIR's SQLite file.
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL').optional(),
  // Team mode (sign-in, roles): 'required' turns it on; a HOST that is not a loopback address always does.
  LABELPORT_AUTH: z.enum(['required', 'off']).optional(),
  // The server's real names (comma-separated host names, e.g. labels.example.org) accepted as Host and Origin besides localhost.
  LABELPORT_ALLOWED_HOSTS: z.string().optional(),
  // Team mode: projects are made only from folders under these (separated by ':').
  LABELPORT_ROOTS: z.string().optional(),
  // How long a browser session lasts without use (team mode).
  LABELPORT_SESSION_TTL_MS: z.coerce.number().int().min(1000).optional(),
  // '1': X-Forwarded-For (set by the operator's proxy) names the client, for the sign-in limit per address.
  LABELPORT_TRUST_PROXY: z.enum(['0', '1']).optional(),
  LABELPORT_JOB_HEARTBEAT_MS: z.coerce.number().int().min(50).optional(),
  LABELPORT_JOB_STALE_MS: z.coerce.number().int().min(200).optional(),
});

export type LabelportEnv = z.infer<typeof envSchema> & { DATA_DIR: string };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Sign-in and roles are on: asked for, or the server listens beyond this machine (where "local" means nothing). */
export function isTeamMode(env: Pick<LabelportEnv, 'HOST' | 'LABELPORT_AUTH'>): boolean {
  if (env.LABELPORT_AUTH === 'required') return true;
  return !(LOOPBACK_HOSTS.has(env.HOST.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(env.HOST));
}

/** LABELPORT_ALLOWED_HOSTS as lower-case host names (no ports). */
export const allowedHosts = (env: Pick<LabelportEnv, 'LABELPORT_ALLOWED_HOSTS'>): string[] =>
  (env.LABELPORT_ALLOWED_HOSTS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);

/** LABELPORT_ROOTS as absolute paths; undefined when unset (local mode: any folder). */
export const projectRoots = (env: Pick<LabelportEnv, 'LABELPORT_ROOTS'>): string[] | undefined =>
  env.LABELPORT_ROOTS ? env.LABELPORT_ROOTS.split(':').filter(Boolean).map((root) => path.resolve(root)) : undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): LabelportEnv {
  const parsed = envSchema.parse(source);
  return { ...parsed, DATA_DIR: path.resolve(/*turbopackIgnore: true*/ parsed.DATA_DIR ?? path.join(os.homedir(), '.labelport')) };
}
