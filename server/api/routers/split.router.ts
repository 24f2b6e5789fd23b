import { toDuplicateGroup, toDuplicateGroups, toDuplicatesStatus, toSplitOverview } from '../mappers/split.mapper';
import { SUCCESS, projectPathInput, successOutput } from '../schemas/common.schema';
import { duplicateGroupInput, duplicateGroupOutput, duplicateGroupsInput, duplicateGroupsOutput, duplicatesStatusOutput, runSplitInput, setSplitSideInput, splitOverviewOutput } from '../schemas/split.schema';
import { adminProcedure, annotateProcedure, readProcedure, router } from '../trpc';

// Workspace procedures only: classifai has no splits.
export const splitRouter = router({
  overview: readProcedure
    .input(projectPathInput)
    .output(splitOverviewOutput)
    .query(async ({ ctx, input }) => toSplitOverview(await ctx.core.splits.overview(input.annotation_type, input.project_name))),

  run: adminProcedure
    .input(runSplitInput)
    .output(splitOverviewOutput)
    .mutation(async ({ ctx, input }) => toSplitOverview(await ctx.core.splits.run(input.annotation_type, input.project_name, input.seed, input.percentages))),

  setSide: annotateProcedure
    .input(setSplitSideInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.splits.setSide(input.annotation_type, input.project_name, input.uuids, input.side);
      return SUCCESS;
    }),

  findDuplicates: readProcedure
    .input(projectPathInput)
    .output(duplicatesStatusOutput)
    .mutation(async ({ ctx, input }) => toDuplicatesStatus(await ctx.core.splits.findDuplicates(input.annotation_type, input.project_name))),

  duplicatesStatus: readProcedure
    .input(projectPathInput)
    .output(duplicatesStatusOutput)
    .query(async ({ ctx, input }) => toDuplicatesStatus(await ctx.core.splits.duplicatesStatus(input.annotation_type, input.project_name))),

  duplicates: readProcedure
    .input(duplicateGroupsInput)
    .output(duplicateGroupsOutput)
    .query(async ({ ctx, input }) => toDuplicateGroups(await ctx.core.splits.duplicates(input.annotation_type, input.project_name), input.members_per_group)),

  duplicateGroup: readProcedure
    .input(duplicateGroupInput)
    .output(duplicateGroupOutput)
    .query(async ({ ctx, input }) => {
      const { groups } = await ctx.core.splits.duplicates(input.annotation_type, input.project_name);
      const group = groups.find((candidate) => candidate.members[0]?.uuid === input.first_uuid);
      return group ? toDuplicateGroup(group) : null;
    }),
});
