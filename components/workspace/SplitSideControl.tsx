'use client';

// The open image's side of the split, shown and changed in the top bar.
import { errorText } from '@/components/trpc/provider';
import { SPLIT_SIDES, type SplitSide } from './useSplit';

interface SplitSideControlProps {
  side: SplitSide | undefined;
  disabled: boolean;
  onChange: (side: SplitSide | null) => void;
  error: unknown;
}

export function SplitSideControl({ side, disabled, onChange, error }: SplitSideControlProps) {
  return (
    <label className={side ? `split-side ${side}` : 'split-side'} title={error ? errorText(error) : 'This image\'s side of the split (kept until the project is split again)'}>
      <select
        className="input"
        aria-label="Split side of this image"
        data-editor-keys=""
        value={side ?? ''}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : (event.target.value as SplitSide));
          // The choice is saved at once: the keys go back to the editor (Space pans, Enter closes a polygon).
          event.currentTarget.blur();
        }}
      >
        <option value="">no split</option>
        {SPLIT_SIDES.map((value) => <option key={value} value={value}>{value}</option>)}
      </select>
      {error ? <span className="error small" role="alert">!</span> : null}
    </label>
  );
}
