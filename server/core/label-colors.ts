import type { LabelRecord } from './repositories';

// Distinct, readable on light and dark images; in classifai's rgba text form.
const PALETTE = [
  'rgba(230,25,75,1.0)', 'rgba(60,180,75,1.0)', 'rgba(0,130,200,1.0)', 'rgba(245,130,48,1.0)',
  'rgba(145,30,180,1.0)', 'rgba(70,240,240,1.0)', 'rgba(240,50,230,1.0)', 'rgba(210,245,60,1.0)',
  'rgba(250,190,212,1.0)', 'rgba(0,128,128,1.0)', 'rgba(220,190,255,1.0)', 'rgba(170,110,40,1.0)',
  'rgba(255,225,25,1.0)', 'rgba(128,0,0,1.0)', 'rgba(170,255,195,1.0)', 'rgba(0,0,128,1.0)',
];

/** Keeps each existing label's color; a new label gets the first palette color not in use. */
export function assignLabelColors(
  names: readonly string[],
  existing: readonly LabelRecord[],
  requested: ReadonlyMap<string, string> = new Map(),
): LabelRecord[] {
  const previous = new Map(existing.map((label) => [label.name, label.color]));
  const used = new Set<string>();
  const result = names.map((name) => {
    const color = requested.get(name) ?? previous.get(name);
    if (color) used.add(color);
    return { name, color: color ?? '' };
  });
  let cursor = 0;
  for (const label of result) {
    if (label.color) continue;
    const free = PALETTE.find((color) => !used.has(color));
    label.color = free ?? PALETTE[cursor++ % PALETTE.length] ?? 'rgba(0,255,0,1.0)';
    used.add(label.color);
  }
  return result;
}
