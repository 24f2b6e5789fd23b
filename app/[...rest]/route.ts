// Every path no other route claims is the classifai REST interface: unknown ones answer the
// JSON envelope, not HTML. proxy.ts does not run here (see there); the local-only gate does.
// The server's listener sends the calls it can tell are REST to app/classifai-rest instead.
import { serveRest, targetOf } from '@/server/api/rest-route';

export const dynamic = 'force-dynamic';

const handle = (request: Request): Promise<Response> => serveRest(request, targetOf(request));

export { handle as GET, handle as PUT, handle as POST, handle as DELETE, handle as PATCH, handle as HEAD, handle as OPTIONS };
