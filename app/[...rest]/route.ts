// Every path no other route claims is the classifai REST interface: unknown ones answer the
// JSON envelope, not HTML. proxy.ts does not run here (see there); the local-only gate does.
import { toRestFailure } from '@/server/api/errors';
import { checkLocal, refusalBody } from '@/server/api/local-only';
import { identify, requireAccess } from '@/server/api/request-actor';
import { createRestHandler } from '@/server/api/rest-adapter';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

const handleRest = createRestHandler(getCore);

async function handle(request: Request): Promise<Response> {
  const verdict = checkLocal(request.headers);
  if ('refused' in verdict) return Response.json(refusalBody(verdict.refused), { status: 403 });
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: verdict.cors });
  // The path exactly as the client sent it (percent-encoding included): the adapter decodes
  // path parameters strictly itself.
  const url = new URL(request.url);
  let response: Response;
  try {
    // In team mode nobody unknown gets past here, whatever the path; roles are checked per procedure.
    const identity = await identify(request.headers, await getCore());
    requireAccess(identity, 'read');
    response = await handleRest(request, url.pathname + url.search, identity);
  } catch (error) {
    const failure = toRestFailure(error);
    response = Response.json(failure.body, { status: failure.status });
  }
  for (const [key, value] of Object.entries(verdict.cors)) response.headers.set(key, value);
  return response;
}

export { handle as GET, handle as PUT, handle as POST, handle as DELETE, handle as PATCH, handle as HEAD, handle as OPTIONS };
