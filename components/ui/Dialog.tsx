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
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // The close event comes a task after close(): for a dialog closed because the page said so,
  // it could arrive after the page had opened another one (Ctrl+, right after closing the
  // Classes dialog), and closing that one too lost the key.
  const closedByBrowser = () => {
    if (openRef.current) onClose();
  };
  return (
    <dialog ref={ref} className={wide ? 'dialog wide' : 'dialog'} aria-label={title} onClose={closedByBrowser} onCancel={(event) => (dismissable ? onClose() : event.preventDefault())}>
      <h2 className="dialog-title">{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
