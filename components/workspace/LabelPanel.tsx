'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, useTRPC } from '@/components/trpc/provider';
import type { ProjectType } from './useProject';

export interface LabelRecord {
  name: string;
  color: string;
}

/** rgba(r,g,b,a) ↔ #rrggbb for the color input. */
export function toHex(color: string): string {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!match) return color.startsWith('#') ? color.slice(0, 7) : '#00c000';
  return `#${match.slice(1, 4).map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`;
}
const fromHex = (hex: string) => `rgba(${parseInt(hex.slice(1, 3), 16)},${parseInt(hex.slice(3, 5), 16)},${parseInt(hex.slice(5, 7), 16)},1.0)`;

export function useLabels(type: ProjectType, name: string) {
  const trpc = useTRPC();
  return useQuery(trpc.label.list.queryOptions({ annotation_type: type, project_name: name }));
}

export function LabelPanel(props: {
  type: ProjectType;
  name: string;
  labels: LabelRecord[];
  activeLabel: string;
  onPick: (label: string) => void;
  onRenamed: (from: string, to: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { annotation_type: props.type, project_name: props.name };
  const refresh = () => queryClient.invalidateQueries(trpc.label.list.queryFilter(ids));
  const save = useMutation(trpc.label.save.mutationOptions({ onSuccess: refresh }));
  const rename = useMutation(trpc.label.rename.mutationOptions({ onSuccess: refresh }));
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [editText, setEditText] = useState('');

  const saveList = (labels: LabelRecord[]) => save.mutate({ ...ids, labels });
  const add = () => {
    const label = draft.trim();
    if (!label || props.labels.some((existing) => existing.name === label)) return;
    saveList([...props.labels, { name: label, color: '' }]);
    setDraft('');
    props.onPick(label);
  };
  const commitRename = (from: string) => {
    const to = editText.trim();
    setEditing(null);
    if (!to || to === from) return;
    rename.mutate({ ...ids, from, to }, { onSuccess: () => props.onRenamed(from, to) });
  };

  return (
    <section className="panel" aria-label="Labels">
      <h2 className="panel-title">Labels</h2>
      <ul className="label-list">
        {props.labels.map((label, index) => (
          <li key={label.name} className={label.name === props.activeLabel ? 'label-row active' : 'label-row'}>
            <input
              type="color"
              aria-label={`Color of ${label.name}`}
              value={toHex(label.color)}
              onChange={(event) => saveList(props.labels.map((item) => (item.name === label.name ? { ...item, color: fromHex(event.target.value) } : item)))}
            />
            {editing === label.name ? (
              <input
                className="label-edit"
                aria-label={`New name for ${label.name}`}
                value={editText}
                autoFocus
                onChange={(event) => setEditText(event.target.value)}
                onBlur={() => commitRename(label.name)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commitRename(label.name);
                  if (event.key === 'Escape') setEditing(null);
                }}
              />
            ) : (
              <button className="label-name" onClick={() => props.onPick(label.name)} onDoubleClick={() => (setEditing(label.name), setEditText(label.name))}>
                {index < 9 ? <kbd>{index + 1}</kbd> : null} {label.name}
              </button>
            )}
            <button className="icon-button small" aria-label={`Rename ${label.name}`} onClick={() => (setEditing(label.name), setEditText(label.name))}>✎</button>
            <button className="icon-button small" aria-label={`Remove ${label.name}`} onClick={() => saveList(props.labels.filter((item) => item.name !== label.name))}>×</button>
          </li>
        ))}
      </ul>
      <form className="row" onSubmit={(event) => (event.preventDefault(), add())}>
        <input className="input" aria-label="New label" placeholder="New label" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <button className="button" type="submit">Add</button>
      </form>
      {save.error || rename.error ? <p className="error small" role="alert">{errorText(save.error ?? rename.error)}</p> : null}
    </section>
  );
}
