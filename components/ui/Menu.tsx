'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A button and the popup it opens, closed as menus are: by Escape, by a press anywhere else, by
 * the focus moving elsewhere, or (closeOnChoice) by choosing an item. A menu left open had
 * covered the buttons under it and stayed over the dialogs opened after it.
 */
export function Menu({
  label,
  title,
  align = 'right',
  closeOnChoice = false,
  children,
}: {
  label: string;
  title?: string;
  align?: 'left' | 'right';
  closeOnChoice?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    // Captured before the editor's keys (on window): this Escape closes the menu and does not
    // also cancel a drawing or clear the selection.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);
  return (
    <div
      className="menu"
      ref={ref}
      onBlur={(event) => {
        // No next target is no move: a focused item that turns disabled (an export starting) blurs too.
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button className="button" aria-haspopup="menu" aria-expanded={open} title={title} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open ? (
        <div className={align === 'left' ? 'menu-popup left' : 'menu-popup'} role="menu" onClick={closeOnChoice ? () => setOpen(false) : undefined}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
