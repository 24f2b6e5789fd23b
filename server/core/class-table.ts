// The rules of a project's class table beyond names and colors: what a hotkey, a COCO id and
// a YOLO index may be, and that no two labels of a project share one.
import { alreadyExists, invalidInput } from './errors';
import type { ClassNumbers, ClassRecord } from './repositories';

// A YOLO export writes one classes.txt line per index up to the largest, so a huge index
// would make a huge file of placeholder lines.
export const MAX_YOLO_INDEX = 9_999;
// COCO ids are 32-bit integers in pycocotools and most trainers.
export const MAX_COCO_ID = 2_147_483_647;

/** One printable character, as the editor's keyboard handler spells a key press (letters in lower case). */
export function checkHotkey(hotkey: string): string {
  const characters = [...hotkey];
  if (characters.length !== 1 || !/^[^\s\p{C}]$/u.test(hotkey)) throw invalidInput(`A hotkey is one printable key, not "${hotkey}"`);
  return hotkey.toLowerCase();
}

export function checkClassNumber(value: number, what: 'COCO id' | 'YOLO index', max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) throw invalidInput(`A ${what} is a whole number from 0 to ${max}, not ${value}`);
  return value;
}

/** The changes as they will be stored; undefined leaves a number as it is, null clears it. */
export function checkClassNumbers(changes: Partial<ClassNumbers>): Partial<ClassNumbers> {
  const checked: Partial<ClassNumbers> = {};
  if (changes.hotkey !== undefined) checked.hotkey = changes.hotkey === null || changes.hotkey === '' ? null : checkHotkey(changes.hotkey);
  if (changes.cocoId !== undefined) checked.cocoId = changes.cocoId === null ? null : checkClassNumber(changes.cocoId, 'COCO id', MAX_COCO_ID);
  if (changes.yoloIndex !== undefined) checked.yoloIndex = changes.yoloIndex === null ? null : checkClassNumber(changes.yoloIndex, 'YOLO index', MAX_YOLO_INDEX);
  return checked;
}

const WORDS: Record<keyof ClassNumbers, string> = { hotkey: 'hotkey', cocoId: 'COCO id', yoloIndex: 'YOLO index' };

/** Refuses a number another label of the table already has, naming that label. */
export function checkNumbersFree(table: readonly ClassRecord[], label: string, numbers: Partial<ClassNumbers>): void {
  for (const key of Object.keys(WORDS) as Array<keyof ClassNumbers>) {
    const value = numbers[key];
    if (value === undefined || value === null) continue;
    const holder = table.find((entry) => entry.name !== label && entry[key] === value);
    if (holder) throw alreadyExists(`The ${WORDS[key]} ${value} belongs to ${holder.name} already`);
  }
}

/** The COCO category id and YOLO class index an imported dataset declares for a class. */
export interface DeclaredClassNumbers {
  cocoId?: number;
  yoloIndex?: number;
}

/** A class's dataset numbers as an import sees them: its own, or those it takes. */
export type ImportedClass = Pick<ClassRecord, 'name' | 'cocoId' | 'yoloIndex'>;

/** What an import does with the numbers it declares, one readable line each. */
export interface ImportedNumberNotes {
  /** The numbers a label the project had already takes: "cat takes COCO id 1". */
  set: string[];
  /** The declared numbers not taken: a label keeps its own, or another label has the number. */
  warnings: string[];
}

const DATASET_NUMBERS = [
  { key: 'cocoId', word: WORDS.cocoId, max: MAX_COCO_ID },
  { key: 'yoloIndex', word: WORDS.yoloIndex, max: MAX_YOLO_INDEX },
] as const;

/**
 * Gives `entry` (one of `holders`: the table as the import leaves it, new labels included) the
 * numbers the dataset declares for it, kind by kind, the way a new label gets them: a valid
 * number no other holder has is taken. A label that has a number of that kind keeps it, so a
 * model trained on an earlier export keeps its classes; a number another label has stays
 * with it. Answers the numbers taken (written into `entry` too). `notes.set` is left out for
 * a new label, whose numbers come with it.
 */
export function takeImportedNumbers(
  holders: readonly ImportedClass[],
  entry: ImportedClass,
  declared: DeclaredClassNumbers | undefined,
  notes?: { set?: string[]; warnings: string[] },
): Partial<Pick<ClassNumbers, 'cocoId' | 'yoloIndex'>> {
  const taken: Partial<Pick<ClassNumbers, 'cocoId' | 'yoloIndex'>> = {};
  for (const { key, word, max } of DATASET_NUMBERS) {
    const value = declared?.[key];
    if (value === undefined || !Number.isInteger(value) || value < 0 || value > max) continue;
    const own = entry[key];
    if (own !== null) {
      if (own !== value) notes?.warnings.push(`${entry.name} keeps its ${word} ${own} (the import gives it ${value})`);
      continue;
    }
    const holder = holders.find((other) => other !== entry && other[key] === value);
    if (holder) {
      notes?.warnings.push(`${entry.name} does not take ${word} ${value}: ${holder.name} has it`);
      continue;
    }
    entry[key] = taken[key] = value;
    notes?.set?.push(`${entry.name} takes ${word} ${value}`);
  }
  return taken;
}
