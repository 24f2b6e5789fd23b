import { z } from 'zod';
import { MAX_ASSIGN } from '@/server/core/teamwork/teamwork.service';
import { projectPathInput } from './common.schema';
import { imageListInput } from './image.schema';

export const presenceInput = projectPathInput.extend({
  uuid: z.string().max(256),
  /** One per workspace tab, random: the same user in two tabs is two presences. */
  client_id: z.string().min(8).max(64),
});
export const leaveInput = presenceInput.omit({ uuid: true });
export const presenceOutput = z.array(z.object({ name: z.string(), since: z.number() }));

/** The strip's list as shown: its filter, label, or one annotator's images. */
const listShape = imageListInput.pick({ filter: true, label: true, assignee: true });
/** Which images: given uuids, positions in a list (1-based, inclusive, as the strip numbers them), or a whole list. */
export const assignTarget = z.discriminatedUnion('kind', [
  // As many as a range: the workspace sends a kept list's positions (its whole list too) by uuid.
  z.object({ kind: z.literal('images'), uuids: z.array(z.string().max(256)).min(1).max(MAX_ASSIGN) }),
  z.object({ kind: z.literal('range'), list: listShape, from: z.number().int().min(1), to: z.number().int().min(1) }),
  z.object({ kind: z.literal('list'), list: listShape }),
]);
export const assignInput = projectPathInput.extend({ target: assignTarget, assignee: z.string().min(1).max(64).nullable() });
export const roundRobinInput = projectPathInput.extend({
  target: assignTarget,
  assignees: z.array(z.string().min(1).max(64)).min(1).max(100),
  only_unassigned: z.boolean(),
});
export const assignedOutput = z.object({ assigned: z.number().int() });
export const assigneesInput = projectPathInput.extend({ uuids: z.array(z.string().max(256)).min(1).max(500) });
export const assigneesOutput = z.record(z.string(), z.string());
export const assignmentCountsOutput = z.array(z.object({ assignee: z.string(), images: z.number().int() }));
