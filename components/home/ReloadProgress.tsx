'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { useEffect } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { ProgressBar } from '@/components/ui/ProgressBar';
import type { AppRouter } from '@/server/api/root';
import { FILE_SYSTEM_STATUS } from '@/server/api/schemas/status.schema';

type ProjectIds = inferRouterInputs<AppRouter>['project']['reloadStatus'];

// Walking the folder, then writing; the other codes end a reload.
const scanRunning = (code: number | undefined) => code === FILE_SYSTEM_STATUS.ITERATING_FOLDER || code === FILE_SYSTEM_STATUS.DATABASE_UPDATING;

/**
 * Polls a reload until it ends, then says so, with why it stopped if it failed. Mount it once
 * the reload was started and earlier statuses were removed: the last reload's end would end it.
 */
export function ReloadProgress({ ids, onDone }: { ids: ProjectIds; onDone: (failure: string | null) => void }) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.project.reloadStatus.queryOptions(ids),
    refetchInterval: (query) => (scanRunning(query.state.data?.file_system_status) ? 250 : false),
  });
  const data = status.data;
  const finished = data !== undefined && !scanRunning(data.file_system_status);
  const failure = data?.file_system_status === FILE_SYSTEM_STATUS.ABORTED ? `The reload stopped: ${data.error_message || 'the folder could not be read'}` : null;
  useEffect(() => {
    if (finished) onDone(failure);
  }, [finished, failure, onDone]);
  return <ProgressBar label="Reloading" done={data?.progress?.[0]} total={data?.progress?.[1]} />;
}
