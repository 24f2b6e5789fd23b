import { createRestHandler } from '@/server/api/rest-adapter';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

const handleRest = createRestHandler(getCore);
const REST_PATH_HEADER = 'x-labelport-rest-path';

// proxy.ts rewrites every REST path here and passes the path as the client sent it.
function handle(request: Request): Promise<Response> {
  return handleRest(request, request.headers.get(REST_PATH_HEADER) ?? '/api/rest');
}

export { handle as GET, handle as PUT, handle as POST, handle as DELETE, handle as PATCH, handle as HEAD };
