'use client';

import { useCallback, useState } from 'react';
import { errorText } from '@/components/trpc/provider';
import { GoToImage } from './GoToImage';
import { useImageNavigation, type ImageNavigationOptions } from './useImageNavigation';

/** The topbar's "Go to…" and "Next to-do". */
export function NavigationButtons(props: Omit<ImageNavigationOptions, 'onNothingLeft'>) {
  const [dialog, setDialog] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const onNothingLeft = useCallback(() => setNotice('Every image here has shapes'), []);
  const { nextUnlabeled, goTo } = useImageNavigation({ ...props, onNothingLeft });
  return (
    <>
      <button className="button" onClick={() => setDialog(true)} title="Go to an image by number or file name">Go to…</button>
      <button
        className="button"
        title="The next image without shapes"
        onClick={() => {
          setNotice(null);
          nextUnlabeled().catch((error: unknown) => setNotice(errorText(error)));
        }}
      >
        Next to-do
      </button>
      {notice ? <span className="muted" role="status">{notice}</span> : null}
      <GoToImage open={dialog} onClose={() => setDialog(false)} goTo={goTo} />
    </>
  );
}
