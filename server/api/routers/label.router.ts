import { projectPathInput } from '../schemas/common.schema';
import { addLabelInput, labelListOutput, recolorLabelInput, removeLabelInput, renameLabelInput } from '../schemas/label.schema';
import { procedure, router } from '../trpc';

/** The workspace's label panel (tRPC only). Each change answers the list as it now stands. */
export const labelRouter = router({
  list: procedure
    .input(projectPathInput)
    .output(labelListOutput)
    .query(({ ctx, input }) => ctx.core.labels.list(input.annotation_type, input.project_name)),

  add: procedure
    .input(addLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.add(input.annotation_type, input.project_name, input.label, input.color)),

  rename: procedure
    .input(renameLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.rename(input.annotation_type, input.project_name, input.from, input.to)),

  recolor: procedure
    .input(recolorLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.recolor(input.annotation_type, input.project_name, input.label, input.color)),

  remove: procedure
    .input(removeLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.remove(input.annotation_type, input.project_name, input.label)),
});
