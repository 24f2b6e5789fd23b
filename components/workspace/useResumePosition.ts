'use client';

// Reopening a project continues where the user left off on this machine: the same image and
// the same active label. The image is found by its position and checked by uuid, so a
// folder that changed since falls back to the first image instead of a wrong one.
import { useEffect, useRef, useState } from 'react';
import type { EditorStore } from '@/components/editor/model/editor-store';
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
  go: (index: number) => void;
}) {
  const { type, name, store, active, total, index, current, labels, activeLabel, ensure, go } = options;
  const key = keyOf(type, name);
  const resumed = useRef<{ image: boolean; label: boolean }>({ image: false, label: false });
  // Read once: the position is written back as soon as the first image shows.
  const [saved] = useState(() => (typeof localStorage === 'undefined' ? null : read(key)));

  useEffect(() => {
    if (resumed.current.image || total === null) return;
    resumed.current.image = true;
    if (!active || !saved || saved.index <= 0 || saved.index >= total) return;
    void ensure(saved.index).then((item) => {
      if (item?.uuid === saved.uuid) go(saved.index);
    });
  }, [saved, active, total, ensure, go]);

  useEffect(() => {
    if (resumed.current.label || labels.length === 0) return;
    resumed.current.label = true;
    if (saved?.label && labels.includes(saved.label)) store.setActiveLabel(saved.label);
  }, [saved, labels, store]);

  useEffect(() => {
    if (!active || !current || !resumed.current.image) return;
    try {
      localStorage.setItem(key, JSON.stringify({ index, uuid: current.uuid, label: activeLabel } satisfies ResumePoint));
    } catch {
      // Storage full or disabled: resuming is a convenience.
    }
  }, [key, active, index, current, activeLabel]);
}
