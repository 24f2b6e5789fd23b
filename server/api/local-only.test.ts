import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';
import { checkLocal, isPagePath, servedLocally } from './local-only';

// What a browser sends for a navigation without an Origin (a GET link, a typed URL, an iframe).
const navigation = (site: 'cross-site' | 'same-origin' | 'none', dest = 'document') =>
  new Headers({ host: '127.0.0.1:9999', 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': dest });

describe('checkLocal', () => {
  it('lets a link or frame from another site open a page', () => {
    for (const path of ['/', '/projects/bndbox/cats', '/signin', '/admin']) {
      expect(isPagePath(path), path).toBe(true);
      expect(checkLocal(navigation('cross-site'), isPagePath(path)), path).toEqual({ cors: {} });
    }
  });

  it('refuses a navigation from another site to an API or REST path: a hidden iframe would run the call', async () => {
    for (const path of ['/api/trpc/project.checkFolder', '/api/export/bndbox/cats', '/api/auth/signout', '/v2/folders', '/bndbox/projects/meta', '/openapi.json']) {
      expect(isPagePath(path), path).toBe(false);
      expect(checkLocal(navigation('cross-site', 'iframe'), isPagePath(path)), path).toHaveProperty('refused');
    }
    let ran = false;
    const request = new Request('http://127.0.0.1:9999/api/trpc/project.checkFolder?input=%7B%7D', { headers: navigation('cross-site', 'iframe') });
    const reply = await servedLocally(request, async () => ((ran = true), new Response('{}')));
    expect({ status: reply.status, ran }).toEqual({ status: 403, ran: false });
  });

  it('keeps typed URLs and the app’s own links to API paths (the export download) working', () => {
    expect(checkLocal(navigation('same-origin'), false)).toEqual({ cors: {} });
    expect(checkLocal(navigation('none'), false)).toEqual({ cors: {} });
    expect(checkLocal(new Headers({ host: 'localhost:9999' }), false)).toEqual({ cors: {} });
  });
});

describe('proxy', () => {
  const status = (path: string, headers: Headers) => proxy(new NextRequest(`http://127.0.0.1:9999${path}`, { headers })).status;

  it('refuses a cross-site navigation to the export download, and lets one open a page', () => {
    expect(status('/api/export/bndbox/cats', navigation('cross-site', 'iframe'))).toBe(403);
    expect(status('/api/export/bndbox/cats', navigation('same-origin'))).toBe(200);
    expect(status('/projects/bndbox/cats', navigation('cross-site'))).toBe(200);
  });
});
