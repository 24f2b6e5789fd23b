'use client';

// The active label beside the pointer while a drawing tool is on, so the label a new shape
// gets is visible where the eye is. Moved by writing its style on each pointer move: React
// renders it only when the label, its colour or the tool changes, not per pixel.
import { useEffect, useRef } from 'react';

const OFFSET = 14;

export function CursorLabel({ label, color, enabled }: { label: string; color: string; enabled: boolean }) {
  const element = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  const enabledNow = useRef(enabled);

  useEffect(() => {
    const tag = element.current;
    const area = tag?.parentElement;
    if (!tag || !area) return;
    const move = (event: PointerEvent) => {
      const bounds = area.getBoundingClientRect();
      tag.style.transform = `translate(${event.clientX - bounds.left + OFFSET}px, ${event.clientY - bounds.top + OFFSET}px)`;
      inside.current = true;
      tag.style.visibility = enabledNow.current ? 'visible' : 'hidden';
    };
    const leave = () => {
      inside.current = false;
      tag.style.visibility = 'hidden';
    };
    area.addEventListener('pointermove', move);
    area.addEventListener('pointerleave', leave);
    return () => {
      area.removeEventListener('pointermove', move);
      area.removeEventListener('pointerleave', leave);
    };
  }, []);

  useEffect(() => {
    enabledNow.current = enabled;
    if (element.current) element.current.style.visibility = enabled && inside.current ? 'visible' : 'hidden';
  }, [enabled]);

  return (
    <div ref={element} className="cursor-label" data-testid="cursor-label" aria-hidden="true" style={{ color, borderColor: color, visibility: 'hidden' }}>
      {label || 'no label'}
    </div>
  );
}
