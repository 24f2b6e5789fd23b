'use client';

// Labels changed in another tab, or by another annotator, reach this one: without it, a tab
// kept drawing with a label renamed elsewhere, and its next save wrote the old name back over
// the rename. The class table is read again every few seconds while the tab is visible; a
// rename found there is applied here as this tab's own renames are, each once.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { failureReason } from '@/components/trpc/error-text';
import { useTRPC } from '@/components/trpc/provider';
import { createRenameFollower, type NamedClass } from './label-renames';
import type { ProjectType } from './useProject';

const REREAD_MS = 5_000;

/**
 * Every few seconds while the project is there: a workspace left open on a project deleted (or
 * never made: a mistyped address) asked for its labels, and was refused, every 5 s for as long.
 */
export const labelsRereadInterval = (error: unknown): number | false => (failureReason(error) === 'project_missing' ? false : REREAD_MS);

export function useLabelsFromElsewhere(type: ProjectType, name: string, classes: readonly NamedClass[], loaded: boolean, rename: (from: string, to: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useMemo(() => ({ annotation_type: type, project_name: name }), [type, name]);
  // An observer of the query the class table reads: its data is shared.
  useQuery({ ...trpc.label.classes.queryOptions(ids), refetchInterval: (query) => labelsRereadInterval(query.state.error) });
  const renameRef = useRef(rename);
  useEffect(() => {
    renameRef.current = rename;
  }, [rename]);
  const [follower] = useState(() => createRenameFollower((from, to) => renameRef.current(from, to)));
  useEffect(() => {
    if (!loaded) return;
    // The label list is read only after the renames are applied: read first, it lacked the
    // picked label under its old name, and the next shape fell back to the first label.
    if (follower.read(classes)) void queryClient.invalidateQueries({ queryKey: trpc.label.list.queryKey(ids) });
  }, [classes, loaded, queryClient, trpc, ids, follower]);
  /** This tab's own rename, once the server made it: applied now, and not again when the table shows it. */
  return follower.renamedHere;
}
