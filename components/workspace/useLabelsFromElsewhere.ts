'use client';

// Labels changed in another tab, or by another annotator, reach this one: without it, a tab
// kept drawing with a label renamed elsewhere, and its next save wrote the old name back over
// the rename. The class table is read again every few seconds while the tab is visible; a
// rename found there is applied here as this tab's own renames are.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import { renamesBetween, type NamedClass } from './label-renames';
import type { ProjectType } from './useProject';

const REREAD_MS = 5_000;

export function useLabelsFromElsewhere(type: ProjectType, name: string, classes: readonly NamedClass[], loaded: boolean, rename: (from: string, to: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useMemo(() => ({ annotation_type: type, project_name: name }), [type, name]);
  // An observer of the query the class table reads: its data is shared.
  useQuery({ ...trpc.label.classes.queryOptions(ids), refetchInterval: REREAD_MS });
  const renameRef = useRef(rename);
  useEffect(() => {
    renameRef.current = rename;
  }, [rename]);
  const known = useRef<readonly NamedClass[] | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const before = known.current;
    known.current = classes;
    if (!before || before === classes) return;
    // This tab's own renames were applied when made: the steps find nothing left to rename.
    for (const [from, to] of renamesBetween(before, classes)) renameRef.current(from, to);
    // The label list is read only after the renames are applied: read first, it lacked the
    // picked label under its old name, and the next shape fell back to the first label.
    void queryClient.invalidateQueries({ queryKey: trpc.label.list.queryKey(ids) });
  }, [classes, loaded, queryClient, trpc, ids]);
}
