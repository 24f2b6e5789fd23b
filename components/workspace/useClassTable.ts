'use client';

// The project's class table (class ids, hotkeys, COCO ids, YOLO indexes) and its changes
// beyond the label panel's: numbers, merge, and removal that asks first when shapes use it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ACTIONS } from '@/components/editor/actions/actions';
import { useTRPC } from '@/components/trpc/provider';
import { countOf } from '@/components/ui/count-text';
import type { ClassRecordWire } from '@/server/api/schemas/label.schema';
import type { LabelEdits } from './useLabelEdits';
import type { ProjectType } from './useProject';

export type ClassRecord = ClassRecordWire;
export interface ClassChanges {
  hotkey?: string | null;
  coco_id?: number | null;
  yolo_index?: number | null;
}
/** A removal waiting for the user's yes: how many shapes on how many images it concerns. */
export interface PendingRemoval {
  label: string;
  shapes: number;
  images: number;
}
/** A merge waiting for the user's yes: label's shapes (so many, on so many images) become into's. */
export interface PendingMerge extends PendingRemoval {
  into: string;
}

/** How many shapes, on how many images, use a label: read afresh, for the question before a removal or a merge. */
function useLabelUsage(type: ProjectType, name: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (label: string) => queryClient.fetchQuery({ ...trpc.label.usage.queryOptions({ annotation_type: type, project_name: name, label }), staleTime: 0 });
}

const NO_CLASSES: ClassRecord[] = [];

export function useClassTable(type: ProjectType, name: string, onMerged: (from: string, into: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = useMemo(() => ({ annotation_type: type, project_name: name }), [type, name]);
  const classes = useQuery(trpc.label.classes.queryOptions(ids)).data?.classes;
  const [error, setError] = useState<unknown>(null);
  const usage = useLabelUsage(type, name);
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.label.classes.queryKey(ids) });
    void queryClient.invalidateQueries({ queryKey: trpc.label.list.queryKey(ids) });
  };
  const update = useMutation(trpc.label.update.mutationOptions({ onMutate: () => setError(null), onError: setError, onSettled: settled }));
  const merge = useMutation(
    trpc.label.merge.mutationOptions({
      onMutate: () => setError(null),
      onError: setError,
      onSuccess: (_table, { label, into }) => onMerged(label, into),
      onSettled: settled,
    }),
  );
  return {
    classes: classes ?? NO_CLASSES,
    loaded: classes !== undefined,
    error,
    setError,
    update: (label: string, changes: ClassChanges) => update.mutate({ ...ids, label, ...changes }),
    /** Relabels every shape of from as into and drops from: at once, no question (see useMergeQuestion). */
    merge: (from: string, into: string) => merge.mutate({ ...ids, label: from, into }),
    usage,
  };
}

export type ClassTable = ReturnType<typeof useClassTable>;

/**
 * Merge through the Classes dialog, asked as a removal is: it relabels every shape of the
 * project and cannot be undone, so a used label is merged only after a yes that says how many
 * shapes it relabels; an unused one (nothing to relabel) goes at once, as its removal would.
 */
export function useMergeQuestion(table: Pick<ClassTable, 'merge' | 'usage' | 'setError'>) {
  const [pending, setPending] = useState<PendingMerge | null>(null);
  const ask = async (label: string, into: string) => {
    setPending(null);
    try {
      const { shapes, images } = await table.usage(label);
      if (shapes === 0) table.merge(label, into);
      else setPending({ label, into, shapes, images });
    } catch (failure) {
      table.setError(failure);
    }
  };
  return {
    pending,
    ask: (label: string, into: string) => void ask(label, into),
    confirm: () => {
      if (pending) table.merge(pending.label, pending.into);
      setPending(null);
    },
    cancel: () => setPending(null),
  };
}

export type MergeQuestion = ReturnType<typeof useMergeQuestion>;

/** Removal through the label panel or the Classes dialog: an unused label goes at once, a used one after a yes. */
export function useLabelRemoval(type: ProjectType, name: string, edits: LabelEdits) {
  const usageOf = useLabelUsage(type, name);
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const ask = async (label: string) => {
    try {
      const usage = await usageOf(label);
      if (usage.shapes === 0) edits.remove(label);
      else setPending({ label, shapes: usage.shapes, images: usage.images });
    } catch (failure) {
      edits.setError(failure);
    }
  };
  return {
    pending,
    ask: (label: string) => void ask(label),
    confirm: () => {
      if (pending) edits.remove(pending.label, true);
      setPending(null);
    },
    cancel: () => setPending(null),
  };
}

export type LabelRemoval = ReturnType<typeof useLabelRemoval>;

/** "12 shapes on 5 images use car" ("1 shape on 1 image uses car"), as the questions before a removal or a merge say it. */
export function usageSentence({ label, shapes, images }: PendingRemoval): string {
  return `${countOf(shapes, 'shape')} on ${countOf(images, 'image')} ${shapes === 1 ? 'uses' : 'use'} ${label}`;
}

/**
 * Why a hotkey cannot be set, or null: not one key, or the key of an editor action (with the
 * user's keymap): the action would win and the label would never be picked by it.
 */
export function hotkeyProblem(hotkey: string, keys: Readonly<Record<string, readonly string[]>>): string | null {
  if ([...hotkey].length !== 1 || hotkey.trim() === '') return 'A hotkey is one key';
  const chord = hotkey.toLowerCase();
  const action = ACTIONS.find((candidate) => (keys[candidate.id] ?? []).includes(chord));
  return action ? `${hotkey.toUpperCase()} is already the key of "${action.title}"` : null;
}
