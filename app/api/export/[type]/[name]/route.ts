// Downloads the file the last export of a project wrote (server/api/export-download.ts).
// Local-only through proxy.ts, like the image bytes.
import { createExportDownloadHandler } from '@/server/api/export-download';
import { getCore } from '@/server/runtime/core-singleton';

export const dynamic = 'force-dynamic';

const download = createExportDownloadHandler(getCore);

interface Params {
  params: Promise<{ type: string; name: string }>;
}

export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { type, name } = await params;
  return download(type, name, request.headers);
}
