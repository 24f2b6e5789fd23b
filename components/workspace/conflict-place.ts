// Which image a save conflict is about, and where it is: autosave refuses an image's save
// while the user may be on another one (the switch to the next image flushes the save of the
// image left), so the dialog names the image, says whether it is the one in view, and where
// in the strip it is to open it.

interface ListedImage {
  uuid: string;
  img_path: string;
}

export interface PlaceLookup {
  /** The strip's image at a position, when its page is loaded. */
  itemAt: (index: number) => ListedImage | undefined;
  /** How many images the strip's list holds. */
  total: number;
  /** The position in view. */
  index: number;
}

export interface ConflictPlace {
  uuid: string;
  /** The image's file path; null when neither the editor nor the strip knows it. */
  path: string | null;
  /** Its position in the strip's list (loaded pages only); undefined: not found there. */
  position: number | undefined;
  /** It is the image in view. */
  inView: boolean;
  /** The image in view: its position and path (null: not known). */
  shown: { position: number; path: string | null };
}

/** The position of uuid among the loaded pages of the list, looked for outwards from near: a conflict is most often about a neighbour. */
export function positionNear(uuid: string, { itemAt, total, index }: PlaceLookup): number | undefined {
  const near = Math.min(Math.max(index, 0), Math.max(total - 1, 0));
  for (let distance = 0; distance < total; distance++) {
    const after = near + distance;
    const before = near - distance;
    if (after >= total && before < 0) break;
    if (after < total && itemAt(after)?.uuid === uuid) return after;
    if (distance > 0 && before >= 0 && itemAt(before)?.uuid === uuid) return before;
  }
  return undefined;
}

/** Where the conflict's image is. knownPath: its path as the editor read it, when it did. */
export function conflictPlace(uuid: string, lookup: PlaceLookup, knownPath?: string | null): ConflictPlace {
  const position = positionNear(uuid, lookup);
  const listed = position === undefined ? undefined : lookup.itemAt(position);
  const shownItem = lookup.itemAt(lookup.index);
  return {
    uuid,
    path: knownPath || listed?.img_path || null,
    position,
    inView: shownItem?.uuid === uuid,
    shown: { position: lookup.index, path: shownItem?.img_path || null },
  };
}

/** The words of the dialog about where the image is. */
export function placeText(place: ConflictPlace, total: number): { name: string; where: string } {
  const name = place.path ?? `Image ${place.uuid}`;
  const at = place.position === undefined ? '' : `${place.position + 1} / ${total}`;
  if (place.inView) return { name, where: at ? `${at}, the image in view` : 'the image in view' };
  // The list not read yet (a journal replayed as the workspace opens): no position to speak of.
  const shown = total > 0 ? `: you are on ${place.shown.position + 1} / ${total}${place.shown.path ? ` (${place.shown.path})` : ''}` : '';
  if (!at) return { name, where: `not found among the strip's images loaded; not the image in view${shown}` };
  return { name, where: `${at} in the strip; not the image in view${shown}` };
}
