// Every path no other route claims is the classifai REST interface: unknown ones answer the
// JSON envelope, not HTML. proxy.ts does not run here (see there); the local-only gate does.
import { toRestFailure } from '@/server/api/errors';
import { servedLocally } from '@/server/api/local-only';
import { identify, requireAccess } from '@/server/api/request-actor';
import { createRestHandler } from '@/server/api/rest-adapter';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

const handleRest = createRestHandler(getCore);

function handle(request: Request): Promise<Response> {
  return servedLocally(request, async () => {
    // The path exactly as the client sent it (percent-encoding included): the adapter decodes
    // path parameters strictly itself.
    const url = new URL(request.url);
    try {
      // In team mode nobody unknown gets past here, whatever the path; roles are checked per procedure.
      const identity = await identify(request.headers, await getCore());
      requireAccess(identity, 'read');
      return await handleRest(request, url.pathname + url.search, identity);
    } catch (error) {
      const failure = toRestFailure(error);
      return Response.json(failure.body, { status: failure.status });
    }
  });
}

export { handle as GET, handle as PUT, handle as POST, handle as DELETE, handle as PATCH, handle as HEAD, handle as OPTIONS };
