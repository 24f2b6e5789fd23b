import { z } from 'zod';
import { annotationTypeParam } from './common.schema';

/**
 * A JSON number. trpc-to-openapi switches on coercion for every z.number() it can reach in
 * an input schema, which would accept "12", "" and null as numbers; a pipe is opaque to it.
 */
export const jsonNumber = z.number().pipe(z.number());
const optionalNumber = jsonNumber.nullable().optional();
const shortText = z.string().max(4096);

export const offsetToImage = z.object({ x: jsonNumber, y: jsonNumber });

/** classifai sends ids as numbers (Date.now()-based) and reads them back as strings. */
const shapeId = z.union([shortText, jsonNumber]).nullable().optional();
/** The client's sub-labels are {label, region} objects; the original server expected strings. */
const subLabel = z
  .array(z.union([shortText, z.object({ label: shortText.nullable().optional(), region: shortText.nullable().optional() })]))
  .max(1000)
  .nullable()
  .optional();

const shapeExtras = {
  lineWidth: optionalNumber,
  color: shortText.nullable().optional(),
  label: shortText.nullable().optional(),
  id: shapeId,
  region: z.union([shortText, jsonNumber]).nullable().optional(),
  subLabel,
};

export const boxWire = z.object({
  x1: jsonNumber,
  y1: jsonNumber,
  x2: jsonNumber,
  y2: jsonNumber,
  distancetoImg: offsetToImage.nullable().optional(),
  ...shapeExtras,
});
export type BoxWire = z.infer<typeof boxWire>;

export const polygonPointWire = z.object({ x: jsonNumber, y: jsonNumber, distancetoImg: offsetToImage.nullable().optional() });

export const polygonWire = z.object({
  coorPt: z.array(polygonPointWire).min(3, { message: 'a polygon needs at least 3 points' }).max(10_000),
  ...shapeExtras,
});
export type PolygonWire = z.infer<typeof polygonWire>;

export const imagePathInput = z.object({
  annotation_type: annotationTypeParam,
  project_name: z.string().max(1024),
  uuid: z.string().max(256),
});

/** The thumbnail record sent back, usually with changed shapes and placement. */
export const updateAnnotationInput = imagePathInput.extend({
  bnd_box: z.array(boxWire).max(10_000).nullable().optional(),
  polygons: z.array(polygonWire).max(10_000).nullable().optional(),
  img_x: optionalNumber,
  img_y: optionalNumber,
  img_w: optionalNumber,
  img_h: optionalNumber,
  // Sent back by the client but measured by the server: accepted and ignored.
  img_depth: optionalNumber,
  img_ori_w: optionalNumber,
  img_ori_h: optionalNumber,
  file_size: optionalNumber,
});
export type UpdateAnnotationInput = z.infer<typeof updateAnnotationInput>;

const boxOutput = z.object({
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
  lineWidth: z.number().nullable(),
  color: z.string().nullable(),
  region: z.string().optional(),
  subLabel: z.array(z.unknown()).optional(),
  distancetoImg: z.object({ x: z.number(), y: z.number() }).optional(),
  label: z.string().nullable(),
  id: z.string().nullable(),
});

const polygonOutput = z.object({
  coorPt: z.array(z.object({ x: z.number(), y: z.number(), distancetoImg: z.object({ x: z.number(), y: z.number() }).nullable() })),
  lineWidth: z.number().nullable(),
  color: z.string().nullable(),
  region: z.string().optional(),
  subLabel: z.array(z.unknown()).optional(),
  label: z.string().nullable(),
  id: z.string().nullable(),
});

export const thumbnailOutput = z.object({
  message: z.literal(1),
  uuid: z.string(),
  project_name: z.string(),
  img_path: z.string(),
  bnd_box: z.array(boxOutput).optional(),
  polygons: z.array(polygonOutput).optional(),
  img_depth: z.number().int(),
  img_x: z.number(),
  img_y: z.number(),
  img_w: z.number(),
  img_h: z.number(),
  file_size: z.number().int(),
  img_ori_w: z.number().int(),
  img_ori_h: z.number().int(),
  img_thumbnail: z.string(),
});
export type ThumbnailOutput = z.infer<typeof thumbnailOutput>;

export const imageSourceOutput = z.object({ message: z.literal(1), img_src: z.string() });
