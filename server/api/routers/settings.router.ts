import { settingsShape } from '../schemas/settings.schema';
import { adminProcedure, readProcedure, router } from '../trpc';

/** The workspace's per-machine settings (tRPC only: no classifai client has such a thing). */
export const settingsRouter = router({
  get: readProcedure.output(settingsShape).query(({ ctx }) => ctx.core.settings.get()),

  save: adminProcedure
    .input(settingsShape)
    .output(settingsShape)
    .mutation(({ ctx, input }) => ctx.core.settings.save(input)),
});
