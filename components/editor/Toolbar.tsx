'use client';

// Buttons for the actions, with the tooltips (title and current key) made from the registry.
import { Menu } from '@/components/ui/Menu';
import { actionById, type ActionContext } from './actions/actions';
import { firstKeyHint, formatChord } from './actions/keymap';
import { READ_ONLY_REASON } from './model/editor-store';
import { toolsFor } from './model/tools';
import { useEditorSelector } from './useEditorSelector';
import { switchNotice, WORKFLOW_SWITCHES, type WorkflowSwitch } from './workflow-switches';

interface ToolbarProps {
  context: ActionContext;
  keys: Readonly<Record<string, readonly string[]>>;
  workflow: Record<WorkflowSwitch, boolean>;
}

export function Toolbar({ context, keys, workflow }: ToolbarProps) {
  const { store, projectType } = context;
  // Not the shapes themselves: a drag changes them on every pointer move.
  const state = useEditorSelector(store, (current) => ({
    tool: current.tool,
    readOnly: current.readOnly,
    canUndo: current.canUndo,
    canRedo: current.canRedo,
    selectedKinds: current.shapes.filter((shape) => current.selectedIds.includes(shape.id)).map((shape) => shape.kind),
  }));
  const keyOf = (id: string) => {
    const chord = keys[id]?.[0];
    return chord ? formatChord(chord) : '';
  };
  const tip = (id: string, title?: string) => `${title ?? actionById(id)?.title ?? id}${firstKeyHint(keys, id)}`;
  const run = (id: string) => {
    const action = actionById(id);
    if (action && action.available?.(context) !== false) action.run(context);
  };
  const button = (id: string, text: string, options: { disabled?: boolean; pressed?: boolean; label?: string } = {}) => (
    <button
      key={id}
      className={options.pressed ? 'button active' : 'button'}
      aria-pressed={options.pressed}
      aria-label={options.label}
      disabled={options.disabled}
      title={tip(id)}
      onClick={() => run(id)}
    >
      {text}
    </button>
  );
  /** changes: the item edits shapes, which a viewer is not offered (it would do nothing, silently). */
  const item = (id: string, text: string, options: { disabled?: boolean; checked?: boolean; changes?: boolean } = {}) => (
    <button
      key={id}
      className="menu-item"
      role={options.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
      aria-checked={options.checked}
      disabled={options.disabled || (options.changes && state.readOnly)}
      title={options.changes && state.readOnly ? `${text}: ${READ_ONLY_REASON}` : tip(id)}
      onClick={() => run(id)}
    >
      {options.checked === undefined ? '' : options.checked ? '☑ ' : '☐ '}
      {text} {keyOf(id) ? <kbd>{keyOf(id)}</kbd> : null}
    </button>
  );
  const selected = state.selectedKinds;
  const onePolygon = selected.length === 1 && selected[0] === 'polygon';

  return (
    <div className="toolbar" role="toolbar" aria-label="Tools">
      {toolsFor(projectType).map((tool) => (
        <button
          key={tool.id}
          className={state.tool === tool.id ? 'button active' : 'button'}
          aria-pressed={state.tool === tool.id}
          onClick={() => store.setTool(tool.id)}
          disabled={state.readOnly && tool.id !== 'select'}
          title={state.readOnly && tool.id !== 'select' ? `${tool.title}: ${READ_ONLY_REASON}` : tip(`tool.${tool.id}`, `${tool.title}: ${tool.hint}`)}
          aria-label={tool.title}
        >
          <span className="tool-icon" aria-hidden="true">{tool.icon}</span>
          <span className="tool-text">{tool.title}</span> {keyOf(`tool.${tool.id}`) ? <kbd>{keyOf(`tool.${tool.id}`)}</kbd> : null}
        </button>
      ))}
      <span className="toolbar-gap" />
      {button('edit.undo', '↶', { disabled: !state.canUndo, label: 'Undo' })}
      {button('edit.redo', '↷', { disabled: !state.canRedo, label: 'Redo' })}
      {button('edit.delete', '✕', { disabled: selected.length === 0, label: 'Delete' })}
      <span className="toolbar-gap" />
      <Menu label="More ▾" title="Shape tools, propagation and workflow" align="left" closeOnChoice>
        {item('edit.selectAll', 'Select all')}
        {item('edit.copy', 'Copy', { disabled: selected.length === 0 })}
        {item('edit.paste', 'Paste', { changes: true })}
        {item('edit.pasteInPlace', 'Paste in place', { changes: true })}
        <hr />
        {item('shape.simplify', 'Simplify polygon…', { disabled: !onePolygon, changes: true })}
        {item('shape.toBox', 'Polygon to bounding box', { disabled: !selected.includes('polygon'), changes: true })}
        <hr />
        {item('propagate.copyToImages', 'Copy shapes to images…')}
        {item('propagate.keepPrevious', 'Keep previous', { checked: workflow.keepPrevious, changes: true })}
        {item('workflow.autoAdvance', 'Auto-advance', { checked: workflow.autoAdvance, changes: true })}
        <hr />
        {item('view.hideSelected', 'Hide selected', { disabled: selected.length === 0 })}
        {item('view.lockSelected', 'Lock / unlock selected', { disabled: selected.length === 0 })}
        {item('view.showAll', 'Show and unlock all')}
        {item('view.checkDataset', 'Check dataset…')}
        {item('view.settings', 'Settings…')}
      </Menu>
      {/* Out of sight in the menu, a switch left on was easily forgotten while it copied shapes onto every empty image or moved on after each label. */}
      {(['keepPrevious', 'autoAdvance'] as const).map((which) =>
        workflow[which] ? (
          <span key={which} className="badge" title={`${switchNotice(which, true)}${firstKeyHint(keys, WORKFLOW_SWITCHES[which].action)}`}>
            {WORKFLOW_SWITCHES[which].name}
          </span>
        ) : null,
      )}
      <span className="toolbar-gap" />
      {button('view.fit', 'Fit')}
      {/* Not "100%": that read as the zoom level, which the canvas corner shows. */}
      {button('view.actualSize', '1:1', { label: 'Actual size' })}
      {button('view.help', '?', { label: 'Keyboard shortcuts' })}
    </div>
  );
}
