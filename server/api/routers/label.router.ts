import { toClassTableOutput } from '../mappers/label.mapper';
import { projectPathInput } from '../schemas/common.schema';
import {
  addLabelInput,
  classLabelInput,
  classTableOutput,
  classUsageOutput,
  labelListOutput,
  mergeClassInput,
  recolorLabelInput,
  removeLabelConfirmInput,
  renameLabelInput,
  updateClassInput,
} from '../schemas/label.schema';
import { annotateProcedure, readProcedure, restMeta, router } from '../trpc';

const CLASSES = '/v2/{annotation_type}/projects/{project_name}/classes';

/** The workspace's label panel (tRPC only) and the class table (tRPC and REST). Each change answers the list as it now stands. */
export const labelRouter = router({
  list: readProcedure
    .input(projectPathInput)
    .output(labelListOutput)
    .query(({ ctx, input }) => ctx.core.labels.list(input.annotation_type, input.project_name)),

  add: annotateProcedure
    .input(addLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.add(input.annotation_type, input.project_name, input.label, input.color)),

  rename: annotateProcedure
    .input(renameLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.rename(input.annotation_type, input.project_name, input.from, input.to)),

  recolor: annotateProcedure
    .input(recolorLabelInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.recolor(input.annotation_type, input.project_name, input.label, input.color)),

  remove: annotateProcedure
    .input(removeLabelConfirmInput)
    .output(labelListOutput)
    .mutation(({ ctx, input }) => ctx.core.labels.remove(input.annotation_type, input.project_name, input.label, { confirm: input.confirm })),

  classes: readProcedure
    .meta(restMeta('GET', CLASSES, 'The class table: class id, name, color, hotkey, COCO id, YOLO index, in panel order'))
    .input(projectPathInput)
    .output(classTableOutput)
    .query(async ({ ctx, input }) => toClassTableOutput(await ctx.core.labels.classes(input.annotation_type, input.project_name))),

  usage: readProcedure
    .meta(restMeta('GET', `${CLASSES}/{label}/usage`, 'How many shapes, on how many images, use a label'))
    .input(classLabelInput)
    .output(classUsageOutput)
    .query(async ({ ctx, input }) => ({ message: 1 as const, ...(await ctx.core.labels.usage(input.annotation_type, input.project_name, input.label)) })),

  update: annotateProcedure
    .meta(restMeta('PUT', `${CLASSES}/{label}`, "Set or clear (null) a label's hotkey, COCO id and YOLO index; each is unique per project"))
    .input(updateClassInput)
    .output(classTableOutput)
    .mutation(async ({ ctx, input }) =>
      toClassTableOutput(
        await ctx.core.labels.update(input.annotation_type, input.project_name, input.label, { hotkey: input.hotkey, cocoId: input.coco_id, yoloIndex: input.yolo_index }),
      ),
    ),

  merge: annotateProcedure
    .meta(restMeta('PUT', `${CLASSES}/{label}/merge/{into}`, 'Relabel every shape of a label with another and drop it from the table, in one transaction'))
    .input(mergeClassInput)
    .output(classTableOutput)
    .mutation(async ({ ctx, input }) => toClassTableOutput(await ctx.core.labels.merge(input.annotation_type, input.project_name, input.label, input.into))),
});
