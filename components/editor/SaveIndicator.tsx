import { useSyncExternalStore } from 'react';
import type { SaveStatus } from './autosave';
import type { InputHold } from './held-input';

const TEXT: Record<SaveStatus, string> = { saved: 'All changes saved', saving: 'Saving…', unsaved: 'Unsaved changes', failed: 'Save failed, retrying…', refused: 'Not saved' };

const NOTHING_HELD = () => () => undefined;

/**
 * problem: why the last refused edit was not stored (status 'refused'). held: input waiting for
 * its image (drawn right after D) is no edit the server has, so nothing is "saved" meanwhile.
 */
export function SaveIndicator({ status: saved, problem, held }: { status: SaveStatus; problem?: string | null; held?: InputHold }) {
  const holding = useSyncExternalStore(held?.subscribe ?? NOTHING_HELD, () => held?.holding ?? false, () => false);
  const status = holding && saved === 'saved' ? 'unsaved' : saved;
  return (
    <span className={`save-indicator save-${status}`} role="status" aria-live="polite" data-status={status}>
      {status === 'refused' && problem ? `${TEXT.refused}: ${problem}` : TEXT[status]}
    </span>
  );
}
