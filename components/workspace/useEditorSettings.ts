'use client';

// The per-machine settings (kept in DATA_DIR by the server): the keymap and the workflow
// switches. Until they are read, the defaults apply, so keys work from the first frame.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_KEYS } from '@/components/editor/actions/actions';
import { effectiveKeys, type PresetId } from '@/components/editor/actions/keymap';
import { useTRPC } from '@/components/trpc/provider';

export interface Workflow {
  keepPrevious: boolean;
  autoAdvance: boolean;
}
export interface EditorSettings {
  keymap: { preset: PresetId; overrides: Record<string, string[]> };
  workflow: Workflow;
}

export const DEFAULT_SETTINGS: EditorSettings = { keymap: { preset: 'labelport', overrides: {} }, workflow: { keepPrevious: false, autoAdvance: false } };

export function useEditorSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const read = useQuery({ ...trpc.settings.get.queryOptions(), staleTime: Infinity });
  const saved: EditorSettings = read.data ?? DEFAULT_SETTINGS;
  const save = useMutation(
    trpc.settings.save.mutationOptions({
      // Shown at once; the server's answer (or a refusal) settles it.
      onMutate: (next) => queryClient.setQueryData(trpc.settings.get.queryKey(), next),
      onSettled: () => queryClient.invalidateQueries(trpc.settings.get.queryFilter()),
    }),
  );
  const keys = useMemo(() => effectiveKeys(DEFAULT_KEYS, saved.keymap.preset, saved.keymap.overrides), [saved.keymap]);
  return {
    settings: saved,
    keys,
    workflow: saved.workflow,
    error: save.error,
    save: (next: EditorSettings) => save.mutate(next),
    saveWorkflow: (workflow: Workflow) => save.mutate({ ...saved, workflow }),
  };
}

export type EditorSettingsState = ReturnType<typeof useEditorSettings>;
