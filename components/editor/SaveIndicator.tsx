import type { SaveStatus } from './autosave';

const TEXT: Record<SaveStatus, string> = { saved: 'All changes saved', saving: 'Saving…', unsaved: 'Unsaved changes', failed: 'Save failed, retrying…' };

export function SaveIndicator({ status }: { status: SaveStatus }) {
  return (
    <span className={`save-indicator save-${status}`} role="status" aria-live="polite" data-status={status}>
      {TEXT[status]}
    </span>
  );
}
