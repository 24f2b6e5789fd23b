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

/**
 * The numbers an imported dataset gave its classes, kept for a new label only when they are
 * valid and no label of the table (nor an earlier new one) has them: existing labels keep theirs.
 */
export function freeImportedNumbers(
  taken: readonly Pick<ClassRecord, 'cocoId' | 'yoloIndex'>[],
  declared: { cocoId?: number; yoloIndex?: number } | undefined,
): Pick<ClassNumbers, 'cocoId' | 'yoloIndex'> {
  const valid = (value: number | undefined, max: number) => (value !== undefined && Number.isInteger(value) && value >= 0 && value <= max ? value : null);
  const cocoId = valid(declared?.cocoId, MAX_COCO_ID);
  const yoloIndex = valid(declared?.yoloIndex, MAX_YOLO_INDEX);
  return {
    cocoId: cocoId !== null && !taken.some((entry) => entry.cocoId === cocoId) ? cocoId : null,
    yoloIndex: yoloIndex !== null && !taken.some((entry) => entry.yoloIndex === yoloIndex) ? yoloIndex : null,
  };
}
