// The workspace draws images from a URL, not from a base64 data URI in JSON: the browser
// decodes and caches them. ?size=thumb answers the 100 px PNG. Local-only, like every path.
import { DomainError } from '@/server/core/errors';
import { ANNOTATION_TYPES, type AnnotationType } from '@/server/core/types';
import { toRestFailure } from '@/server/api/errors';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

interface Params {
  params: Promise<{ type: string; name: string; uuid: string }>;
}

export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { type, name, uuid } = await params;
  try {
    if (!ANNOTATION_TYPES.includes(type as AnnotationType)) throw new DomainError('invalid_input', `Unknown annotation type ${type}`);
    const images = getCore().images;
    const thumb = new URL(request.url).searchParams.get('size') === 'thumb';
    const body = thumb
      ? { mimeType: 'image/png', bytes: (await images.thumbnail(type as AnnotationType, name, uuid)).thumbnailPng }
      : await images.source(type as AnnotationType, name, uuid);
    return new Response(new Uint8Array(body.bytes), {
      headers: { 'content-type': body.mimeType, 'cache-control': 'private, max-age=60' },
    });
  } catch (error) {
    const failure = toRestFailure(error);
    return Response.json(failure.body, { status: failure.status === 200 ? 404 : failure.status });
  }
}
