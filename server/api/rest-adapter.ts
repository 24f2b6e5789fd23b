// The REST face: every classifai path is a tRPC procedure served by trpc-to-openapi. This is
// the one file that knows that library's traps and fixes each once:
// - the handler is built once per process (it validates the whole router when built);
// - an empty PUT body becomes {} (the library answers 415), and JSON is parsed here so a
//   malformed body gets our envelope;
// - DELETE bodies are merged into the input (the library reads only the query), and a body
//   scalar where the schema wants a list is refused: the library would wrap it into a list;
// - failures are rewritten into {message: 0, error_code, error_message} (the library writes
//   its own message/code/issues over the formatted error).
// - a body may not contradict the path: the library lets path parameters silently win over
//   body fields of the same name (the classifai update body repeats the image uuid).
// Path parameters are decoded strictly by the guardedCall middleware in trpc.ts.
import { createOpenApiNodeHttpHandler, type OpenApiMeta } from 'trpc-to-openapi';
import type { Core } from '@/server/core';
import { envelope, ERROR_CODES, isUnexpected, toRestFailure, type RestFailure } from './errors';
import { readBody } from './read-body';
import type { RequestIdentity } from './request-actor';
import { appRouter } from './root';

/** Uploads (add images, inline annotation imports) carry files; every other body is small. */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;
export const MAX_SMALL_BODY_BYTES = 16 * 1024 * 1024;
const CARRIES_FILES = /\/(add|import\/[^/]+)\/?$/i;

interface RouteTemplate {
  method: string;
  pattern: RegExp;
  names: string[];
  /** Input fields declared as lists, optional or not. */
  listFields: Set<string>;
}

interface ZodLike {
  def?: { type?: string; shape?: Record<string, ZodLike>; innerType?: ZodLike };
}

// Read from the schema's definition, not by instanceof: the same test the library makes
// when it wraps a lone query value into a list.
function listFields(input: ZodLike | undefined): Set<string> {
  const fields = new Set<string>();
  for (const [key, field] of Object.entries(input?.def?.type === 'object' ? (input.def.shape ?? {}) : {})) {
    let inner: ZodLike | undefined = field;
    while (inner?.def?.type === 'optional' || inner?.def?.type === 'nullable' || inner?.def?.type === 'default') inner = inner.def.innerType;
    if (inner?.def?.type === 'array') fields.add(key);
  }
  return fields;
}

/** The same table the library matches with: declaration order, case-insensitive. */
function routeTemplates(): RouteTemplate[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta; inputs: ZodLike[] } }>;
  return Object.values(procedures).flatMap((procedure) => {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) return [];
    const names = [...openapi.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
    const source = openapi.path.replace(/^\/|\/$/g, '').replace(/\{(\w+)\}/g, '([^/]+)');
    return [{ method: openapi.method, pattern: new RegExp(`^/${source}$`, 'i'), names, listFields: listFields(procedure._def.inputs[0]) }];
  });
}

const normalizePath = (pathname: string) => `/${pathname.replace(/^\/|\/$/g, '')}`;

function findRoute(templates: RouteTemplate[], method: string, pathname: string): RouteTemplate | undefined {
  const normalized = normalizePath(pathname);
  return templates.find((template) => template.method === method && template.pattern.test(normalized));
}

// classifai echoes the thumbnail record's project_name in update bodies and ignores it; a
// record read before a project rename must still save.
const INFORMATIONAL_BODY_FIELDS = new Set(['project_name']);

function bodyContradictsPath(templates: RouteTemplate[], method: string, pathname: string, body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const normalized = normalizePath(pathname);
  const route = findRoute(templates, method, pathname);
  const values = route ? normalized.match(route.pattern) : null;
  for (const [index, name] of (route?.names ?? []).entries()) {
    if (INFORMATIONAL_BODY_FIELDS.has(name)) continue;
    const inBody = (body as Record<string, unknown>)[name];
    let inPath = values?.[index + 1] ?? '';
    try {
      inPath = decodeURIComponent(inPath);
    } catch {
      return null; // the decoding middleware answers this one
    }
    if (inBody !== undefined && inBody !== inPath) return `The body's ${name} differs from the path's`;
  }
  return null;
}

type NodeHandler = ReturnType<typeof createOpenApiNodeHttpHandler>;
type NodeRequest = Parameters<NodeHandler>[0];
type NodeResponse = Parameters<NodeHandler>[1];

const failures = new WeakMap<object, unknown>();
const identities = new WeakMap<object, RequestIdentity>();
const LOCAL_IDENTITY: RequestIdentity = { team: false, actor: null };

const jsonResponse = (failure: RestFailure) =>
  new Response(JSON.stringify(failure.body), { status: failure.status, headers: { 'content-type': 'application/json' } });

export function createRestHandler(getCore: () => Promise<Core>) {
  const handler: NodeHandler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: async ({ req }: { req: object }) => ({ core: await getCore(), transport: 'rest' as const, ...(identities.get(req) ?? LOCAL_IDENTITY) }),
    onError: ({ error, req, path }) => {
      failures.set(req, error);
      if (isUnexpected(error)) console.error(`[labelport] REST ${path ?? '?'} failed:`, error.cause ?? error);
    },
  });

  const templates = routeTemplates();

  /** restPath: the REST path as the client sent it (percent-encoded), with its query; identity: who asks (request-actor.ts). */
  return async function handleRest(request: Request, restPath: string, identity: RequestIdentity = LOCAL_IDENTITY): Promise<Response> {
    // Built from the path alone: '//host/...' or '/\\host' must not become another URL's host.
    let url: URL;
    try {
      url = new URL(`http://localhost${restPath.startsWith('/') ? '' : '/'}${restPath}`);
    } catch {
      return jsonResponse(envelope(404, ERROR_CODES.noAction, 'No such endpoint'));
    }
    if (url.host !== 'localhost') return jsonResponse(envelope(404, ERROR_CODES.noAction, 'No such endpoint'));
    const method = request.method.toUpperCase();
    let body: unknown = undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const limit = CARRIES_FILES.test(url.pathname) ? MAX_BODY_BYTES : MAX_SMALL_BODY_BYTES;
      const tooLarge = () => jsonResponse(envelope(413, ERROR_CODES.badParam, `Request body larger than ${limit / 2 ** 20} MiB`));
      const bytes = await readBody(request, limit);
      if (bytes === null) return tooLarge();
      // As request.text() decodes: UTF-8, a leading BOM dropped.
      const text = new TextDecoder().decode(bytes);
      try {
        body = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
      } catch {
        return jsonResponse(envelope(400, ERROR_CODES.badParam, 'Request body is not valid JSON'));
      }
    }
    const contradiction = bodyContradictsPath(templates, method, url.pathname, body);
    if (contradiction) return jsonResponse(envelope(400, ERROR_CODES.badParam, contradiction));
    let query: Record<string, unknown[]> | undefined;
    if (method === 'DELETE') {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return jsonResponse(envelope(400, ERROR_CODES.badParam, 'Request body must be a JSON object'));
      }
      // A JSON body says what is a list; the library would turn uuid_list: "<uuid>" into
      // ["<uuid>"]. The query string keeps the library's reading (OpenAPI's form style: a
      // lone ?uuid_list=x is a one-element list), as the document describes these fields.
      const lists = findRoute(templates, method, url.pathname)?.listFields;
      const scalar = Object.entries(body).find(([key, value]) => lists?.has(key) && !Array.isArray(value));
      if (scalar) return jsonResponse(envelope(400, ERROR_CODES.badParam, `${scalar[0]}: must be a list`));
      // Wrapped in arrays: the library unwraps one-element query arrays.
      query = {};
      url.searchParams.forEach((value, key) => (query![key] ??= []).push(value));
      for (const [key, value] of Object.entries(body)) query[key] = [value];
    }
    // The library reads `body` and `query` from the request and caches its parsed query on it;
    // it sees our URL and a JSON content type, and the client's own request underneath (its
    // abort signal). A new Request here cost as much as the rest of the adapter.
    const forwardedHeaders = new Headers({ 'content-type': 'application/json' });
    const nodeRequest = new Proxy(request, {
      get(target, property) {
        if (property === 'body') return body;
        if (property === 'query') return query;
        if (property === 'url') return url.href;
        if (property === 'method') return method;
        if (property === 'headers') return forwardedHeaders;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
      set(_target, property, value: unknown) {
        if (property === 'query') query = value as Record<string, unknown[]>;
        return true;
      },
    });

    identities.set(nodeRequest, identity);
    return new Promise<Response>((resolve) => {
      const headers = new Headers();
      let status = 200;
      const response = {
        setHeader: (key: string, value: string | string[]) => {
          for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
        },
        get statusCode() {
          return status;
        },
        set statusCode(code: number) {
          status = code;
        },
        end: (payload?: string) => {
          if (failures.has(nodeRequest)) {
            resolve(jsonResponse(toRestFailure(failures.get(nodeRequest))));
            return;
          }
          headers.set('content-type', 'application/json');
          resolve(new Response(payload ?? null, { status, headers }));
        },
      };
      handler(nodeRequest as unknown as NodeRequest, response as unknown as NodeResponse).catch((error: unknown) => {
        console.error('[labelport] REST adapter failed:', error);
        resolve(jsonResponse(toRestFailure(error)));
      });
    });
  };
}
