import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Core } from '@/server/core';
import { actAs } from '@/server/core/users/acting-user';
import { actorName, type Access, type Actor } from '@/server/core/users/actor';
import { invalidInput, isDomainError } from '@/server/core/errors';
import { domainDetail, isUnexpected, toRestFailure, toTrpcError } from './errors';
import { requireAccess } from './request-actor';
import type { DomainErrorData } from './schemas/error.schema';
import { escapeBarePercents } from '@/scripts/request-path.mjs';

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

/** Percent-decoding where a bare `%` is itself (scripts/request-path.mjs); the rest is bad input, never a 500. */
export function decodePathSegment(value: string): string {
  try {
    return decodeURIComponent(escapeBarePercents(value));
  } catch {
    throw invalidInput(`Malformed percent-encoding in path: ${value.slice(0, 80)}`);
  }
}

/** The REST path's parameters, decoded; undefined when the call has none to decode. */
async function decodedRestInput(ctx: ApiContext, meta: ProcedureMeta | undefined, getRawInput: () => Promise<unknown>) {
  const names = pathParameterNames(meta?.openapi?.path);
  if (ctx.transport !== 'rest' || names.length === 0) return undefined;
  const raw = await getRawInput();
  if (typeof raw !== 'object' || raw === null) return undefined;
  const decoded: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const name of names) {
    const value = decoded[name];
    if (typeof value === 'string') decoded[name] = decodePathSegment(value);
  }
  return decoded;
}

/** A thrown domain error becomes its tRPC error; anything else unexpected is logged, with the procedure's path. */
function mappedFailure(cause: unknown, path: string): unknown {
  if (isDomainError(cause)) return toTrpcError(cause);
  if (isUnexpected(cause)) console.error(`[labelport] ${path} failed:`, cause);
  return cause;
}

/**
 * Every procedure's one middleware, in this order: the caller's access (a procedure without an
 * access level is admin-only, so a new one is never open by oversight), the REST path's
 * parameters decoded strictly, the call run as the user (what it stores is recorded under their
 * name), and domain errors mapped on the way out, those of access and decoding included. One
 * step rather than three: tRPC copies a call's options four times a step, 13 µs a step in a
 * profile of the empty project list.
 */
const guardedCall = t.middleware(async ({ ctx, meta, path, getRawInput, next }) => {
  let result: Awaited<ReturnType<typeof next>>;
  try {
    if (!meta?.public) requireAccess({ team: ctx.team ?? false, actor: ctx.actor }, meta?.access ?? 'admin');
    const decoded = await decodedRestInput(ctx, meta, getRawInput);
    result = await actAs(actorName(ctx.actor), () => (decoded ? next({ getRawInput: async () => decoded }) : next()));
  } catch (cause) {
    throw mappedFailure(cause, path);
  }
  // A procedure's own failure comes back as a result: its cause is the domain error, if any.
  if (!result.ok && isDomainError(result.error.cause)) throw toTrpcError(result.error.cause);
  if (!result.ok && isUnexpected(result.error)) console.error(`[labelport] ${path} failed:`, result.error.cause ?? result.error);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
const procedure = t.procedure.use(guardedCall);
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
