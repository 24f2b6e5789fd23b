'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProjectType } from '@/components/editor/model/types';
import { useTRPC, useTRPCClient } from '@/components/trpc/provider';

export type { ProjectType };

/** Closes on their way, by project: opening it again waits for them, or the close would land last. */
const closing = new Map<string, Promise<unknown>>();

/**
 * Opening the workspace loads the project and leaving it closes it, like the classifai
 * client (which refuses to open a project another tab still has loaded).
 */
export function useOpenProject(type: ProjectType, name: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const ids = { annotation_type: type, project_name: name };
  // Loaded on every open, not once per page: leaving closed it on the server (and stopped its
  // thumbnails), so a cached answer would leave it open here and closed there.
  const load = useQuery({
    ...trpc.project.load.queryOptions(ids),
    queryFn: async () => {
      await closing.get(`${type}/${name}`);
      return client.project.load.query(ids);
    },
    staleTime: Infinity,
    refetchOnMount: 'always',
    retry: false,
  });
  useEffect(() => {
    const input = { annotation_type: type, project_name: name, status: 'closed' };
    const closeOnLeave = () => {
      // keepalive: the request must outlive the page that sends it.
      void fetch('/api/trpc/project.close', {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
    };
    window.addEventListener('pagehide', closeOnLeave);
    return () => {
      window.removeEventListener('pagehide', closeOnLeave);
      const key = `${type}/${name}`;
      const closed = client.project.close.mutate(input).catch(() => undefined);
      closing.set(key, closed);
      void closed.finally(() => closing.get(key) === closed && closing.delete(key));
    };
  }, [client, type, name]);
  return load;
}
