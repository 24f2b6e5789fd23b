'use client';

// The project's split and duplicates over tRPC: the overview and the split itself, per-image
// sides, and "find duplicates" with its progress and groups.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';

export type SplitSide = 'train' | 'val' | 'test';
export const SPLIT_SIDES: readonly SplitSide[] = ['train', 'val', 'test'];

export function useSplitOverview(type: ProjectType, name: string, enabled: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { annotation_type: type, project_name: name };
  const overview = useQuery({ ...trpc.split.overview.queryOptions(ids), enabled });
  const run = useMutation(
    trpc.split.run.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.split.overview.queryKey(ids), data);
        // Every strip page now shows other sides.
        void queryClient.invalidateQueries(trpc.image.page.queryFilter());
      },
    }),
  );
  return { overview, run };
}

/** Sets images' sides; the caller updates what it shows once it succeeds. */
export function useSetSplitSide(type: ProjectType, name: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.split.setSide.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.split.overview.queryFilter({ annotation_type: type, project_name: name })),
    }),
  );
}

/** membersPerGroup: each group's first members only (its size says how many it holds). */
export function useDuplicates(type: ProjectType, name: string, enabled: boolean, membersPerGroup?: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { annotation_type: type, project_name: name };
  const status = useQuery({
    ...trpc.split.duplicatesStatus.queryOptions(ids),
    enabled,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 500 : false),
  });
  const running = status.data?.state === 'running';
  // Read again on every opening, however fresh the last read looks: a reload since (files
  // changed outside) may have taken images out of their groups.
  const groups = useQuery({ ...trpc.split.duplicates.queryOptions({ ...ids, members_per_group: membersPerGroup }), enabled: enabled && !running, refetchOnMount: 'always' });
  const refreshGroups = () => {
    void queryClient.invalidateQueries(trpc.split.duplicates.queryFilter());
    void queryClient.invalidateQueries(trpc.split.duplicateGroup.queryFilter());
  };
  // Groups read before or during a run are from before its hashes, however fresh they look
  // (a short run ends within the default stale time): read them again when it ends.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) refreshGroups();
    wasRunning.current = running;
  }, [running]);
  const find = useMutation(
    trpc.split.findDuplicates.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.split.duplicatesStatus.queryKey(ids), data);
        // A run still going is read again when it ends (above); one over already is read now.
        if (data.state !== 'running') refreshGroups();
      },
    }),
  );
  return { status, groups, find, running };
}

/** The open image's side: set over tRPC, then shown on its strip row (onStored). */
export function useImageSplitSide(type: ProjectType, name: string, onStored: (uuids: readonly string[], side: SplitSide | null) => void) {
  const setSide = useSetSplitSide(type, name);
  return {
    set: (uuid: string, side: SplitSide | null) =>
      setSide.mutate({ annotation_type: type, project_name: name, uuids: [uuid], side }, { onSuccess: () => onStored([uuid], side) }),
    error: setSide.error,
  };
}
