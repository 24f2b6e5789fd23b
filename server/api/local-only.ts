// The local-only gate, shared by proxy.ts (pages, tRPC, image bytes) and the REST route (which
// the proxy does not run for: Next's middleware pass doubled the cost of every REST call). A
// local server with file-system access is a target for any web page the user opens, so only
// local Hosts (DNS rebinding) and local Origins (drive-by pages) get through; a client app on
// another local port is allowed by CORS. A team server also answers to the names in
// LABELPORT_ALLOWED_HOSTS, and to pages of its own served under those names.
import { allowedHosts, readEnv } from '@/server/env';

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
let serverNames: Set<string> | undefined;

/** Local names and the server's real names: read once, the environment does not change. */
function acceptedHostnames(): Set<string> {
  serverNames ??= new Set([...LOCAL_HOSTNAMES, ...allowedHosts(readEnv())]);
  return serverNames;
}

function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

function isLocalOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && acceptedHostnames().has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Cache-Control, Pragma, Authorization',
    Vary: 'Origin',
  };
}

export type LocalVerdict = { refused: string } | { cors: Record<string, string> };

// The app's pages (app/**/page.tsx): what a link on another site may open.
const PAGE_PATH = /^\/(?:(?:projects|admin|signin)(?:\/.*)?)?$/;

/** Whether a navigation from another site may open this path: pages yes, API and REST paths no. */
export const isPagePath = (pathname: string) => PAGE_PATH.test(pathname);

/**
 * Who sent the request, from its headers: refused (with why) or allowed (with its CORS headers).
 * page: the path is a page (isPagePath), which links from other sites may open.
 */
export function checkLocal(headers: Headers, page = false): LocalVerdict {
  const host = headers.get('host') ?? '';
  if (!acceptedHostnames().has(hostnameOf(host).toLowerCase())) return { refused: 'Requests must address this machine (localhost) or a name in LABELPORT_ALLOWED_HOSTS' };
  const origin = headers.get('origin');
  if (origin !== null && !isLocalOrigin(origin)) return { refused: 'Requests from other sites are refused' };
  // <img>, <script> and form posts from other sites send no Origin on GET; the browser still
  // says where they come from. Links from other sites may open a page, but not an API or REST
  // path: a hidden <iframe> is a navigation too, and would run the call. Typed URLs and the
  // app's own links (the export download) are not cross-site.
  if (origin === null && headers.get('sec-fetch-site') === 'cross-site' && !(page && headers.get('sec-fetch-mode') === 'navigate')) {
    return { refused: 'Requests from other sites are refused' };
  }
  return { cors: origin ? corsHeaders(origin) : {} };
}

/** The JSON 403 a refused request gets, on every kind of path. */
export const refusalBody = (message: string) => ({ message: 0, error_code: 1, error_message: message });

/**
 * A route handler behind the gate, for the hot routes proxy.ts does not run for (REST, tRPC,
 * image bytes): Next's middleware pass costs more than the route's own work there. A refused
 * request answers 403, a preflight 204, and the answer of an allowed one carries its CORS headers.
 */
export async function servedLocally(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const verdict = checkLocal(request.headers);
  if ('refused' in verdict) return Response.json(refusalBody(verdict.refused), { status: 403 });
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: verdict.cors });
  const response = await handle();
  for (const [key, value] of Object.entries(verdict.cors)) response.headers.set(key, value);
  return response;
}
