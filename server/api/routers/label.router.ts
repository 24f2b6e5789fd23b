import { z } from 'zod';
import { SUCCESS, projectPathInput, successOutput } from '../schemas/common.schema';
import { procedure, router } from '../trpc';

const labelRecord = z.object({ name: z.string().min(1).max(1024), color: z.string().max(64) });

/** The workspace's label panel (tRPC only); REST clients use newlabels. */
export const labelRouter = router({
  list: procedure
    .input(projectPathInput)
    .output(z.array(labelRecord))
    .query(({ ctx, input }) => ctx.core.projects.labelRecords(input.annotation_type, input.project_name)),

  save: procedure
    .input(projectPathInput.extend({ labels: z.array(labelRecord).max(10_000) }))
    .output(successOutput)
    .mutation(({ ctx, input }) => {
      const colors = new Map(input.labels.filter((label) => label.color).map((label) => [label.name, label.color]));
      ctx.core.projects.replaceLabels(input.annotation_type, input.project_name, input.labels.map((label) => label.name), colors);
      return SUCCESS;
    }),

  rename: procedure
    .input(projectPathInput.extend({ from: z.string().max(1024), to: z.string().min(1).max(1024) }))
    .output(successOutput)
    .mutation(({ ctx, input }) => {
      ctx.core.projects.renameLabel(input.annotation_type, input.project_name, input.from, input.to.trim());
      return SUCCESS;
    }),
});
