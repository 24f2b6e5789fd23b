'use client';

// Reopening a project continues where the user left off on this machine: the same filters, the
// same image and the same active label. A filtered list is read anew on reopening (images
// labelled since have left "To do"), so positions move: the image is found by its uuid, and one
// no longer in the list falls back to the first image instead of a wrong one.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { ImagePosition } from './image-position';
import type { ImageFilter, ImageListItem } from './useImageList';

export interface ResumePoint {
  /** Its position when saved: the unfiltered list's still holds it unless images came or went. */
  index: number;
  /** '': the list was empty. */
  uuid: string;
  /** Its file then: found by it when the image's place moved (images came, went or were renamed since). */
  imgPath?: string;
  label: string;
  filter: ImageFilter;
  /** The strip's second filter: a label, or one annotator's images (Workspace's stripFilter). */
  stripFilter?: string;
}

const keyOf = (type: string, name: string) => `labelport:resume:${type}/${name}`;
const FILTERS: readonly string[] = ['all', 'labeled', 'unlabeled'] satisfies ImageFilter[];

function read(key: string): ResumePoint | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ResumePoint> | null;
    if (!value || typeof value.index !== 'number' || typeof value.uuid !== 'string') return null;
    // A point saved before the filters were saved is the unfiltered list's.
    const filter = typeof value.filter === 'string' && FILTERS.includes(value.filter) ? value.filter : 'all';
    const stripFilter = typeof value.stripFilter === 'string' ? { stripFilter: value.stripFilter } : {};
    const imgPath = typeof value.imgPath === 'string' ? { imgPath: value.imgPath } : {};
    return { index: value.index, uuid: value.uuid, label: String(value.label ?? ''), filter, ...stripFilter, ...imgPath };
  } catch {
    return null;
  }
}

/** Where the user left the project, read once: the workspace opens its list with these filters. */
export function useResumePoint(type: string, name: string): ResumePoint | null {
  const [saved] = useState(() => (typeof localStorage === 'undefined' ? null : read(keyOf(type, name))));
  return saved;
}

export function useResumePosition(options: {
  type: string;
  name: string;
  store: EditorStore;
  saved: ResumePoint | null;
  /** The strip's filters now, saved with the image. */
  filter: ImageFilter;
  stripFilter: string | undefined;
  total: number | null;
  index: number;
  current: ImageListItem | undefined;
  /** The list's item at an index, if read (useImageList's itemAt). */
  itemAt: (index: number) => ImageListItem | undefined;
  labels: readonly string[];
  activeLabel: string;
  /** An image's position in the list as opened (useImageList); undefined: not in it. */
  positionOf: (image: { index: number; uuid: string }) => Promise<number | undefined>;
  ensure: (index: number) => Promise<ImageListItem | undefined>;
  /** An image of the project's whole list by its file (image.locate); null: none. */
  locate: (imgPath: string) => Promise<{ index: number; uuid: string } | null>;
  /** Moved directly: nothing is shown while resuming, so there is nothing to leave or save. */
  position: ImagePosition;
}): { resuming: boolean } {
  const { type, name, store, saved, filter, stripFilter, total, index, current, itemAt, labels, activeLabel, positionOf, ensure, locate, position } = options;
  const key = keyOf(type, name);
  const resumed = useRef<{ image: boolean; label: boolean }>({ image: false, label: false });
  // Until the saved image is found (its page may be a request away), the workspace shows no
  // image: the first one would flash, and a box drawn on it in that moment would stay there.
  // Even an image saved first may have moved: renamed, or others added before it.
  const [resuming, setResuming] = useState(() => saved !== null && (saved.uuid !== '' || saved.filter !== 'all' || saved.stripFilter !== undefined));
  // Another filter picked while the saved image is looked up is a move of the user's: it wins.
  const filters = `${filter}/${stripFilter ?? ''}`;
  const shownFilters = useRef(filters);
  useEffect(() => {
    shownFilters.current = filters;
  }, [filters]);

  useEffect(() => {
    if (resumed.current.image || total === null) return;
    resumed.current.image = true;
    if (!saved || !resuming) return;
    const savedFilters = `${saved.filter}/${saved.stripFilter ?? ''}`;
    const savedAt = async (): Promise<number | undefined> => {
      const at = await positionOf(saved);
      if (at !== undefined && at < total && (await ensure(at))?.uuid === saved.uuid) return at;
      // The whole list is read live: its images may have moved since (a filtered list finds them by uuid).
      if (savedFilters !== 'all/' || !saved.imgPath) return undefined;
      const found = await locate(saved.imgPath);
      return found?.uuid === saved.uuid && found.index < total && (await ensure(found.index))?.uuid === saved.uuid ? found.index : undefined;
    };
    void savedAt()
      .then((at) => {
        // A key pressed meanwhile moved on: the user's move wins.
        if (at !== undefined && at > 0 && position.get() === 0 && shownFilters.current === savedFilters) position.set(at);
      })
      .catch(() => undefined)
      .finally(() => setResuming(false));
  }, [saved, resuming, total, positionOf, ensure, locate, position]);

  useEffect(() => {
    if (resumed.current.label || labels.length === 0) return;
    resumed.current.label = true;
    if (saved?.label && labels.includes(saved.label)) store.setActiveLabel(saved.label);
  }, [saved, labels, store]);

  // What a point is saved with besides its image, and the list's items, as last rendered.
  const context = useRef({ key, activeLabel, filter, stripFilter, itemAt });
  useEffect(() => {
    context.current = { key, activeLabel, filter, stripFilter, itemAt };
  }, [key, activeLabel, filter, stripFilter, itemAt]);
  // The list of the point saved last: another one chosen is saved at once, before its image is
  // read, or a reload meanwhile reopened the list left.
  const savedList = useRef(saved ? `${saved.filter}/${saved.stripFilter ?? ''}` : 'all/');
  const savePoint = useCallback((at: number, item: ImageListItem | undefined) => {
    const { key: storageKey, activeLabel: label, filter: savedFilter, stripFilter: savedStripFilter } = context.current;
    savedList.current = `${savedFilter}/${savedStripFilter ?? ''}`;
    const point: ResumePoint = {
      index: at,
      uuid: item?.uuid ?? '',
      ...(item?.img_path ? { imgPath: item.img_path } : {}),
      label,
      filter: savedFilter,
      ...(savedStripFilter === undefined ? {} : { stripFilter: savedStripFilter }),
    };
    try {
      localStorage.setItem(storageKey, JSON.stringify(point));
    } catch {
      // Storage full or disabled: resuming is a convenience.
    }
  }, []);

  useEffect(() => {
    if (!resumed.current.image || resuming) return;
    // The editor moved on since this render's index: its move saved itself (below).
    if (position.get() !== index) return;
    // An empty list is saved too: reopened, it is that list again.
    if (!current && total !== 0 && savedList.current === filters) return;
    savePoint(index, current);
  }, [savePoint, position, index, current, total, activeLabel, filters, resuming]);

  // The rest of the workspace follows a switch in a transition, which keys and clicks in a rush
  // keep putting off: a tab closed then reopened one or two images back. Each move is saved as
  // it is made, when its image is read (a jump far away is saved by the effect above).
  useEffect(
    () =>
      position.onMove((at) => {
        const item = context.current.itemAt(at);
        if (item && resumed.current.image) savePoint(at, item);
      }),
    [position, savePoint],
  );
  return { resuming };
}
