import { Dialog } from '@/components/ui/Dialog';
import { ACTIONS, POINTER_GESTURES, type ActionContext } from './actions/actions';
import { formatChord } from './actions/keymap';

/** Every action with its current keys, in registry order, then the mouse gestures. */
export function ShortcutsHelp({ open, onClose, keys, context }: { open: boolean; onClose: () => void; keys: Readonly<Record<string, readonly string[]>>; context: ActionContext }) {
  return (
    <Dialog wide title="Keyboard shortcuts" open={open} onClose={onClose}>
      {/* The table scrolls, not the dialog: its first focus, Close, is below the table and had
          scrolled the title and the first keys out of sight. */}
      <div className="dialog-scroll">
        <table className="shortcuts">
          <tbody>
            {ACTIONS.filter((action) => action.available?.(context) !== false).map((action) => (
              <tr key={action.id} data-action={action.id}>
                <td>{(keys[action.id] ?? []).map((chord) => <kbd key={chord}>{formatChord(chord)}</kbd>)}</td>
                <td>{action.title}</td>
              </tr>
            ))}
            {POINTER_GESTURES.map((gesture) => (
              <tr key={gesture.input}>
                <td><kbd>{gesture.input}</kbd></td>
                <td>{gesture.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="row end">
        <button className="button primary" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}
