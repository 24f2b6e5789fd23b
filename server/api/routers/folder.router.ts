import { z } from 'zod';
import { adminProcedure, router } from '../trpc';

const folderListingOutput = z.object({
  path: z.string().nullable(),
  parent: z.string().nullable(),
  folders: z.array(z.object({ name: z.string(), path: z.string(), imageFiles: z.number().int() })),
  truncated: z.boolean(),
});

/** The create dialog's folder browser on a team server: only what lies under LABELPORT_ROOTS. */
export const folderRouter = router({
  roots: adminProcedure.output(z.object({ roots: z.array(z.string()).nullable() })).query(({ ctx }) => ({ roots: ctx.core.roots.roots })),
  list: adminProcedure
    .input(z.object({ path: z.string().max(4096).optional() }))
    .output(folderListingOutput)
    .query(({ ctx, input }) => ctx.core.roots.list(input.path)),
});
