'use client';

import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/Dialog';
import { useTRPC } from '@/components/trpc/provider';
import { conflictPlace, placeText } from './conflict-place';
import type { ImageListItem } from './useImageList';
import { editorImageQuery, type SaveConflict } from './useEditorPersistence';
import type { ProjectType } from './useProject';

export const ago = (at: number) => {
  const seconds = Math.max(0, Math.round((Date.now() - at) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return new Date(at).toLocaleString();
};

interface ConflictDialogProps {
  conflict: SaveConflict | null;
  onChoose: (choice: 'keep' | 'theirs' | 'merge') => void;
  type: ProjectType;
  name: string;
  /** The strip's image at a position (loaded pages), how many it lists, and the one in view. */
  itemAt: (index: number) => ImageListItem | undefined;
  total: number;
  index: number;
  /** Opens the image at a position of the strip; the question stays until it is answered. */
  onOpen: (index: number) => void;
}

/**
 * Another save reached an image first: nothing is overwritten until the user says how the two
 * meet. The image is named: a save is often refused after the user moved on from it.
 */
export function ConflictDialog({ conflict, onChoose, type, name, itemAt, total, index, onOpen }: ConflictDialogProps) {
  const trpc = useTRPC();
  // The editor's own read of the image, when it made one (never read here for the dialog).
  const read = useQuery({ ...editorImageQuery(trpc, type, name, conflict?.uuid ?? '-'), enabled: false }).data?.[0];
  const who = conflict?.change ? `${conflict.change.actor} (${conflict.change.source}, ${ago(conflict.change.at)})` : 'Someone';
  const place = conflict ? conflictPlace(conflict.uuid, { itemAt, total, index }, read?.img_path) : null;
  const words = place ? placeText(place, total) : null;
  const target = place?.path ?? 'this image';
  return (
    <Dialog title="This image was changed meanwhile" open={conflict !== null} onClose={() => undefined} dismissable={false}>
      {conflict && place && words ? (
        <div className="stack">
          <div role="group" aria-label="Conflicting image">
            <strong>{words.name}</strong> <span className="muted">({words.where})</span>
          </div>
          <p>
            {who} saved {conflict.theirs.length} shape{conflict.theirs.length === 1 ? '' : 's'} on {target} while you edited it; you have{' '}
            {conflict.mine.length} there. Nothing was overwritten.
          </p>
          <p className="muted small">
            Your choice applies to {target}
            {place.inView ? '' : ', not to the image in view'}. Merge keeps every shape of both; where you both changed the same shape, yours is kept.
          </p>
          <div className="row end">
            {!place.inView && place.position !== undefined ? (
              <button className="button" onClick={() => place.position !== undefined && onOpen(place.position)} title="Shows the image; this question stays until you answer it">
                Open {target}
              </button>
            ) : null}
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
