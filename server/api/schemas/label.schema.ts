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
