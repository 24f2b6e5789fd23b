// Runs before the pages and Next's own files, and refuses what does not come from this machine
// (server/api/local-only.ts says why). The hot routes (REST: everything else, tRPC, image
// bytes) run the same gate themselves (servedLocally), so that Next's middleware pass is not
// paid on every call.
import { NextResponse, type NextRequest } from 'next/server';
import { checkLocal, refusalBody } from '@/server/api/local-only';

export const config = {
  matcher: [
    '/',
    '/projects/:path*',
    '/signin',
    '/admin/:path*',
    '/api/auth/:path*',
    '/_next/:path*',
    '/api/export/:path*',
    '/openapi.json',
    '/robots.txt',
    '/(favicon|icon|labelport-)(.*)',
  ],
};

export function proxy(request: NextRequest) {
  const verdict = checkLocal(request.headers);
  if ('refused' in verdict) return NextResponse.json(refusalBody(verdict.refused), { status: 403 });
  if (request.method === 'OPTIONS') return new NextResponse(null, { status: 204, headers: verdict.cors });
  const response = NextResponse.next();
  for (const [key, value] of Object.entries(verdict.cors)) response.headers.set(key, value);
  return response;
}
