import { toDuplicateGroups, toDuplicatesStatus, toSplitOverview } from '../mappers/split.mapper';
import { SUCCESS, projectPathInput, successOutput } from '../schemas/common.schema';
import { duplicateGroupsOutput, duplicatesStatusOutput, runSplitInput, setSplitSideInput, splitOverviewOutput } from '../schemas/split.schema';
import { procedure, router } from '../trpc';

// Workspace procedures only: classifai has no splits.
export const splitRouter = router({
  overview: procedure
    .input(projectPathInput)
    .output(splitOverviewOutput)
    .query(async ({ ctx, input }) => toSplitOverview(await ctx.core.splits.overview(input.annotation_type, input.project_name))),

  run: procedure
    .input(runSplitInput)
    .output(splitOverviewOutput)
    .mutation(async ({ ctx, input }) => toSplitOverview(await ctx.core.splits.run(input.annotation_type, input.project_name, input.seed, input.percentages))),

  setSide: procedure
    .input(setSplitSideInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.splits.setSide(input.annotation_type, input.project_name, input.uuids, input.side);
      return SUCCESS;
    }),

  findDuplicates: procedure
    .input(projectPathInput)
    .output(duplicatesStatusOutput)
    .mutation(async ({ ctx, input }) => toDuplicatesStatus(await ctx.core.splits.findDuplicates(input.annotation_type, input.project_name))),

  duplicatesStatus: procedure
    .input(projectPathInput)
    .output(duplicatesStatusOutput)
    .query(async ({ ctx, input }) => toDuplicatesStatus(await ctx.core.splits.duplicatesStatus(input.annotation_type, input.project_name))),

  duplicates: procedure
    .input(projectPathInput)
    .output(duplicateGroupsOutput)
    .query(async ({ ctx, input }) => toDuplicateGroups(await ctx.core.splits.duplicates(input.annotation_type, input.project_name))),
});
