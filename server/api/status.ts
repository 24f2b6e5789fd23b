// Every *status endpoint is built here: a GET that reads a status and never throws for an
// unknown project, answering the status record with message 0 instead (what clients poll).
// Every role may poll: a status reveals nothing a read does not.
import type { z } from 'zod';
import type { Core } from '@/server/core';
import { isDomainError } from '@/server/core/errors';
import { ERROR_CODES } from './errors';
import { readProcedure, restMeta } from './trpc';

interface StatusOptions<I extends z.ZodObject, O extends z.ZodObject> {
  path: `/${string}`;
  summary: string;
  input: I;
  output: O;
  read: (core: Core, input: z.infer<I>) => z.infer<O> | Promise<z.infer<O>>;
  /** The status record for a project that does not exist (message 0 plus its own fields). */
  missing: (errorMessage: string, input: z.infer<I>) => z.infer<O>;
}

export function statusProcedure<I extends z.ZodObject, O extends z.ZodObject>(options: StatusOptions<I, O>) {
  return readProcedure
    .meta(restMeta('GET', options.path, options.summary))
    .input(options.input)
    .output(options.output)
    .query(async ({ ctx, input }) => {
      // tRPC cannot follow the generic input/output through the builder; the schemas still check both.
      const parsed = input as z.infer<I>;
      try {
        return (await options.read(ctx.core, parsed)) as never;
      } catch (error) {
        if (isDomainError(error) && error.code === 'not_found') {
          return { ...options.missing(error.message, parsed), error_code: ERROR_CODES.userDefined, error_message: error.message } as never;
        }
        throw error;
      }
    });
}
