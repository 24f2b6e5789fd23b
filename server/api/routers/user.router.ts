import { z } from 'zod';
import { SUCCESS, successOutput } from '../schemas/common.schema';
import { addedUserOutput, addUserInput, issuedTokenOutput, meOutput, roleShape, userNameInput, userSummaryOutput } from '../schemas/user.schema';
import { adminProcedure, publicProcedure, router } from '../trpc';

export const authRouter = router({
  me: publicProcedure.output(meOutput).query(({ ctx }) => ({
    team: ctx.team ?? false,
    actor: ctx.actor ? { name: ctx.actor.name, role: ctx.actor.role } : null,
  })),
});

/** The admin page's user management: the same directory as `npm run users`. */
export const userRouter = router({
  list: adminProcedure.output(z.array(userSummaryOutput)).query(({ ctx }) => ctx.core.users.list()),
  add: adminProcedure.input(addUserInput).output(addedUserOutput).mutation(({ ctx, input }) => ctx.core.users.add(input.name, input.role)),
  remove: adminProcedure
    .input(userNameInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.users.remove(input.name);
      return SUCCESS;
    }),
  setRole: adminProcedure
    .input(userNameInput.extend({ role: roleShape }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.users.setRole(input.name, input.role);
      return SUCCESS;
    }),
  issueToken: adminProcedure.input(userNameInput).output(issuedTokenOutput).mutation(({ ctx, input }) => ctx.core.users.issueToken(input.name)),
  revokeToken: adminProcedure
    .input(z.object({ id: z.string().min(1).max(128) }))
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.core.users.revokeToken(input.id);
      return SUCCESS;
    }),
});
