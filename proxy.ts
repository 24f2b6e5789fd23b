// Runs before the pages and Next's own files, and refuses what does not come from this machine
// (server/api/local-only.ts says why). The hot routes (REST: everything else, tRPC, image
// bytes) run the same gate themselves (servedLocally), so that Next's middleware pass is not
// paid on every call.
import { NextResponse, type NextRequest } from 'next/server';
import { checkLocal, isPagePath, refusalBody } from '@/server/api/local-only';

// One pattern, not a list: Next tries each listed pattern on every request, building its
// RegExp anew each time, and a REST path fails all of them (10 patterns were 20 µs a request).
export const config = {
  matcher: [
    '/:path((?:projects|admin|api/auth|api/export|_next)(?:/.*)?|signin|openapi\\.json|robots\\.txt|(?:favicon|icon|labelport-|index).*)?',
  ],
};

export function proxy(request: NextRequest) {
  const verdict = checkLocal(request.headers, isPagePath(request.nextUrl.pathname));
  if ('refused' in verdict) return NextResponse.json(refusalBody(verdict.refused), { status: 403 });
  if (request.method === 'OPTIONS') return new NextResponse(null, { status: 204, headers: verdict.cors });
  const response = NextResponse.next();
  for (const [key, value] of Object.entries(verdict.cors)) response.headers.set(key, value);
  return response;
}
