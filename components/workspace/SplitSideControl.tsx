'use client';

// The open image's side of the split, shown and changed in the top bar.
import { READ_ONLY_REASON } from '@/components/editor/model/editor-store';
import { errorText } from '@/components/trpc/provider';
import { SPLIT_SIDES, type SplitSide } from './useSplit';

interface SplitSideControlProps {
  side: SplitSide | undefined;
  disabled: boolean;
  /** False for a viewer: the side shows, but a change would only be refused. */
  mayChange: boolean;
  onChange: (side: SplitSide | null) => void;
  error: unknown;
}

export function SplitSideControl({ side, disabled, mayChange, onChange, error }: SplitSideControlProps) {
  // The mark alone is a bare "!": its title and name say why the side did not change.
  const failure = error ? `The side was not changed: ${errorText(error)}` : null;
  const title = failure ?? (mayChange ? 'This image\'s side of the split (kept until the project is split again)' : `This image's side of the split. ${READ_ONLY_REASON}`);
  return (
    <label className={side ? `split-side ${side}` : 'split-side'} title={title}>
      <select
        className="input"
        aria-label="Split side of this image"
        data-editor-keys=""
        value={side ?? ''}
        disabled={disabled || !mayChange}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : (event.target.value as SplitSide));
          // The choice is saved at once: the keys go back to the editor (Space pans, Enter closes a polygon).
          event.currentTarget.blur();
        }}
      >
        <option value="">no split</option>
        {SPLIT_SIDES.map((value) => <option key={value} value={value}>{value}</option>)}
      </select>
      {failure ? <span className="error small" role="alert" title={failure} aria-label={failure}>!</span> : null}
    </label>
  );
}
