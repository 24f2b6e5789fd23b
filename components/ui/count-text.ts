/** A count as the workspace writes it: 99,987, not 99987 (the strip's bars hold six-figure counts). */
export const countText = (value: number): string => value.toLocaleString('en-US');
