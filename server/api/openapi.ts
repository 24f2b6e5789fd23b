import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root';

let document: ReturnType<typeof generateOpenApiDocument> | undefined;

/** Generated on first use, then kept: the router does not change while the process runs. */
export function getOpenApiDocument() {
  document ??= generateOpenApiDocument(appRouter, {
    title: 'Labelport REST interface (classifai V1 and V2)',
    description: 'Every failure answers {message: 0, error_code, error_message}.',
    version: '0.1.0',
    baseUrl: 'http://localhost:9999',
  });
  return document;
}
