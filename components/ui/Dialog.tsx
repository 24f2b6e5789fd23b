'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/** A modal built on <dialog>: focus trap, Escape and backdrop come from the browser. */
/** wide: for tables (keys, classes) that need more than a form's width. */
/** dismissable false: Escape does not close it (a question that must be answered). */
export function Dialog({
  title,
  open,
  onClose,
  children,
  wide = false,
  dismissable = true,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  dismissable?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={wide ? 'dialog wide' : 'dialog'} aria-label={title} onClose={onClose} onCancel={(event) => (dismissable ? onClose() : event.preventDefault())}>
      <h2 className="dialog-title">{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
