import { z } from 'zod';
import { projectPathInput } from './common.schema';

// The workspace's label procedures (tRPC only); classifai clients use newlabels.
const labelName = z.string().max(1024);
const labelColor = z.string().max(64);

export const labelRecord = z.object({ name: z.string(), color: z.string() });
/** The project's labels in panel order (keys 1–9 pick the first nine). */
export const labelListOutput = z.array(labelRecord);

export const addLabelInput = projectPathInput.extend({ label: labelName, color: labelColor.optional() });
export const renameLabelInput = projectPathInput.extend({ from: labelName, to: labelName });
export const recolorLabelInput = projectPathInput.extend({ label: labelName, color: labelColor });
export const removeLabelInput = projectPathInput.extend({ label: labelName });
/** tRPC only: a label that shapes use goes only with confirm (the refusal says how many). */
export const removeLabelConfirmInput = removeLabelInput.extend({ confirm: z.boolean().optional() });

// The class table (tRPC and REST additions under /v2/{annotation_type}/projects/{project_name}/classes).
// Piped so trpc-to-openapi cannot switch on its coercion ("12" or "" taken as a number).
const cocoId = z.number().pipe(z.number().int().min(0).max(2_147_483_647));
const yoloIndex = z.number().pipe(z.number().int().min(0).max(9_999));

export const classRecord = z.object({
  /** Stable per project: given once, never reused after a removal; exports number classes in its order. */
  class_id: z.number().int(),
  name: z.string(),
  color: z.string(),
  hotkey: z.string().nullable(),
  coco_id: z.number().int().nullable(),
  yolo_index: z.number().int().nullable(),
});
export type ClassRecordWire = z.infer<typeof classRecord>;

/** The class table in panel order. */
export const classTableOutput = z.object({ message: z.literal(1), classes: z.array(classRecord) });

export const classLabelInput = projectPathInput.extend({ label: labelName });

/** Each field given is set (null clears it); absent fields stay as they are. */
export const updateClassInput = classLabelInput.extend({
  hotkey: z.string().max(8).nullable().optional().meta({ description: 'One printable key; null or "" clears it' }),
  coco_id: cocoId.nullable().optional(),
  yolo_index: yoloIndex.nullable().optional(),
});

export const mergeClassInput = classLabelInput.extend({ into: labelName });

export const classUsageOutput = z.object({ message: z.literal(1), shapes: z.number().int(), images: z.number().int() });
