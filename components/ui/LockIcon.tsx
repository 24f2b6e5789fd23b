/** A padlock, open or shut: no emoji font is needed to show it. */
export function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true">
      <rect x="1" y="6" width="10" height="7.5" rx="1.5" fill={locked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.2" />
      <path d={locked ? 'M3.5 6V4a2.5 2.5 0 0 1 5 0v2' : 'M3.5 6V4a2.5 2.5 0 0 1 5 0'} fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}
