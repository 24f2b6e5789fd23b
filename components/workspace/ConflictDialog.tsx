'use client';

import { Dialog } from '@/components/ui/Dialog';
import type { SaveConflict } from './useEditorPersistence';

export const ago = (at: number) => {
  const seconds = Math.max(0, Math.round((Date.now() - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return new Date(at).toLocaleString();
};

/** Another save reached an image first: nothing is overwritten until the user says how the two meet. */
export function ConflictDialog({ conflict, onChoose }: { conflict: SaveConflict | null; onChoose: (choice: 'keep' | 'theirs' | 'merge') => void }) {
  const who = conflict?.change ? `${conflict.change.actor} (${conflict.change.source}, ${ago(conflict.change.at)})` : 'Someone';
  return (
    <Dialog title="This image was changed meanwhile" open={conflict !== null} onClose={() => undefined} dismissable={false}>
      {conflict ? (
        <div className="stack">
          <p>
            {who} saved {conflict.theirs.length} shape{conflict.theirs.length === 1 ? '' : 's'} on this image while you edited it; you have{' '}
            {conflict.mine.length}. Nothing was overwritten.
          </p>
          <p className="muted small">Merge keeps every shape of both; where you both changed the same shape, yours is kept.</p>
          <div className="row end">
            <button className="button" onClick={() => onChoose('theirs')}>
              Take theirs
            </button>
            <button className="button" onClick={() => onChoose('keep')}>
              Keep mine
            </button>
            <button className="button primary" onClick={() => onChoose('merge')}>
              Merge shapes
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
