// The checks an export runs, each named once: a stable id (report.json and the workspace key
// on it), a title, a severity and the formats whose consumers care. "error": the consumer
// rejects the file or reads it wrong; "warning": it is written, but not as drawn.
import type { ExportType } from '../formats/export-registry';

export type ValidationFormat = ExportType;
export type Severity = 'error' | 'warning';

export interface ValidationRule {
  id: RuleId;
  title: string;
  severity: Severity;
  formats: readonly ValidationFormat[];
  /** The workspace's one-click fix for an entry of this rule, when one is safe. */
  fix?: 'clip' | 'drop';
}

/** One finding. imageUuid and relPath are '' for what belongs to the project (a class name, COCO info). */
export interface ValidationEntry {
  rule: RuleId;
  imageUuid: string;
  relPath: string;
  /** The shape as the workspace names it (its id, or `shape-<index>`). */
  shapeId?: string;
  detail: string;
}

const TRAINING = ['coco', 'voc', 'yolo', 'labelme'] as const;
const OUTLINES = ['coco', 'yolo', 'labelme'] as const;
const CLASSIFAI = ['cfg', 'cfgdata'] as const;

export const RULES = [
  { id: 'polygon-few-points', title: 'Polygon with fewer than 3 points', severity: 'error', formats: TRAINING, fix: 'drop' },
  { id: 'zero-area', title: 'Shape with no area (a box of zero width or height, a flat polygon)', severity: 'error', formats: TRAINING, fix: 'drop' },
  { id: 'box-inverted', title: 'Box stored with its corners swapped', severity: 'warning', formats: TRAINING },
  { id: 'polygon-self-intersecting', title: 'Self-intersecting polygon', severity: 'warning', formats: OUTLINES },
  { id: 'outside-image', title: 'Coordinates outside the image', severity: 'error', formats: TRAINING, fix: 'clip' },
  { id: 'yolo-out-of-range', title: 'YOLO value outside [0, 1] after rounding', severity: 'error', formats: ['yolo'] },
  { id: 'class-index-out-of-range', title: 'YOLO class index not below the class count', severity: 'error', formats: ['yolo'] },
  { id: 'coco-unknown-category', title: 'COCO category_id not in categories', severity: 'error', formats: ['coco'] },
  { id: 'duplicate-id', title: 'Duplicate id', severity: 'error', formats: [...CLASSIFAI, ...TRAINING] },
  { id: 'coco-missing-info', title: 'COCO file without info or licenses', severity: 'error', formats: ['coco'] },
  { id: 'label-unspellable', title: 'Label the format cannot spell', severity: 'error', formats: [...CLASSIFAI, 'voc', 'yolo'] },
  { id: 'shape-unlabelled', title: 'Shape without a label (left out of the export)', severity: 'warning', formats: TRAINING },
  { id: 'image-size-mismatch', title: 'Image decodes to another size unless EXIF orientation is applied', severity: 'warning', formats: [...CLASSIFAI, ...TRAINING] },
  { id: 'image-exif-turned', title: 'Image turned or mirrored unless EXIF orientation is applied', severity: 'warning', formats: [...CLASSIFAI, ...TRAINING] },
] as const satisfies ReadonlyArray<Omit<ValidationRule, 'id'> & { id: string }>;

export type RuleId = (typeof RULES)[number]['id'];
export const RULE_IDS = RULES.map((rule) => rule.id) as [RuleId, ...RuleId[]];

export const ruleById = (id: RuleId): ValidationRule => RULES.find((rule) => rule.id === id) as ValidationRule;

export const appliesTo = (id: RuleId, formats: readonly ValidationFormat[]) =>
  (ruleById(id).formats as readonly ValidationFormat[]).some((format) => formats.includes(format));
