// The server's listener sends classifai REST calls to a static route (scripts/request-path.mjs):
// every REST path must take that way, and nothing else may.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/server/api/openapi';
import { annotationTypeParam } from '@/server/api/schemas/common.schema';
import { isRestTarget, REST_ENTRY_PATH, REST_FIRST_SEGMENTS } from '@/scripts/request-path.mjs';

// The paths the served OpenAPI document describes: the router's REST routes.
const restPaths = Object.keys(getOpenApiDocument().paths ?? {});

// A path of the document with its parameters filled in as a client would.
const filled = (template: string, type: string) =>
  template.replace('{annotation_type}', type).replace(/\{project_name\}/, 'My%20project').replace(/\{\w+\}/g, '0b6c7f2e-1d1a-4c59-9d0e-2f1f3b0c9a11');

describe('which requests take the static REST route', () => {
  it('takes every path of the REST interface, for every annotation type, with or without a query', () => {
    expect(restPaths.length).toBeGreaterThan(20);
    for (const template of restPaths) {
      for (const type of annotationTypeParam.options) {
        expect(isRestTarget(filled(template, type)), template).toBe(true);
        expect(isRestTarget(`${filled(template, type)}?t=1`), template).toBe(true);
      }
    }
    // The library matches paths case-insensitively; so does the listener.
    expect(isRestTarget('/V2/Projects')).toBe(true);
    expect(isRestTarget('/BNDBOX/projects/meta')).toBe(true);
  });

  it('leaves pages, Next and API paths, and targets it cannot tell safely to Next routing', () => {
    for (const target of [
      '/', '/projects/p', '/admin', '/signin', '/api/trpc/project.list', '/_next/static/x.js', '/openapi.json', REST_ENTRY_PATH,
      '/bndbox', '/v2', '/nope/v2/projects', '//evil/v2/projects',
      '/bndbox/../projects', '/v2/./projects', '/v2/%2e%2e/projects', '/v2/%2E/x', '/v2/a\\b',
      '/v2/projects/Straße', '/v2/projects/a b',
    ]) {
      expect(isRestTarget(target), target).toBe(false);
    }
  });

  it('shadows no route of the app: no route folder is named like a REST path', () => {
    const appFolders = fs.readdirSync(path.join(process.cwd(), 'app'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(appFolders.map((entry) => entry.name)).toContain(REST_ENTRY_PATH.slice(1));
    for (const folder of appFolders) expect(REST_FIRST_SEGMENTS, folder.name).not.toContain(folder.name.toLowerCase());
    // The first segments are exactly those of the interface's paths.
    const firstSegments = new Set(restPaths.flatMap((restPath) => annotationTypeParam.options.map((type) => filled(restPath, type).split('/')[1])));
    expect([...firstSegments].sort()).toEqual([...REST_FIRST_SEGMENTS].sort());
  });
});
