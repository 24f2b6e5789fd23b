'use client';

// A shape finished with no label chosen: ask for one instead of saving an unnamed shape.
// Enter names it (a new name becomes a project label), Escape drops the shape.
import { useState, useSyncExternalStore } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import type { EditorStore } from './model/editor-store';

export function LabelPrompt({ store, labels, onNewLabel }: { store: EditorStore; labels: readonly string[]; onNewLabel: (name: string) => void }) {
  const pending = useSyncExternalStore(store.subscribe, () => store.getState().pendingLabel, () => store.getState().pendingLabel);
  const [text, setText] = useState('');
  const answer = (label: string | null) => {
    const name = label?.trim() ?? '';
    if (name && !labels.includes(name)) onNewLabel(name);
    store.resolvePendingLabel(name || null);
    setText('');
  };
  return (
    <Dialog title="Label for this shape" open={pending !== null} onClose={() => answer(null)}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) answer(text);
        }}
      >
        <label className="field">
          <span>Label</span>
          <input className="input" autoFocus list="label-prompt-names" value={text} onChange={(event) => setText(event.target.value)} placeholder="e.g. car" />
        </label>
        <datalist id="label-prompt-names">
          {labels.map((label) => <option key={label} value={label} />)}
        </datalist>
        <p className="muted small">Pick labels first with 1–9; Escape drops this shape.</p>
        <div className="row">
          <button className="button primary" type="submit" disabled={!text.trim()}>Use label</button>
          <button className="button" type="button" onClick={() => answer(null)}>Drop shape</button>
        </div>
      </form>
    </Dialog>
  );
}
