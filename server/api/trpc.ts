import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Core } from '@/server/core';
import type { Actor } from '@/server/core/users/actor';
import { invalidInput, isDomainError } from '@/server/core/errors';
import { domainDetail, isUnexpected, toRestFailure, toTrpcError } from './errors';
import type { DomainErrorData } from './schemas/error.schema';

export interface ApiContext {
  core: Core;
  /** REST requests carry percent-encoded path parameters; tRPC calls carry plain strings. */
  transport: 'rest' | 'trpc';
  /** The signed-in user or token owner in team mode; null in the local single-user mode. */
  actor: Actor | null;
}

const t = initTRPC
  .context<ApiContext>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter: ({ shape, error }) => ({
      ...shape,
      data: {
        ...shape.data,
        envelope: toRestFailure(error).body,
        domain: domainDetail(error) satisfies DomainErrorData | null,
        stack: undefined,
      },
    }),
  });

const pathParameterNames = (path: string | undefined) => [...(path ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

/** Strict percent-decoding; malformed text is bad input, never a 500. */
export function decodePathSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalidInput(`Malformed percent-encoding in path: ${value.slice(0, 80)}`);
  }
}

const decodeRestPath = t.middleware(async ({ ctx, meta, getRawInput, next }) => {
  const names = pathParameterNames(meta?.openapi?.path);
  if (ctx.transport !== 'rest' || names.length === 0) return next();
  const raw = await getRawInput();
  if (typeof raw !== 'object' || raw === null) return next();
  const decoded: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const name of names) {
    const value = decoded[name];
    if (typeof value === 'string') decoded[name] = decodePathSegment(value);
  }
  return next({ getRawInput: async () => decoded });
});

const mapDomainErrors = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (isDomainError(cause)) throw toTrpcError(cause);
    if (isUnexpected(result.error)) console.error(`[labelport] ${path} failed:`, cause ?? result.error);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
// Order matters: errors from decoding are domain errors too.
export const procedure = t.procedure.use(mapDomainErrors).use(decodeRestPath);

type RestMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** meta.openapi of a procedure: its REST method and path, and its entry in the document. */
export const restMeta = (method: RestMethod, path: `/${string}`, summary: string): OpenApiMeta => ({
  openapi: { method, path, summary, protect: false },
});
