// Dataset checks for the workspace (tRPC only): what an export would find, before exporting.
import { toDatasetCheckOutput } from '../mappers/dataset-check.mapper';
import { datasetCheckInput, datasetCheckOutput } from '../schemas/dataset-check.schema';
import { readProcedure, router } from '../trpc';

export const datasetRouter = router({
  check: readProcedure
    .input(datasetCheckInput)
    .output(datasetCheckOutput)
    .query(async ({ ctx, input }) => toDatasetCheckOutput(await ctx.core.datasetChecks.check(input.annotation_type, input.project_name, input.format))),
});
