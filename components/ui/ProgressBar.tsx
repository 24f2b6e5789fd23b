import { countText } from './count-text';

/** A determinate bar when done/total are known, an indeterminate one otherwise. */
export function ProgressBar({ done, total, label, showCount = true }: { done?: number; total?: number; label: string; showCount?: boolean }) {
  const known = total !== undefined && total > 0 && done !== undefined;
  const percent = known ? Math.min(100, Math.round((done / total) * 100)) : undefined;
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className={known ? 'progress-fill' : 'progress-fill progress-indeterminate'} style={known ? { width: `${percent}%` } : undefined} />
      <span className="progress-label">
        {label}
        {known && showCount ? ` ${countText(done)} / ${countText(total)}` : ''}
      </span>
    </div>
  );
}
