// Whether the image at the editor's position can be shown at all: its shapes' read may answer
// nothing (the image was deleted meanwhile: the server answers [] for a uuid it no longer has)
// or fail. The editor then says so, draws no shapes (the store still holds the image left
// behind) and takes no drawing, instead of waiting for ever without a word.
import type { CanvasNotice } from '@/components/editor/canvas-notice';

export type ImageAvailability =
  | { state: 'loading' }
  | { state: 'ready' }
  | { state: 'missing' }
  | { state: 'failed'; reason: string; retrying: boolean };

/** The editor's read of one image, as the query reports it. */
export interface ImageRead {
  data: readonly unknown[] | undefined;
  error: unknown;
  fetching: boolean;
}

/**
 * What the read says of the image. Shapes read once stay shown whatever a later read does (a
 * refetch failing keeps the data); an empty answer is an image the project no longer has; an
 * error with nothing read is a failed read (retrying while it is asked again).
 */
export function availabilityOf(read: ImageRead, describe: (error: unknown) => string): ImageAvailability {
  if (read.data && read.data.length > 0) return { state: 'ready' };
  if (read.data) return { state: 'missing' };
  if (read.error) return { state: 'failed', reason: describe(read.error), retrying: read.fetching };
  return { state: 'loading' };
}

/**
 * The notice for an image that cannot be shown, or null. droppedInput: input made on it while
 * its read was on its way was let go (it has no image to land on).
 */
export function noticeOf(availability: ImageAvailability, droppedInput = false): CanvasNotice | null {
  if (availability.state !== 'missing' && availability.state !== 'failed') return null;
  const dropped = droppedInput ? 'What was drawn on it before this was known was not kept. ' : '';
  const detail = `${dropped}Nothing can be drawn on it; go on to another image.`;
  if (availability.state === 'missing') return { text: 'This image is no longer in the project.', detail, retry: false, retrying: false, refusesInput: true };
  return { text: `This image could not be loaded: ${availability.reason}`, detail, retry: true, retrying: availability.retrying, refusesInput: true };
}
