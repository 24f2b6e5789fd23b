'use client';

// The class table in full: each label's class id, name, color, hotkey, COCO id and YOLO
// index, edited in place; merge into another label and remove, each asking first when shapes use it.
import { useState } from 'react';
import { errorText } from '@/components/trpc/provider';
import { READ_ONLY_REASON } from '@/components/editor/model/editor-store';
import { Dialog } from '@/components/ui/Dialog';
import { fromHex, toHex } from '@/components/ui/color';
import { hotkeyProblem, usageSentence, useMergeQuestion, type ClassRecord, type ClassTable, type LabelRemoval, type MergeQuestion } from './useClassTable';
import type { LabelEdits } from './useLabelEdits';
import { RemoveLabelQuestion } from './RemoveLabelQuestion';

interface ClassesProps {
  open: boolean;
  onClose: () => void;
  table: ClassTable;
  edits: LabelEdits;
  removal: LabelRemoval;
  /** The editor's effective keys: a hotkey must not be one of them. */
  keys: Readonly<Record<string, readonly string[]>>;
  /** A viewer's table: shown, every field disabled (each change would be refused). */
  readOnly: boolean;
}

export function ClassesDialog(props: ClassesProps) {
  return (
    <Dialog wide title="Classes" open={props.open} onClose={props.onClose}>
      <ClassesForm {...props} />
    </Dialog>
  );
}

/** A number field: '' clears it, anything else must be a whole number. */
const parseNumber = (text: string): number | null | undefined => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : undefined);

function ClassesForm({ onClose, table, edits, removal, keys, readOnly }: ClassesProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const merging = useMergeQuestion(table);
  const failure = problem ?? (table.error ? errorText(table.error) : edits.error ? errorText(edits.error) : null);
  // The dialog shows the failure of the latest change only: a change of one kind (a hotkey)
  // clears the failures of the others (a refused rename), or the old message showed again.
  const startChange = () => {
    setProblem(null);
    table.setError(null);
    edits.setError(null);
  };
  const setNumber = (entry: ClassRecord, field: 'coco_id' | 'yolo_index', text: string) => {
    startChange();
    const value = parseNumber(text);
    if (value === undefined) return setProblem(`${field === 'coco_id' ? 'A COCO id' : 'A YOLO index'} is a whole number from 0`);
    if (value !== entry[field]) table.update(entry.name, { [field]: value });
  };
  const setHotkey = (entry: ClassRecord, text: string) => {
    startChange();
    if (text === '') return entry.hotkey === null ? undefined : table.update(entry.name, { hotkey: null });
    const refused = hotkeyProblem(text, keys);
    if (refused) return setProblem(refused);
    if (text.toLowerCase() !== entry.hotkey) table.update(entry.name, { hotkey: text });
  };

  return (
    <div className="stack classes">
      {/* One disabled fieldset disables every field and button of the table at once. */}
      <fieldset disabled={readOnly} title={readOnly ? READ_ONLY_REASON : undefined}>
        <table className="classes-table">
          <thead>
            <tr><th>Id</th><th>Name</th><th>Color</th><th>Hotkey</th><th>COCO id</th><th>YOLO index</th><th /></tr>
          </thead>
          <tbody>
            {table.classes.map((entry) => (
              <tr key={entry.class_id} data-class={entry.name}>
                <td>{entry.class_id}</td>
                <td>
                  <ClassNameField key={entry.name} name={entry.name} rename={(to, onFailed) => (startChange(), edits.rename(entry.name, to, onFailed))} />
                </td>
                <td><input type="color" aria-label={`Class color of ${entry.name}`} value={toHex(entry.color)} onChange={(event) => (startChange(), edits.recolor(entry.name, fromHex(event.target.value)))} /></td>
                <td>
                  <input
                    className="input narrow"
                    aria-label={`Hotkey of ${entry.name}`}
                    defaultValue={entry.hotkey ?? ''}
                    key={`hotkey-${entry.hotkey ?? ''}`}
                    maxLength={2}
                    onBlur={(event) => setHotkey(entry, event.target.value)}
                    onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
                  />
                  <ShadowedHotkey hotkey={entry.hotkey} keys={keys} />
                </td>
                {(['coco_id', 'yolo_index'] as const).map((field) => (
                  <td key={field}>
                    <input
                      className="input narrow"
                      inputMode="numeric"
                      aria-label={`${field === 'coco_id' ? 'COCO id' : 'YOLO index'} of ${entry.name}`}
                      placeholder="auto"
                      defaultValue={entry[field] ?? ''}
                      key={`${field}-${entry[field] ?? ''}`}
                      onBlur={(event) => setNumber(entry, field, event.target.value)}
                      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
                    />
                  </td>
                ))}
                <td className="row">
                  <select
                    className="input"
                    aria-label={`Merge ${entry.name} into`}
                    value=""
                    onChange={(event) => {
                      if (!event.target.value) return;
                      startChange();
                      // Asked first: the select shows "Merge into…" again, whatever the answer.
                      merging.ask(entry.name, event.target.value);
                    }}
                  >
                    <option value="">Merge into…</option>
                    {table.classes.filter((other) => other.name !== entry.name).map((other) => <option key={other.class_id} value={other.name}>{other.name}</option>)}
                  </select>
                  <button type="button" className="button small" aria-label={`Remove class ${entry.name}`} onClick={() => (startChange(), removal.ask(entry.name))}>Remove</button>
                </td>
              </tr>
            ))}
            {table.loaded && table.classes.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted">No classes yet: add a label in the Labels panel, or draw a shape and name it.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </fieldset>
      <p className="muted small">
        Exports list every class in id order: COCO ids and YOLO indexes left on auto follow that order (from the export's base).
      </p>
      <RemoveLabelQuestion removal={removal} />
      <MergeLabelQuestion merging={merging} />
      {failure ? <p className="error small" role="alert">{failure}</p> : null}
      <div className="row end">
        <button type="button" className="button" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}

/**
 * A class's name, renamed on Enter or when left. A refused name goes back to the stored one
 * here: the stored name did not change, so nothing else would put it back in the field.
 */
function ClassNameField({ name, rename }: { name: string; rename: (to: string, onFailed: () => void) => void }) {
  const [text, setText] = useState(name);
  const commit = () => {
    const to = text.trim();
    if (to && to !== name) rename(to, () => setText(name));
  };
  return (
    <input
      className="input"
      aria-label={`Name of ${name}`}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
    />
  );
}

/** The question before a merge: every shape of the label is relabelled, which no undo takes back. */
function MergeLabelQuestion({ merging }: { merging: MergeQuestion }) {
  const { pending } = merging;
  if (!pending) return null;
  return (
    <div className="remove-question" role="alertdialog" aria-label={`Merge ${pending.label} into ${pending.into}?`}>
      <p>
        {usageSentence(pending)}. Relabel {pending.shapes === 1 ? 'it' : 'them all'} as {pending.into} and drop {pending.label} from the list? This cannot be undone.
      </p>
      <div className="row end">
        {/* Focus leaves the select for the question: Enter keeps the label as it is. */}
        <button type="button" className="button" onClick={merging.cancel} autoFocus>Keep {pending.label}</button>
        <button type="button" className="button primary" onClick={merging.confirm}>Yes, merge into {pending.into}</button>
      </div>
    </div>
  );
}

/**
 * A hotkey an editor action has taken since it was set (another key preset, a rebinding, a
 * client's REST call): the key runs the action, and the class was never picked by it.
 */
function ShadowedHotkey({ hotkey, keys }: { hotkey: string | null; keys: Readonly<Record<string, readonly string[]>> }) {
  const problem = hotkey ? hotkeyProblem(hotkey, keys) : null;
  return problem ? <span className="warning small" role="status">{problem}: it runs that action, not this class</span> : null;
}
