// The classifai REST interface as a Next route handler: the local-only gate, who asks, then the
// REST adapter. Two routes serve it: the static one the server's listener sends REST calls to,
// and the catch-all for every path no other route claims (scripts/request-path.mjs says why).
import { toRestFailure } from './errors';
import { servedLocally } from './local-only';
import { identify, requireAccess } from './request-actor';
import { createRestHandler } from './rest-adapter';
import { getCore } from '@/server/runtime/core-singleton';

const handleRest = createRestHandler(getCore);

/** restTarget: the path exactly as the client sent it (percent-encoding included), with its query. */
export function serveRest(request: Request, restTarget: string): Promise<Response> {
  return servedLocally(request, async () => {
    try {
      // In team mode nobody unknown gets past here, whatever the path; roles are checked per procedure.
      const identity = await identify(request.headers, await getCore());
      requireAccess(identity, 'read');
      // The adapter decodes path parameters strictly itself.
      return await handleRest(request, restTarget, identity);
    } catch (error) {
      const failure = toRestFailure(error);
      return Response.json(failure.body, { status: failure.status });
    }
  });
}

/** The target of a request Next routed by its own path. */
export function targetOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
