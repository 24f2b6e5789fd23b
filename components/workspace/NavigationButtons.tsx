'use client';

import { GoToImage } from './GoToImage';

/** The topbar's "Go to…" and "Next to-do"; the same commands have keys (G, U). */
export function NavigationButtons(props: {
  goToOpen: boolean;
  setGoToOpen: (open: boolean) => void;
  goTo: (text: string) => Promise<boolean>;
  /** What the Go to field says when goTo found nothing. */
  whyNotFound: (text: string) => Promise<string>;
  nextUnlabeled: () => void;
  notice: string | null;
  /** " (G)": the action's current key for the tooltip. */
  keyHint: (actionId: string) => string;
}) {
  const hint = props.keyHint;
  return (
    <>
      <button className="button" onClick={() => props.setGoToOpen(true)} title={`Go to an image by number or file name${hint('image.goTo')}`}>Go to…</button>
      <button className="button" title={`The next image without shapes${hint('image.nextUnlabeled')}`} onClick={props.nextUnlabeled}>
        Next to-do
      </button>
      {props.notice ? <span className="muted" role="status">{props.notice}</span> : null}
      <GoToImage open={props.goToOpen} onClose={() => props.setGoToOpen(false)} goTo={props.goTo} whyNotFound={props.whyNotFound} />
    </>
  );
}
