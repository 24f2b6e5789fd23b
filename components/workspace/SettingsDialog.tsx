'use client';

// Keys and workflow switches, per machine: a preset, then any action rebound by pressing the
// new key. A key bound to two actions is shown on both and blocks saving until resolved.
import { useMemo, useState } from 'react';
import { ACTIONS, DEFAULT_KEYS, type ActionContext } from '@/components/editor/actions/actions';
import { chordOf, effectiveKeys, findConflicts, formatChord, PRESETS, type PresetId } from '@/components/editor/actions/keymap';
import { errorText } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';
import type { EditorSettings, EditorSettingsState } from './useEditorSettings';

interface SettingsProps {
  open: boolean;
  onClose: () => void;
  settings: EditorSettingsState;
  context: ActionContext;
  /** This project's class hotkeys (key to label): a key an action takes is theirs no more. */
  classHotkeys: ReadonlyMap<string, string>;
}

export function SettingsDialog(props: SettingsProps) {
  return (
    <Dialog wide title="Settings" open={props.open} onClose={props.onClose}>
      <SettingsForm {...props} />
    </Dialog>
  );
}

function SettingsForm({ onClose, settings, context, classHotkeys }: SettingsProps) {
  const [draft, setDraft] = useState<EditorSettings>(settings.settings);
  const [capturing, setCapturing] = useState<string | null>(null);
  const keys = useMemo(() => effectiveKeys(DEFAULT_KEYS, draft.keymap.preset, draft.keymap.overrides), [draft.keymap]);
  // Only the actions this project offers (and shows below) can clash here.
  const shown = ACTIONS.filter((action) => action.available?.(context) !== false);
  const conflicts = findConflicts(Object.fromEntries(shown.map((action) => [action.id, keys[action.id] ?? []])));
  const conflictOf = (actionId: string) => conflicts.filter((conflict) => conflict.actions.includes(actionId));
  const titleOf = (actionId: string) => ACTIONS.find((action) => action.id === actionId)?.title ?? actionId;

  const setKeys = (actionId: string, chords: string[]) => setDraft((current) => ({ ...current, keymap: { ...current.keymap, overrides: { ...current.keymap.overrides, [actionId]: chords } } }));
  const save = () => {
    settings.save(draft);
    onClose();
  };

  return (
    <form className="stack settings" onSubmit={(event) => (event.preventDefault(), save())}>
      <label className="row">
        Key preset
        <select
          className="input"
          aria-label="Key preset"
          value={draft.keymap.preset}
          onChange={(event) => setDraft({ ...draft, keymap: { preset: event.target.value as PresetId, overrides: {} } })}
        >
          {(Object.keys(PRESETS) as PresetId[]).map((id) => <option key={id} value={id}>{PRESETS[id].title}</option>)}
        </select>
      </label>
      <fieldset className="row">
        <label><input type="checkbox" checked={draft.workflow.keepPrevious} onChange={(event) => setDraft({ ...draft, workflow: { ...draft.workflow, keepPrevious: event.target.checked } })} /> Keep previous shapes on empty images</label>
        <label><input type="checkbox" checked={draft.workflow.autoAdvance} onChange={(event) => setDraft({ ...draft, workflow: { ...draft.workflow, autoAdvance: event.target.checked } })} /> Auto-advance after labelling a shape</label>
      </fieldset>
      <div className="keymap-table">
        <table className="shortcuts keymap">
          <tbody>
            {shown.map((action) => {
              const clash = conflictOf(action.id);
              return (
                <tr key={action.id} data-action={action.id} className={clash.length > 0 ? 'conflict' : undefined}>
                  <td>{action.title}</td>
                  <td>
                    {(keys[action.id] ?? []).map((chord) => <kbd key={chord}>{formatChord(chord)}</kbd>)}
                    {clash.map((conflict) => (
                      <span key={conflict.chord} className="error small" role="alert">
                        {' '}{formatChord(conflict.chord)} is also {conflict.actions.filter((id) => id !== action.id).map(titleOf).join(', ')}
                      </span>
                    ))}
                    {/* Keymaps are per machine, class hotkeys per project: said, not blocking. */}
                    {(keys[action.id] ?? []).flatMap((chord) => {
                      const label = classHotkeys.get(chord);
                      return label === undefined ? [] : [
                        <span key={`class-${chord}`} className="warning small" role="status">
                          {' '}{formatChord(chord)} is also the hotkey of class {label} in this project: this action takes it
                        </span>,
                      ];
                    })}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Set key for ${action.id}`}
                      onClick={() => setCapturing(action.id)}
                      onBlur={() => setCapturing(null)}
                      onKeyDown={(event) => {
                        if (capturing !== action.id) return;
                        const chord = chordOf(event);
                        // Space is held to pan: it cannot be an action's key.
                        if (!chord || chord === 'Space') return;
                        event.preventDefault();
                        event.stopPropagation();
                        setCapturing(null);
                        if (chord !== 'Escape') setKeys(action.id, [chord]);
                      }}
                    >
                      {capturing === action.id ? 'Press a key…' : 'Set'}
                    </button>
                    <button type="button" className="button small" aria-label={`Clear keys of ${action.id}`} onClick={() => setKeys(action.id, [])}>Clear</button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {settings.error ? <p className="error small" role="alert">{errorText(settings.error)}</p> : null}
      <div className="row end">
        <button type="button" className="button" onClick={() => setDraft({ ...draft, keymap: { ...draft.keymap, overrides: {} } })}>Reset keys to preset</button>
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button primary" disabled={conflicts.length > 0}>Save</button>
      </div>
    </form>
  );
}
