// The classifai REST calls the server's listener sends here (scripts/request-path.mjs): a static
// route, so Next matches no dynamic route for them. Their own target comes in a header only the
// listener sets; a request that arrives here without one is the path /classifai-rest itself.
import { serveRest, targetOf } from '@/server/api/rest-route';
import { REST_TARGET_HEADER } from '@/scripts/request-path.mjs';

export const dynamic = 'force-dynamic';

const handle = (request: Request): Promise<Response> => serveRest(request, request.headers.get(REST_TARGET_HEADER) ?? targetOf(request));

export { handle as GET, handle as PUT, handle as POST, handle as DELETE, handle as PATCH, handle as HEAD, handle as OPTIONS };
