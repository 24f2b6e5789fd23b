// The workspace draws images from a URL, not from a base64 data URI in JSON: the browser
// decodes and caches them. ?size=thumb answers the 100 px PNG; a huge image's editor view
// reads ?size=preview (2048 px JPEG) and ?tile=level/column_row. Local-only, like every path.
import { DomainError } from '@/server/core/errors';
import { ANNOTATION_TYPES, type AnnotationType } from '@/server/core/types';
import { toRestFailure } from '@/server/api/errors';
import { servedLocally } from '@/server/api/local-only';
import { identify, requireAccess } from '@/server/api/request-actor';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

interface Params {
  params: Promise<{ type: string; name: string; uuid: string }>;
}

// Gated here, not in proxy.ts: an image switch in the editor waits for these bytes.
function GET(request: Request, params: Params): Promise<Response> {
  return servedLocally(request, () => imageBytes(request, params));
}

export { GET, GET as OPTIONS };

async function imageBytes(request: Request, { params }: Params): Promise<Response> {
  const { type, name, uuid } = await params;
  try {
    const core = await getCore();
    requireAccess(await identify(request.headers, core), 'read');
    if (!ANNOTATION_TYPES.includes(type as AnnotationType)) throw new DomainError('invalid_input', `Unknown annotation type ${type}`);
    const { images, tiles } = core;
    const query = new URL(request.url).searchParams;
    const size = query.get('size');
    const tile = query.get('tile');
    const annotationType = type as AnnotationType;
    const body =
      tile !== null
        ? { mimeType: 'image/jpeg', bytes: await tiles.tile(annotationType, name, uuid, tile) }
        : size === 'preview'
          ? { mimeType: 'image/jpeg', bytes: await tiles.preview(annotationType, name, uuid) }
          : size === 'thumb'
            ? { mimeType: 'image/png', bytes: (await images.thumbnail(annotationType, name, uuid)).thumbnailPng }
            : await images.source(annotationType, name, uuid);
    return new Response(new Uint8Array(body.bytes), {
      headers: { 'content-type': body.mimeType, 'cache-control': 'private, max-age=60' },
    });
  } catch (error) {
    const failure = toRestFailure(error);
    return Response.json(failure.body, { status: failure.status === 200 ? 404 : failure.status });
  }
}
