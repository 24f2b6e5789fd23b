'use client';

import { useRef, useState } from 'react';
import { errorText } from '@/components/trpc/provider';
import { Dialog } from '@/components/ui/Dialog';

/** One field: a number is a position in the strip's list, other text names an image. */
export function GoToImage({ open, onClose, goTo, whyNotFound }: { open: boolean; onClose: () => void; goTo: (text: string) => Promise<boolean>; whyNotFound: (text: string) => Promise<string> }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const close = () => {
    setText('');
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    setProblem(null);
    let found = false;
    try {
      found = await goTo(text);
      if (found) close();
      else setProblem(await whyNotFound(text));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
    // The Go clicked was disabled while it looked, and the focus fell to the page: Escape no
    // longer closed the dialog, and D moved the editor behind it. The text is there to retype.
    if (!found) field.current?.select();
  };

  return (
    <Dialog title="Go to image" open={open} onClose={close}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) void submit();
        }}
      >
        <label className="field">
          <span>Image number or file name</span>
          <input ref={field} className="input" autoFocus value={text} onChange={(event) => setText(event.target.value)} placeholder="e.g. 120 or img_0042.jpg" />
        </label>
        {problem ? <p className="error" role="alert">{problem}</p> : null}
        <div className="row">
          <button className="button primary" type="submit" disabled={busy || !text.trim()}>Go</button>
          <button className="button" type="button" onClick={close}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
