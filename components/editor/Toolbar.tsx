'use client';

import { useSyncExternalStore } from 'react';
import type { CanvasHandle } from './EditorCanvas';
import type { EditorStore } from './model/editor-store';
import type { Tool } from './model/types';

export function Toolbar({ store, type, canvas, onHelp }: { store: EditorStore; type: 'bndbox' | 'seg'; canvas: CanvasHandle | null; onHelp: () => void }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const tools: Array<[Tool, string, string]> = [
    ['select', 'Select', 'V'],
    type === 'bndbox' ? ['box', 'Box', 'B'] : ['polygon', 'Polygon', 'P'],
  ];
  return (
    <div className="toolbar" role="toolbar" aria-label="Tools">
      {tools.map(([tool, label, key]) => (
        <button key={tool} className={state.tool === tool ? 'button active' : 'button'} aria-pressed={state.tool === tool} onClick={() => store.setTool(tool)} title={`${label} (${key})`}>
          {label} <kbd>{key}</kbd>
        </button>
      ))}
      <span className="toolbar-gap" />
      <button className="button" onClick={() => store.undo()} disabled={!state.canUndo} title="Undo (Ctrl+Z)">Undo</button>
      <button className="button" onClick={() => store.redo()} disabled={!state.canRedo} title="Redo (Ctrl+Shift+Z)">Redo</button>
      <button className="button" onClick={() => store.deleteSelected()} disabled={!state.selectedId} title="Delete (Del)">Delete</button>
      <span className="toolbar-gap" />
      <button className="button" onClick={() => canvas?.fit()} title="Fit (F)">Fit</button>
      {/* Not "100%": that read as the zoom level, which the canvas corner shows. */}
      <button className="button" onClick={() => canvas?.actualSize()} title="Actual size, 100%" aria-label="Actual size">1:1</button>
      <button className="button" onClick={onHelp} title="Shortcuts (?)" aria-label="Keyboard shortcuts">?</button>
    </div>
  );
}
