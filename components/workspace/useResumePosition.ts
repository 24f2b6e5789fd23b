'use client';

// Reopening a project continues where the user left off on this machine: the same image and
// the same active label. The image is found by its position and checked by uuid, so a
// folder that changed since falls back to the first image instead of a wrong one.
import { useEffect, useRef, useState } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
import type { ImagePosition } from './image-position';
import type { ImageListItem } from './useImageList';

interface ResumePoint {
  index: number;
  uuid: string;
  label: string;
}

const keyOf = (type: string, name: string) => `labelport:resume:${type}/${name}`;

function read(key: string): ResumePoint | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ResumePoint> | null;
    return value && typeof value.index === 'number' && typeof value.uuid === 'string' ? { index: value.index, uuid: value.uuid, label: String(value.label ?? '') } : null;
  } catch {
    return null;
  }
}

export function useResumePosition(options: {
  type: string;
  name: string;
  store: EditorStore;
  /** Only the unfiltered list is resumed: a filtered one is a different order. */
  active: boolean;
  total: number | null;
  index: number;
  current: ImageListItem | undefined;
  labels: readonly string[];
  activeLabel: string;
  ensure: (index: number) => Promise<ImageListItem | undefined>;
  /** Moved directly: nothing is shown while resuming, so there is nothing to leave or save. */
  position: ImagePosition;
}): { resuming: boolean } {
  const { type, name, store, active, total, index, current, labels, activeLabel, ensure, position } = options;
  const key = keyOf(type, name);
  const resumed = useRef<{ image: boolean; label: boolean }>({ image: false, label: false });
  // Read once: the position is written back as soon as the first image shows.
  const [saved] = useState(() => (typeof localStorage === 'undefined' ? null : read(key)));
  // Until the saved image is found (its page may be a request away), the workspace shows no
  // image: the first one would flash, and a box drawn on it in that moment would stay there.
  const [resuming, setResuming] = useState(() => saved !== null && saved.index > 0);

  useEffect(() => {
    if (resumed.current.image || total === null) return;
    resumed.current.image = true;
    if (!active || !saved || saved.index <= 0 || saved.index >= total) {
      setResuming(false);
      return;
    }
    void ensure(saved.index)
      .then((item) => {
        // A key pressed meanwhile moved on: the user's move wins.
        if (item?.uuid === saved.uuid && position.get() === 0) position.set(saved.index);
      })
      .finally(() => setResuming(false));
  }, [saved, active, total, ensure, position]);

  useEffect(() => {
    if (resumed.current.label || labels.length === 0) return;
    resumed.current.label = true;
    if (saved?.label && labels.includes(saved.label)) store.setActiveLabel(saved.label);
  }, [saved, labels, store]);

  useEffect(() => {
    if (!active || !current || !resumed.current.image || resuming) return;
    try {
      localStorage.setItem(key, JSON.stringify({ index, uuid: current.uuid, label: activeLabel } satisfies ResumePoint));
    } catch {
      // Storage full or disabled: resuming is a convenience.
    }
  }, [key, active, index, current, activeLabel, resuming]);
  return { resuming };
}
