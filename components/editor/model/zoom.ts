/**
 * A stage scale as the zoom readout shows it: whole percents from 10 % up, one decimal below
 * (a 12,000 px scan fits at 5.5 %), so two different zooms never read the same at a glance.
 */
export function formatZoom(scale: number): string {
  if (!Number.isFinite(scale) || scale <= 0) return '–';
  const percent = scale * 100;
  if (percent >= 9.95) return `${Math.round(percent)}%`;
  return `${Math.max(0.1, Math.round(percent * 10) / 10)}%`;
}
