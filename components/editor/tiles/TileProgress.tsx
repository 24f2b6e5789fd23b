'use client';

// While the server cuts a huge image's tiles, the canvas shows its preview and says so.
export function TileProgress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((100 * done) / total) : 0;
  return (
    <div className="tile-progress" role="progressbar" aria-label="Preparing full-resolution tiles" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span>Full resolution: {percent}%</span>
      <span className="tile-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
