import { Dialog } from '@/components/ui/Dialog';
import { SHORTCUT_HELP } from './model/shortcuts';

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open={open} onClose={onClose}>
      <table className="shortcuts">
        <tbody>
          {SHORTCUT_HELP.map((entry) => (
            <tr key={entry.keys}>
              <td><kbd>{entry.keys}</kbd></td>
              <td>{entry.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row end">
        <button className="button primary" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}
