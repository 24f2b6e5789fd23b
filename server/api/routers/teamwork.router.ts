import type { AssignTarget } from '@/server/core/teamwork/teamwork.service';
import { toImageList } from '../mappers/image.mapper';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import {
  assignedOutput,
  assigneesInput,
  assigneesOutput,
  assignInput,
  assignmentCountsOutput,
  leaveInput,
  presenceInput,
  presenceOutput,
  roundRobinInput,
  type assignTarget,
} from '../schemas/teamwork.schema';
import type { z } from 'zod';
import { adminProcedure, readProcedure, router } from '../trpc';

// Only the list's own fields: the input's `assignee` is who gets the images, not a filter of the list.
const toTarget = (target: z.infer<typeof assignTarget>, { annotation_type, project_name }: { annotation_type: 'bndbox' | 'seg'; project_name: string }): AssignTarget =>
  target.kind === 'images' ? target : { ...target, list: toImageList({ annotation_type, project_name, ...target.list }) };

/** Presence (every role is present) and assignments (an admin's to make, everyone's to read). */
export const teamworkRouter = router({
  here: readProcedure
    .input(presenceInput)
    .output(presenceOutput)
    .mutation(async ({ ctx, input }) =>
      (await ctx.core.teamwork.here(input.annotation_type, input.project_name, input.uuid, input.client_id)).map((client) => ({ name: client.actor, since: client.seenAt })),
    ),
  leave: readProcedure
    .input(leaveInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.teamwork.leave(input.annotation_type, input.project_name, input.client_id);
      return SUCCESS;
    }),
  assign: adminProcedure
    .input(assignInput)
    .output(assignedOutput)
    .mutation(async ({ ctx, input }) => ({
      assigned: await ctx.core.teamwork.assign(input.annotation_type, input.project_name, toTarget(input.target, input), input.assignee),
    })),
  roundRobin: adminProcedure
    .input(roundRobinInput)
    .output(assignedOutput)
    .mutation(async ({ ctx, input }) => ({
      assigned: await ctx.core.teamwork.assignRoundRobin(input.annotation_type, input.project_name, toTarget(input.target, input), input.assignees, input.only_unassigned),
    })),
  assignees: readProcedure
    .input(assigneesInput)
    .output(assigneesOutput)
    .query(async ({ ctx, input }) => Object.fromEntries(await ctx.core.teamwork.assignees(input.annotation_type, input.project_name, input.uuids))),
  counts: readProcedure
    .input(assigneesInput.omit({ uuids: true }))
    .output(assignmentCountsOutput)
    .query(({ ctx, input }) => ctx.core.teamwork.assignmentCounts(input.annotation_type, input.project_name)),
});
