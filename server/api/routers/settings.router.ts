import { settingsShape } from '../schemas/settings.schema';
import { readProcedure, router } from '../trpc';

/**
 * The workspace's settings (tRPC only: no classifai client has such a thing): the machine's on a
 * local workspace, each signed-in user's own on a team server, where every role may set hers.
 */
export const settingsRouter = router({
  get: readProcedure.output(settingsShape).query(({ ctx }) => ctx.core.settings.get(ctx.actor?.userId)),

  save: readProcedure
    .input(settingsShape)
    .output(settingsShape)
    .mutation(({ ctx, input }) => ctx.core.settings.save(input, ctx.actor?.userId)),
});
