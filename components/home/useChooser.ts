'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, useTRPC, useTRPCClient } from '@/components/trpc/provider';

/** Opens the server's folder or file chooser and waits for the path it reports. */
export function useChooser(kind: 'folder' | 'file') {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const open = useMutation(kind === 'folder' ? trpc.chooser.openFolder.mutationOptions() : trpc.chooser.openLabelFile.mutationOptions());

  const choose = async (): Promise<string> => {
    setError(null);
    try {
      await open.mutateAsync({});
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const status =
          kind === 'folder'
            ? await client.chooser.folderStatus.query({}).then((reply) => ({ closed: reply.window_status === 1, path: reply.project_path }))
            : await client.chooser.labelFileStatus.query({}).then((reply) => ({ closed: reply.window_status === 1, path: reply.label_file_path }));
        if (status.closed) {
          await queryClient.invalidateQueries();
          return status.path ?? '';
        }
      }
    } catch (caught) {
      setError(errorText(caught));
      return '';
    }
  };
  return { choose, choosing: open.isPending, error };
}
