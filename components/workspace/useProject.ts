'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ProjectType } from '@/components/editor/model/types';
import { useTRPC, useTRPCClient } from '@/components/trpc/provider';

export type { ProjectType };

/**
 * Opening the workspace loads the project and leaving it closes it, like the classifai
 * client (which refuses to open a project another tab still has loaded).
 */
export function useOpenProject(type: ProjectType, name: string) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const load = useQuery({ ...trpc.project.load.queryOptions({ annotation_type: type, project_name: name }), staleTime: Infinity, retry: false });
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
      void client.project.close.mutate(input).catch(() => undefined);
    };
  }, [client, type, name]);
  return load;
}
