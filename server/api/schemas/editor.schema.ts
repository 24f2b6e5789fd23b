import { z } from 'zod';
import { imagePathInput, jsonNumber } from './annotation.schema';

// The workspace edits shapes in image pixels; the server converts to and from classifai's
// canvas space, so neither the editor nor classifai clients ever see the other's coordinates.
export const editorBox = z.object({
  id: z.string().max(256),
  kind: z.literal('box'),
  x: jsonNumber,
  y: jsonNumber,
  w: jsonNumber,
  h: jsonNumber,
  label: z.string().max(4096),
});

export const editorPolygon = z.object({
  id: z.string().max(256),
  kind: z.literal('polygon'),
  points: z.array(z.object({ x: jsonNumber, y: jsonNumber })).min(3).max(10_000),
  label: z.string().max(4096),
});

export const editorShape = z.discriminatedUnion('kind', [editorBox, editorPolygon]);
export type EditorShapeWire = z.infer<typeof editorShape>;

export const editorImageOutput = z.object({
  uuid: z.string(),
  img_path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  shapes: z.array(editorShape),
  /** How many stored changes the shapes have had: a save names the one it grew from. */
  version: z.number().int(),
});
export type EditorImageOutput = z.infer<typeof editorImageOutput>;

export const editorImagesInput = imagePathInput.omit({ uuid: true }).extend({ uuids: z.array(z.string().max(256)).min(1).max(200) });

/** Versions are stored as 32-bit integers (PostgreSQL's integer); none is ever higher. */
const MAX_ANNOTATION_VERSION = 2 ** 31 - 1;

export const saveEditorShapesInput = imagePathInput.extend({
  shapes: z.array(editorShape).max(10_000),
  /** When the editor made this state (ms since 1970): an older state never overwrites a newer one. */
  edited_at: z.number().int().nonnegative().optional(),
  /** The version this state grew from: when another is stored, nothing is written and the answer is a conflict. */
  base_version: z.number().int().nonnegative().max(MAX_ANNOTATION_VERSION).optional(),
  /** The tab that made the state: a version that same tab stored since its base is not someone else's. */
  client_id: z.string().min(8).max(64).optional(),
});

export const annotationChangeOutput = z.object({
  version: z.number().int(),
  actor: z.string(),
  at: z.number(),
  source: z.enum(['workspace', 'classifai', 'import', 'labels']),
  shape_count: z.number().int(),
});
export type AnnotationChangeOutput = z.infer<typeof annotationChangeOutput>;

/** Saved (the new version), or a conflict: what is stored now and who stored it. */
export const editorSaveOutput = z.discriminatedUnion('message', [
  z.object({ message: z.literal(1), version: z.number().int() }),
  z.object({
    message: z.literal(0),
    conflict: z.object({ version: z.number().int(), shapes: z.array(editorShape), change: annotationChangeOutput.nullable() }),
  }),
]);
export type EditorSaveOutput = z.infer<typeof editorSaveOutput>;
