import { getOpenApiDocument } from '@/server/api/openapi';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(getOpenApiDocument());
}
