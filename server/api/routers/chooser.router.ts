import { z } from 'zod';
import type { ChooserWindow } from '@/server/core/chooser.service';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import { folderWindowOutput, labelFileWindowOutput } from '../schemas/status.schema';
import { procedure, restMeta, router } from '../trpc';

const noInput = z.object({});

/** classifai's SelectionWindowStatus: 0 open, 1 closed (with the chosen path, '' if cancelled). */
const windowFields = (window: ChooserWindow) =>
  window.open
    ? { message: 1 as const, window_status: 0, window_message: 'WINDOW_OPEN' as const }
    : { message: 1 as const, window_status: 1, window_message: 'WINDOW_CLOSE' as const };

export const chooserRouter = router({
  openFolder: procedure
    .meta(restMeta('PUT', '/v2/folders', 'Open the folder chooser'))
    .input(noInput)
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await ctx.core.choosers.open('folder');
      return SUCCESS;
    }),

  folderStatus: procedure
    .meta(restMeta('GET', '/v2/folders', 'Folder chooser status and the chosen folder'))
    .input(noInput)
    .output(folderWindowOutput)
    .query(({ ctx }) => {
      const window = ctx.core.choosers.status('folder');
      return window.open ? windowFields(window) : { ...windowFields(window), project_path: window.chosenPath };
    }),

  openLabelFile: procedure
    .meta(restMeta('PUT', '/v2/labelfiles', 'Open the label file chooser'))
    .input(noInput)
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await ctx.core.choosers.open('file');
      return SUCCESS;
    }),

  labelFileStatus: procedure
    .meta(restMeta('GET', '/v2/labelfiles', 'Label file chooser status and the chosen file'))
    .input(noInput)
    .output(labelFileWindowOutput)
    .query(({ ctx }) => {
      const window = ctx.core.choosers.status('file');
      return window.open ? windowFields(window) : { ...windowFields(window), label_file_path: window.chosenPath };
    }),
});
