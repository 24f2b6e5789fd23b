'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';

export interface LabelRecord {
  name: string;
  color: string;
}

/**
 * The label panel's changes: one procedure per change (add, rename, recolor, remove), sent
 * one after another in the order they were made (one mutation scope), each shown at once in
 * the cached list. The server's answer replaces the cache only when no later change is still
 * on its way, so a quick series of adds never flickers back to an older list. onRenaming: a
 * rename is shown (and undone, from and to swapped, when it fails), unless another label has the
 * name; onRenamed: the server made it.
 */
export function useLabelEdits(type: ProjectType, name: string, onRenamed: (from: string, to: string) => void, onRenaming?: (from: string, to: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { annotation_type: type, project_name: name };
  const listKey = trpc.label.list.queryKey(ids);
  const classesKey = trpc.label.classes.queryKey(ids);
  const scope = { id: `labels:${type}:${name}` };
  const [error, setError] = useState<unknown>(null);
  const othersPending = () => queryClient.isMutating({ predicate: (mutation) => mutation.options.scope?.id === scope.id }) > 1;
  const listed = (labels: readonly LabelRecord[] | undefined, label: string) => labels?.some((entry) => entry.name === label) ?? false;

  const lifecycle = <V>(optimistic: (labels: LabelRecord[], variables: V) => LabelRecord[]) => ({
    scope,
    onMutate: async (variables: V) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData(listKey, (labels) => optimistic(labels ?? [], variables));
    },
    onSuccess: (labels: LabelRecord[]) => {
      if (!othersPending()) queryClient.setQueryData(listKey, labels);
    },
    onError: (failure: unknown) => {
      setError(failure);
      if (!othersPending()) void queryClient.invalidateQueries({ queryKey: listKey });
    },
    // The class table (ids, hotkeys) shows the same labels: read again once a change lands.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: classesKey }),
  });

  const add = useMutation(
    trpc.label.add.mutationOptions(
      lifecycle((labels, { label }) => (listed(labels, label) ? labels : [...labels, { name: label, color: '' }])),
    ),
  );
  // A name another label has is not shown before the server refuses it: the panel keys its rows
  // by name, and two rows of one name left a stray row behind once the refusal put the list back.
  const renameLifecycle = lifecycle<{ from: string; to: string }>((labels, { from, to }) =>
    listed(labels, to) ? labels : labels.map((entry) => (entry.name === from ? { ...entry, name: to } : entry)),
  );
  const rename = useMutation(
    trpc.label.rename.mutationOptions({
      ...renameLifecycle,
      onMutate: async (variables) => {
        const shown = !listed(queryClient.getQueryData(listKey), variables.to);
        if (shown) onRenaming?.(variables.from, variables.to);
        await renameLifecycle.onMutate(variables);
        return { shown };
      },
      onError: (failure, { from, to }, context) => {
        // Undone only when shown: swapped back unshown, it moved the user's pick of `to` to `from`.
        if (context?.shown) onRenaming?.(to, from);
        renameLifecycle.onError(failure);
      },
      onSuccess: (labels, { from, to }) => {
        if (!othersPending()) queryClient.setQueryData(listKey, labels);
        onRenamed(from, to);
      },
    }),
  );
  const recolor = useMutation(
    trpc.label.recolor.mutationOptions(
      lifecycle((labels, { label, color }) => labels.map((entry) => (entry.name === label ? { ...entry, color } : entry))),
    ),
  );
  const remove = useMutation(
    trpc.label.remove.mutationOptions(lifecycle((labels, { label }) => labels.filter((entry) => entry.name !== label))),
  );

  return {
    error,
    add: (label: string) => {
      // The server's add of a listed label changes nothing, so that a retried add is harmless:
      // the user, who asked for a new one, is told instead.
      if (listed(queryClient.getQueryData(listKey), label)) setError(new Error(`The label ${label} exists already`));
      else add.mutate({ ...ids, label });
    },
    /** onFailed: the label kept its name (the server refused the new one, or was not reached). */
    rename: (from: string, to: string, onFailed?: () => void) => rename.mutate({ ...ids, from, to }, { onError: onFailed }),
    recolor: (label: string, color: string) => recolor.mutate({ ...ids, label, color }),
    /** A label that shapes use is removed only with confirm (the server refuses it otherwise). */
    remove: (label: string, confirm?: boolean) => remove.mutate({ ...ids, label, confirm }),
    setError,
  };
}

export type LabelEdits = ReturnType<typeof useLabelEdits>;
