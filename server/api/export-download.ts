// The browser's download of an export. The file is the one the last export of the named
// project wrote (looked up from the export job), never a path from the request: this
// route must not become a way to read arbitrary files. Refusals use the JSON envelope.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Core } from '@/server/core';
import { DomainError } from '@/server/core/errors';
import { ANNOTATION_TYPES, type AnnotationType } from '@/server/core/types';
import { toRestFailure } from './errors';
import { identify, requireAccess } from './request-actor';

const CONTENT_TYPES: Record<string, string> = { '.zip': 'application/zip', '.json': 'application/json' };

export function createExportDownloadHandler(getCore: () => Promise<Core>) {
  return async (type: string, name: string, headers: Headers): Promise<Response> => {
    try {
      const core = await getCore();
      // Exporting is an admin's; so is reading what an export wrote.
      requireAccess(await identify(headers, core), 'admin');
      if (!ANNOTATION_TYPES.includes(type as AnnotationType)) throw new DomainError('invalid_input', `Unknown annotation type ${type}`);
      const filePath = await core.exports.writtenFile(type as AnnotationType, name);
      const stat = await fs.promises.stat(filePath).catch(() => null);
      if (!stat?.isFile()) throw new DomainError('not_found', `The exported file is gone: ${path.basename(filePath)}; export again`);
      const fileName = path.basename(filePath);
      const stream = Readable.toWeb(fs.createReadStream(filePath)) as ReadableStream<Uint8Array>;
      return new Response(stream, {
        headers: {
          'content-type': CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream',
          'content-length': String(stat.size),
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          'cache-control': 'no-store',
        },
      });
    } catch (error) {
      const failure = toRestFailure(error);
      return Response.json(failure.body, { status: failure.status === 200 ? 404 : failure.status });
    }
  };
}
