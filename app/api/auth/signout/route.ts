import { checkLocal, refusalBody } from '@/server/api/local-only';
import { cameOverHttps, clearedSessionCookie, readSessionCookie } from '@/server/api/session-cookie';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  const verdict = checkLocal(request.headers);
  if ('refused' in verdict) return Response.json(refusalBody(verdict.refused), { status: 403 });
  const session = readSessionCookie(request.headers);
  if (session) await (await getCore()).users.signOut(session);
  return new Response(null, { status: 303, headers: { location: '/signin', 'set-cookie': clearedSessionCookie(cameOverHttps(request)) } });
}
