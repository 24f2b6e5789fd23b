import { z } from 'zod';
import { toFolderWindowStatus, toLabelFileWindowStatus } from '../mappers/status.mapper';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import { folderWindowOutput, labelFileWindowOutput } from '../schemas/status.schema';
import { adminProcedure, restMeta, router } from '../trpc';

const noInput = z.object({});

export const chooserRouter = router({
  openFolder: adminProcedure
    .meta(restMeta('PUT', '/v2/folders', 'Open the folder chooser'))
    .input(noInput)
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await ctx.core.choosers.open('folder');
      return SUCCESS;
    }),

  folderStatus: adminProcedure
    .meta(restMeta('GET', '/v2/folders', 'Folder chooser status and the chosen folder'))
    .input(noInput)
    .output(folderWindowOutput)
    .query(({ ctx }) => toFolderWindowStatus(ctx.core.choosers.status('folder'))),

  openLabelFile: adminProcedure
    .meta(restMeta('PUT', '/v2/labelfiles', 'Open the label file chooser'))
    .input(noInput)
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await ctx.core.choosers.open('file');
      return SUCCESS;
    }),

  labelFileStatus: adminProcedure
    .meta(restMeta('GET', '/v2/labelfiles', 'Label file chooser status and the chosen file'))
    .input(noInput)
    .output(labelFileWindowOutput)
    .query(({ ctx }) => toLabelFileWindowStatus(ctx.core.choosers.status('file'))),
});
