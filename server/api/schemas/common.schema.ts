import { z } from 'zod';

/** `:annotation_type` of every path: exactly bndbox or seg (an unknown one is bad input). */
export const annotationTypeParam = z.enum(['bndbox', 'seg']);

export const projectPathInput = z.object({
  annotation_type: annotationTypeParam,
  project_name: z.string().max(1024),
});

/** `{message: 1}`, the success answer of most classifai endpoints. */
export const successOutput = z.object({ message: z.literal(1) });
export type SuccessOutput = z.infer<typeof successOutput>;
export const SUCCESS: SuccessOutput = { message: 1 };

/** Failure fields status records carry alongside their own (the envelope of docs/rest-compatibility.md). */
export const failureFields = {
  error_code: z.number().int().optional(),
  error_message: z.string().optional(),
};

/**
 * classifai sends booleans as the strings "true"/"false" (any case), so that form is the
 * wire type here. Parsed explicitly: coercion would make "false" (and "0") true, and a JSON
 * boolean or a number string is refused. The examples let the document, and the fuzz test
 * reading it, tell this string from free text.
 */
export const booleanText = z
  .string()
  .refine((value) => /^(true|false)$/i.test(value), { message: 'must be "true" or "false"' })
  .meta({ description: 'A boolean as text: "true" or "false", in any case', examples: ['true', 'false'] });
export const parseBooleanText = (value: string) => value.toLowerCase() === 'true';
