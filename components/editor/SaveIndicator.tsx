import type { SaveStatus } from './autosave';

const TEXT: Record<SaveStatus, string> = { saved: 'All changes saved', saving: 'Saving…', unsaved: 'Unsaved changes', failed: 'Save failed, retrying…', refused: 'Not saved' };

/** problem: why the last refused edit was not stored (status 'refused'). */
export function SaveIndicator({ status, problem }: { status: SaveStatus; problem?: string | null }) {
  return (
    <span className={`save-indicator save-${status}`} role="status" aria-live="polite" data-status={status}>
      {status === 'refused' && problem ? `${TEXT.refused}: ${problem}` : TEXT[status]}
    </span>
  );
}
