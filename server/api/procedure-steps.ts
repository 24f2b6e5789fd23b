// tRPC runs a procedure as a chain of steps: our guard (trpc.ts), the input check, the output
// check and the resolver. Between steps it copies the call's options with a spread helper that
// defines each key in turn (four copies a step), and it checks input and output with zod's
// parseAsync, which never takes zod's compiled fast path. In a CPU profile of the built server
// answering the empty project list, those copies alone were 29 µs a request, more than our
// procedure and the REST adapter together. So each procedure's steps run here, inside one step
// of tRPC's: the same steps in the same order with the same errors, each step's options built as
// one plain object, the checks made with zod's synchronous parse (the asynchronous one only for
// a schema that needs it). The procedures' schemas stay where trpc-to-openapi reads them.
// Written against @trpc/server 11.22.1 (pinned); procedure-steps.test.ts fails if its shape moves.
import { TRPCError } from '@trpc/server';
import { getTRPCErrorFromUnknown, isObject, type AnyRouter } from '@trpc/server/unstable-core-do-not-import';
import { z } from 'zod';

/** What tRPC hands a middleware, besides meta and next. */
interface StepOptions {
  ctx: Record<string, unknown>;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  path: string;
  type: string;
  signal: AbortSignal | undefined;
  batchIndex: number;
}

interface NextOptions {
  ctx?: Record<string, unknown>;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

type StepResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

interface Step {
  (opts: StepOptions & { meta: unknown; next: (nextOpts?: NextOptions) => Promise<StepResult> }): Promise<StepResult>;
  _type?: string;
}

interface ProcedureDef {
  middlewares: Step[];
  inputs: unknown[];
  output?: unknown;
  meta?: unknown;
}

const isZodSchema = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/** zod's synchronous parse, or its asynchronous one for a schema with async refinements. */
function parserOf(schema: z.ZodType) {
  return (value: unknown): unknown => {
    try {
      return schema.parse(value);
    } catch (error) {
      if (error instanceof z.core.$ZodAsyncError) return schema.parseAsync(value);
      throw error;
    }
  };
}

function inputStep(schema: z.ZodType): Step {
  const parse = parserOf(schema);
  return async (opts) => {
    let parsed: unknown;
    try {
      parsed = await parse(await opts.getRawInput());
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    return opts.next({ input: isObject(opts.input) && isObject(parsed) ? { ...opts.input, ...parsed } : parsed });
  };
}

function outputStep(schema: z.ZodType): Step {
  const parse = parserOf(schema);
  return async ({ next }) => {
    const result = await next();
    if (!result.ok) return result;
    try {
      return { ...result, data: await parse(result.data) };
    } catch (cause) {
      throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
    }
  };
}

/** The procedure's steps with tRPC's checks made by zod directly; null when a check is not zod's. */
function ownSteps(def: ProcedureDef): Step[] | null {
  let inputIndex = 0;
  const steps: Step[] = [];
  for (const step of def.middlewares) {
    if (step._type !== 'input' && step._type !== 'output') {
      steps.push(step);
      continue;
    }
    const schema = step._type === 'input' ? def.inputs[inputIndex++] : def.output;
    if (!isZodSchema(schema)) return null;
    steps.push(step._type === 'input' ? inputStep(schema) : outputStep(schema));
  }
  return steps;
}

/**
 * Runs steps as tRPC's callRecursive does: a throw becomes a failed result, and next() passes
 * ctx (merged), input and raw input on. Each step gets the options tRPC documents for a
 * middleware, built as one literal: a spread of a step's options cost more than the step.
 */
function chainOf(steps: Step[], meta: unknown) {
  const call = async (index: number, opts: StepOptions): Promise<StepResult> => {
    const { ctx, input, getRawInput, path, type, signal, batchIndex } = opts;
    try {
      return await steps[index]!({
        ctx,
        input,
        getRawInput,
        path,
        type,
        signal,
        batchIndex,
        meta,
        next: (nextOpts) =>
          call(index + 1, {
            ctx: nextOpts?.ctx ? { ...ctx, ...nextOpts.ctx } : ctx,
            input: nextOpts && 'input' in nextOpts ? nextOpts.input : input,
            getRawInput: nextOpts?.getRawInput ?? getRawInput,
            path,
            type,
            signal,
            batchIndex,
          }),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause) };
    }
  };
  return call;
}

/** Makes every procedure of the router run its steps as one step of tRPC's (in place: procedures are shared with sub-routers). */
export function withOneStepProcedures<TRouter extends AnyRouter>(appRouter: TRouter): TRouter {
  for (const procedure of Object.values(appRouter._def.procedures as Record<string, { _def: ProcedureDef }>)) {
    const def = procedure._def;
    const steps = def.middlewares.length > 1 ? ownSteps(def) : null;
    if (!steps) continue;
    const call = chainOf(steps, def.meta);
    const oneStep: Step = (opts) => call(0, opts);
    // tRPC's caller reads this very array on each call.
    def.middlewares.splice(0, def.middlewares.length, oneStep);
  }
  return appRouter;
}
