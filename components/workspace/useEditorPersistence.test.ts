import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '@/server/api/root';
import { editorImageQuery, forgetResizedEditorImages } from './useEditorPersistence';

// Reads nothing: the cache is filled by hand.
const client = createTRPCClient<AppRouter>({ links: [() => () => observable((observer) => observer.error(new Error('offline') as never))] });

describe("the editor's copies of listed images", () => {
  it('are dropped when the list gives an image another size (its file was replaced), and kept otherwise', () => {
    const queryClient = new QueryClient();
    const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
    const key = (uuid: string) => editorImageQuery(trpc, 'bndbox', 'p', uuid).queryKey;
    const box = { id: 's1', kind: 'box' as const, x: 10, y: 10, w: 50, h: 40, label: 'car' };
    for (const uuid of ['same', 'cropped', 'rotated']) queryClient.setQueryData(key(uuid), [{ uuid, img_path: `${uuid}.png`, width: 640, height: 480, shapes: [box], version: 2 }]);
    forgetResizedEditorImages(queryClient, trpc, 'bndbox', 'p', [
      { uuid: 'same', width: 640, height: 480 },
      { uuid: 'cropped', width: 320, height: 480 },
      { uuid: 'rotated', width: 480, height: 640 },
      { uuid: 'never-read', width: 10, height: 10 },
    ]);
    expect(queryClient.getQueryData(key('same'))?.[0]?.shapes).toEqual([box]);
    expect(queryClient.getQueryData(key('cropped'))).toBeUndefined();
    expect(queryClient.getQueryData(key('rotated'))).toBeUndefined();
    expect(queryClient.getQueryData(key('never-read'))).toBeUndefined();
  });
});
