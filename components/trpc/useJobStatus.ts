'use client';

// A job the user starts and then watches (an export, a configuration import): its status query,
// polled while the job runs, showing only statuses read after this run was started. A status
// read before (the last run's end, cached and still fresh, or a poll that was on its way) is
// never shown as this run's: the menu would offer the last export's file and stop polling.
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';

export function useJobStatus<TData, TError, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TData, TError, TData, TQueryKey>,
  isRunning: (status: TData) => boolean,
  intervalMs = 250,
) {
  const queryClient = useQueryClient();
  // When the start was answered: statuses read before it are the last run's.
  const [since, setSince] = useState<number | null>(null);
  const status = useQuery({
    ...options,
    enabled: since !== null,
    refetchInterval: (query) => (query.state.data !== undefined && isRunning(query.state.data) ? intervalMs : false),
  });
  const current = since !== null && status.dataUpdatedAt >= since ? status.data : undefined;
  return {
    /** This run's status; undefined until one is read (or before any run). */
    status: current,
    /** Started and not seen to end yet. */
    running: since !== null && (current === undefined || isRunning(current)),
    /** Call when the start mutation succeeds. A poll still on its way is cancelled and read again. */
    started: () => {
      setSince(Date.now());
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
    /** Forget the run (a new start is being sent). */
    reset: () => setSince(null),
  };
}
