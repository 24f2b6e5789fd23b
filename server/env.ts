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
  LABELPORT_JOB_HEARTBEAT_MS: z.coerce.number().int().min(50).optional(),
  LABELPORT_JOB_STALE_MS: z.coerce.number().int().min(200).optional(),
});

export type LabelportEnv = z.infer<typeof envSchema> & { DATA_DIR: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): LabelportEnv {
  const parsed = envSchema.parse(source);
  return { ...parsed, DATA_DIR: path.resolve(/*turbopackIgnore: true*/ parsed.DATA_DIR ?? path.join(os.homedir(), '.labelport')) };
}
