/** A count as the workspace writes it: 99,987, not 99987 (the strip's bars hold six-figure counts). */
export const countText = (value: number): string => value.toLocaleString('en-US');

/** A count and its noun: 1 image, 2,000 images (many: the plural, when not one + s). */
export const countOf = (count: number, one: string, many = `${one}s`): string => `${countText(count)} ${count === 1 ? one : many}`;
