import { z } from 'zod';
import { ROLES } from '@/server/core/users/actor';

export const roleShape = z.enum(ROLES);
export const userNameInput = z.object({ name: z.string().min(1).max(64) });

/** Who the browser is: team mode or not, and the signed-in user (null when nobody is). */
export const meOutput = z.object({
  team: z.boolean(),
  actor: z.object({ name: z.string(), role: roleShape }).nullable(),
});
export type MeOutput = z.infer<typeof meOutput>;

export const userSummaryOutput = z.object({
  name: z.string(),
  role: roleShape,
  createdAt: z.number(),
  tokens: z.array(z.object({ id: z.string(), createdAt: z.number(), lastUsedAt: z.number().nullable(), revokedAt: z.number().nullable() })),
});

export const addUserInput = userNameInput.extend({ role: roleShape });
export const addedUserOutput = z.object({ name: z.string(), role: roleShape, password: z.string() });
export const issuedTokenOutput = z.object({ id: z.string(), token: z.string() });
