// Runs before every request. A local server with file-system access is a target for any web
// page the user opens, so only local Hosts (DNS rebinding) and local Origins (drive-by pages)
// get through; a client app on another local port is allowed by CORS.
import { NextResponse, type NextRequest } from 'next/server';

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const UI_PREFIXES = ['/projects/', '/_next/', '/api/trpc/', '/api/image/', '/favicon', '/icon', '/labelport-'];
const UI_PATHS = new Set(['/', '/openapi.json', '/robots.txt']);

export const REST_PATH_HEADER = 'x-labelport-rest-path';

function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

function isLocalOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTNAMES.has(url.hostname);
  } catch {
    return false;
  }
}

const refuse = (message: string) =>
  NextResponse.json({ message: 0, error_code: 1, error_message: message }, { status: 403 });

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, PUT, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Cache-Control, Pragma',
    Vary: 'Origin',
  };
}

export function proxy(request: NextRequest) {
  const host = request.headers.get('host') ?? '';
  if (!LOCAL_HOSTNAMES.has(hostnameOf(host).toLowerCase())) return refuse('Requests must address this machine (localhost)');
  const origin = request.headers.get('origin');
  if (origin !== null && !isLocalOrigin(origin)) return refuse('Requests from other sites are refused');
  // <img>, <script> and form posts from other sites send no Origin on GET; the browser still
  // says where they come from. Typed URLs and links (navigations) stay allowed.
  if (origin === null && request.headers.get('sec-fetch-site') === 'cross-site' && request.headers.get('sec-fetch-mode') !== 'navigate') {
    return refuse('Requests from other sites are refused');
  }
  const cors = origin ? corsHeaders(origin) : {};

  if (request.method === 'OPTIONS') return new NextResponse(null, { status: 204, headers: cors });

  const url = new URL(request.url);
  const isUi = UI_PATHS.has(url.pathname) || UI_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
  if (isUi) {
    const response = NextResponse.next();
    for (const [key, value] of Object.entries(cors)) response.headers.set(key, value);
    return response;
  }
  // Every other path is the REST interface: unknown ones answer the JSON envelope, not HTML.
  const headers = new Headers(request.headers);
  headers.set(REST_PATH_HEADER, url.pathname + url.search);
  const response = NextResponse.rewrite(new URL('/api/rest', request.url), { request: { headers } });
  for (const [key, value] of Object.entries(cors)) response.headers.set(key, value);
  return response;
}
