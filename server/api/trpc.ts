import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Core } from '@/server/core';
import { actAs } from '@/server/core/users/acting-user';
import { actorName, type Access, type Actor } from '@/server/core/users/actor';
import { invalidInput, isDomainError } from '@/server/core/errors';
import { domainDetail, isUnexpected, toRestFailure, toTrpcError } from './errors';
import { requireAccess } from './request-actor';
import type { DomainErrorData } from './schemas/error.schema';

export interface ApiContext {
  core: Core;
  /** REST requests carry percent-encoded path parameters; tRPC calls carry plain strings. */
  transport: 'rest' | 'trpc';
  /** Team mode (server/env.ts isTeamMode): every procedure needs an actor whose role allows it. */
  team?: boolean;
  /** The signed-in user or token owner in team mode; null in the local single-user mode. */
  actor: Actor | null;
}

/** A procedure's meta: its REST route, if any, and what a caller's role must allow. */
export type ProcedureMeta = OpenApiMeta & { access?: Access; public?: boolean };

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
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

// A procedure without an access level is treated as admin-only: a new one is never open by oversight.
// The user then acts for the rest of the call: what it stores is recorded under their name.
const enforceAccess = t.middleware(({ ctx, meta, next }) => {
  if (!meta?.public) requireAccess({ team: ctx.team ?? false, actor: ctx.actor }, meta?.access ?? 'admin');
  return actAs(actorName(ctx.actor), next);
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
// Order matters: errors from decoding and access are domain errors too.
const procedure = t.procedure.use(mapDomainErrors).use(enforceAccess).use(decodeRestPath);
/** Anyone, signed in or not (who am I, is this a team server): never data. */
export const publicProcedure = procedure.meta({ public: true });
/** Every role, viewers included: reads (and classifai's load/close, which only mark a session). */
export const readProcedure = procedure.meta({ access: 'read' });
/** Annotators and admins: annotations, labels, an image's split side. */
export const annotateProcedure = procedure.meta({ access: 'annotate' });
/** Admins: projects, images, imports, exports, choosers, users, settings. */
export const adminProcedure = procedure.meta({ access: 'admin' });

type RestMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** meta.openapi of a procedure: its REST method and path, and its entry in the document. */
export const restMeta = (method: RestMethod, path: `/${string}`, summary: string): OpenApiMeta => ({
  openapi: { method, path, summary, protect: false },
});
