'use client';

import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { READ_ONLY_REASON, type EditorStore } from '@/components/editor/model/editor-store';
import { toggleIn } from '@/components/editor/model/visibility';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { fromHex, toHex } from '@/components/ui/color';
import { RemoveLabelQuestion } from './RemoveLabelQuestion';
import type { ClassRecord, LabelRemoval } from './useClassTable';
import type { LabelEdits, LabelRecord } from './useLabelEdits';
import { VisibilityToggles } from './VisibilityToggles';
import type { ProjectType } from './useProject';

export type { LabelRecord };

/** The project's labels in panel order, read from the server when the workspace opens. */
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
  /** The workspace's label changes, shared with the label question of a finished shape. */
  edits: LabelEdits;
  /** A viewer's panel: labels pick, hide and lock, but no add, rename, recolor or remove (each refused). */
  readOnly: boolean;
  /** Hiding and locking a label's shapes is a view of the editor. */
  store: EditorStore;
  /** The class table's row of a label (its class id and hotkey), once read. */
  classOf: (label: string) => ClassRecord | undefined;
  removal: LabelRemoval;
  onOpenClasses: () => void;
}) {
  const { edits, store, removal, readOnly } = props;
  const visibility = useSyncExternalStore(store.subscribe, () => store.getState().visibility, () => store.getState().visibility);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [editText, setEditText] = useState('');

  const add = () => {
    const label = draft.trim();
    setDraft('');
    if (!label) return;
    edits.add(label);
    props.onPick(label);
  };
  const commitRename = (from: string) => {
    const to = editText.trim();
    setEditing(null);
    if (!to || to === from) return;
    edits.rename(from, to);
  };

  return (
    <section className="panel" aria-label="Labels">
      <div className="row panel-heading">
        <h2 className="panel-title">Labels</h2>
        <button type="button" className="button small" onClick={props.onOpenClasses}>Classes…</button>
      </div>
      <ul className="label-list">
        {props.labels.map((label, index) => {
          const entry = props.classOf(label.name);
          return (
            <li key={label.name} className={label.name === props.activeLabel ? 'label-row active' : 'label-row'}>
              <span className="label-class-id muted small" title="Class id (the export order)" aria-label={`Class id of ${label.name}`}>{entry?.class_id ?? ''}</span>
              <input
                type="color"
                aria-label={`Color of ${label.name}`}
                value={toHex(label.color)}
                disabled={readOnly}
                title={readOnly ? READ_ONLY_REASON : undefined}
                onChange={(event) => edits.recolor(label.name, fromHex(event.target.value))}
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
                <button className="label-name" title={label.name} onClick={() => props.onPick(label.name)} onDoubleClick={() => readOnly || (setEditing(label.name), setEditText(label.name))}>
                  {index < 9 ? <kbd>{index + 1}</kbd> : null} {label.name}
                </button>
              )}
              {entry?.hotkey ? <kbd className="label-hotkey" title="Hotkey" aria-label={`Hotkey of ${label.name}`}>{entry.hotkey.toUpperCase()}</kbd> : null}
              <VisibilityToggles
                name={label.name}
                hidden={{ on: visibility.hiddenLabels.includes(label.name), shown: visibility.hiddenLabels.includes(label.name), toggle: () => store.setVisibility({ ...visibility, hiddenLabels: toggleIn(visibility.hiddenLabels, label.name) }) }}
                locked={{ on: visibility.lockedLabels.includes(label.name), shown: visibility.lockedLabels.includes(label.name), toggle: () => store.setVisibility({ ...visibility, lockedLabels: toggleIn(visibility.lockedLabels, label.name) }) }}
              />
              {readOnly ? null : (
                <>
                  <button className="icon-button small" aria-label={`Rename ${label.name}`} onClick={() => (setEditing(label.name), setEditText(label.name))}>✎</button>
                  <button className="icon-button small" aria-label={`Remove ${label.name}`} onClick={() => removal.ask(label.name)}>×</button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <RemoveLabelQuestion removal={removal} />
      {readOnly ? null : (
        <form className="row" onSubmit={(event) => (event.preventDefault(), add())}>
          <input className="input" aria-label="New label" placeholder="New label" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button className="button" type="submit">Add</button>
        </form>
      )}
      {edits.error ? <p className="error small" role="alert">{errorText(edits.error)}</p> : null}
    </section>
  );
}
