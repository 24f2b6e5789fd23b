// Class numbers of an export, from the project's class table: a class's own number (COCO id,
// YOLO index) when it has one, else the smallest number from the base up that no class has,
// in class id order. With no own numbers that is base + rank, the order the table gives;
// with some, the others fill around them. Labels found only on shapes (taken off the table
// while shapes kept them) come after the table's classes, so they never shift its numbers.

/** A class as an export sees it; a bare name is a class without numbers of its own. */
export interface ExportClass {
  name: string;
  cocoId: number | null;
  yoloIndex: number | null;
}
export type ExportLabel = string | ExportClass;

export interface ExportOptions {
  /** The COCO id of the first class without its own (default 1). */
  cocoIdBase?: number;
  /** The YOLO index of the first class without its own (default 0). */
  yoloIndexBase?: number;
}

export const DEFAULT_COCO_ID_BASE = 1;
export const DEFAULT_YOLO_INDEX_BASE = 0;

export const exportClass = (label: ExportLabel): ExportClass => (typeof label === 'string' ? { name: label, cocoId: null, yoloIndex: null } : label);

export interface ClassNumbering {
  /** The label's number; a label not met before is numbered now, after the others. */
  numberOf(name: string): number;
  /** Every numbered label in class order (table first, then labels met on shapes). */
  entries(): Array<{ name: string; number: number }>;
}

export function createClassNumbering(classes: readonly ExportClass[], own: (entry: ExportClass) => number | null, base: number): ClassNumbering {
  const numbers = new Map<string, number>();
  const taken = new Set<number>();
  for (const entry of classes) {
    const value = own(entry);
    if (value !== null && !taken.has(value) && !numbers.has(entry.name)) {
      numbers.set(entry.name, value);
      taken.add(value);
    }
  }
  let cursor = base;
  const next = () => {
    while (taken.has(cursor)) cursor += 1;
    taken.add(cursor);
    return cursor;
  };
  const order: string[] = [];
  const listed = new Set<string>();
  const numberOf = (name: string) => {
    let value = numbers.get(name);
    if (value === undefined) numbers.set(name, (value = next()));
    if (!listed.has(name)) {
      listed.add(name);
      order.push(name);
    }
    return value;
  };
  for (const entry of classes) numberOf(entry.name);
  return { numberOf, entries: () => order.map((name) => ({ name, number: numbers.get(name) ?? 0 })) };
}

// YOLO needs a name on every line up to the largest index; a gap (an index below the base,
// or between own indexes) gets this placeholder, which our import skips.
export const placeholderClass = (index: number) => `__unused_${index}__`;
export const isPlaceholderClass = (name: string) => /^__unused_\d+__$/.test(name);
