'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { useEffect } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { ProgressBar } from '@/components/ui/ProgressBar';
import type { AppRouter } from '@/server/api/root';
import { FILE_SYSTEM_STATUS } from '@/server/api/schemas/status.schema';
import { reloadSummaryText } from './reload-summary';

type ProjectIds = inferRouterInputs<AppRouter>['project']['reloadStatus'];

// Walking the folder, then writing; the other codes end a reload.
export const scanRunning = (code: number | undefined) => code === FILE_SYSTEM_STATUS.ITERATING_FOLDER || code === FILE_SYSTEM_STATUS.DATABASE_UPDATING;

/**
 * Polls a scan of the project's folder (a reload, or the creation's) until it ends, then says
 * so, with why it stopped if it failed. Mount it once the scan was started: only a status read
 * after mounting can end it, so an earlier scan's end cached here does not.
 */
export function ReloadProgress({ ids, onDone, label = 'Reloading' }: { ids: ProjectIds; onDone: (failure: string | null, summary: string | null) => void; label?: string }) {
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.project.reloadStatus.queryOptions(ids),
    refetchOnMount: 'always',
    refetchInterval: (query) => (scanRunning(query.state.data?.file_system_status) ? 250 : false),
  });
  const data = status.isFetchedAfterMount ? status.data : undefined;
  const finished = data !== undefined && !scanRunning(data.file_system_status);
  const failure = data?.file_system_status === FILE_SYSTEM_STATUS.ABORTED ? `The reload stopped: ${data.error_message || 'the folder could not be read'}` : null;
  const summary = finished && !failure ? reloadSummaryText(data) : null;
  useEffect(() => {
    if (finished) onDone(failure, summary);
  }, [finished, failure, summary, onDone]);
  return <ProgressBar label={label} done={data?.progress?.[0]} total={data?.progress?.[1]} />;
}
