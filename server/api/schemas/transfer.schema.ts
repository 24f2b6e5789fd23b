import { z } from 'zod';
import { EXPORT_TYPES, TRAINING_FORMATS } from '@/server/core/formats';
import { annotationTypeParam, booleanText, failureFields, projectPathInput } from './common.schema';

/** The bases are optional body fields (a classifai client sends no body): COCO and YOLO use them. */
export const exportInput = projectPathInput.extend({
  export_type: z.enum(EXPORT_TYPES),
  // Piped so trpc-to-openapi cannot switch on its coercion ("12" or "" taken as a number).
  coco_id_base: z.number().pipe(z.number().int().min(0).max(1_000_000)).optional().meta({ description: 'COCO id of the first class without its own (default 1)' }),
  yolo_index_base: z.number().pipe(z.number().int().min(0).max(1_000)).optional().meta({ description: 'YOLO index of the first class without its own (default 0)' }),
});

/** The workspace's Export menu (tRPC only), in the registry's order. */
export const exportFormatsOutput = z.array(z.object({ export_type: z.enum(EXPORT_TYPES), label: z.string() }));

/** classifai's ProjectExportStatus. */
export const EXPORT_STATUS = { EXPORT_NOT_INITIATED: 0, EXPORT_STARTING: 1, EXPORT_SUCCESS: 2, EXPORT_FAIL: 3 } as const;

export const exportStatusOutput = z.object({
  message: z.literal(1),
  ...failureFields,
  export_status: z.number().int(),
  export_status_message: z.enum(['EXPORT_NOT_INITIATED', 'EXPORT_STARTING', 'EXPORT_SUCCESS', 'EXPORT_FAIL']),
  project_config_path: z.string().nullable(),
  progress: z.tuple([z.number().int(), z.number().int()]).optional(),
  /** After a classifai configuration export: why labels will not read back from it as they are. */
  unspellable_labels: z.array(z.string()).optional(),
});

export const transferStatusInput = z.object({ annotation_type: annotationTypeParam });

export const importStatusOutput = z.object({
  message: z.literal(1),
  file_system_status: z.number().int(),
  file_system_message: z.string(),
  project_name: z.string().optional(),
  /** Images of the configuration whose files were gone: left out of the project (first 100 listed). */
  missing_image_count: z.number().int().optional(),
  missing_image_list: z.array(z.string()).optional(),
  /** The field classifai's interface description names: empty when there is no error. */
  error_message: z.string(),
  progress: z.tuple([z.number().int(), z.number().int()]).optional(),
});

export const importFileInput = z.object({ config_path: z.string().min(1).max(4096) });

/** Our own path: import training-format annotations into an existing project. */
export const annotationImportInput = projectPathInput.extend({
  format: z.enum(TRAINING_FORMATS),
  source_path: z.string().min(1).max(4096).optional(),
  files: z
    .array(
      z.object({
        path: z.string().max(4096),
        content: z.string(),
        // Absent for text (existing clients); base64 for a zip, whose entries are imported as a folder's files.
        encoding: z.enum(['utf8', 'base64']).optional(),
      }),
    )
    .max(200_000)
    .optional(),
  // Text like every boolean of the interface: a JSON true is refused, not coerced.
  preview: booleanText.optional().meta({ description: '"true": read and match only, write nothing, and answer what the import would do' }),
});
export type AnnotationImportInput = z.infer<typeof annotationImportInput>;

export const annotationImportOutput = z.object({
  message: z.literal(1),
  matched_image_count: z.number().int(),
  unmatched_list: z.array(z.string()),
  error_list: z.array(z.string()),
  /** Labels the import added (in a preview: would add). */
  labels_added: z.array(z.string()),
  /** Class numbers (COCO ids, YOLO indexes) labels already here took from the file; absent: none. */
  class_numbers_set: z.array(z.string()).optional(),
  /** Class numbers of the file not taken: the label keeps its own, or another label has it; absent: none. */
  class_number_warnings: z.array(z.string()).optional(),
});
