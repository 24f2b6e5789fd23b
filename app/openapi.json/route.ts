import { toRestFailure } from '@/server/api/errors';
import { getOpenApiDocument } from '@/server/api/openapi';
import { identify, requireAccess } from '@/server/api/request-actor';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  try {
    requireAccess(await identify(request.headers, await getCore()), 'read');
    return Response.json(getOpenApiDocument());
  } catch (error) {
    const failure = toRestFailure(error);
    return Response.json(failure.body, { status: failure.status });
  }
}
