import { z } from 'zod';
import { annotationTypeParam, booleanText, failureFields, projectPathInput } from './common.schema';

/** PUT /v2/projects. The classifai client spells the type boundingbox/segmentation, its interface description bndbox/seg. */
export const createProjectInput = z.object({
  status: z.string().refine((value) => /^(raw|config)$/i.test(value), { message: 'must be "raw" or "config"' }),
  project_name: z.string().max(1024).optional(),
  annotation_type: z
    .string()
    .refine((value) => /^(bndbox|seg|boundingbox|segmentation)$/i.test(value), {
      message: 'must be bndbox, seg, boundingbox or segmentation',
    })
    .optional(),
  project_path: z.string().max(4096).optional(),
  label_file_path: z.string().max(4096).optional(),
}).superRefine((input, context) => {
  // A folder's project needs its type (classifai refuses the request without it); a
  // configuration brings its own.
  if (/^raw$/i.test(input.status) && input.annotation_type === undefined) {
    context.addIssue({ code: 'custom', path: ['annotation_type'], message: 'is required for a project made from a folder' });
  }
});
export type CreateProjectInput = z.infer<typeof createProjectInput>;

export const projectMeta = z.object({
  project_name: z.string(),
  project_path: z.string(),
  is_new: z.boolean(),
  is_starred: z.boolean(),
  is_loaded: z.boolean(),
  is_cloud: z.boolean(),
  project_infra: z.literal('ON_PREMISE'),
  created_date: z.string(),
  last_modified_date: z.string(),
  current_version: z.string(),
  total_uuid: z.number().int(),
  root_path_valid: z.boolean(),
});
export type ProjectMeta = z.infer<typeof projectMeta>;

export const projectListInput = z.object({ annotation_type: annotationTypeParam });
export const projectMetaOutput = z.object({ message: z.literal(1), content: z.array(projectMeta) });

export const starInput = projectPathInput.extend({ status: booleanText });
export const closeInput = projectPathInput.extend({
  status: z.string().refine((value) => value === 'closed', { message: 'must be "closed"' }),
});
export const renameProjectInput = projectPathInput.extend({ new_project_name: z.string().max(1024) });

export const loadingStatusOutput = z.object({
  /** classifai's loader state: 0 error or not loaded, 1 loading, 2 loaded. */
  message: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  progress: z.tuple([z.number().int(), z.number().int()]).nullable(),
  ...failureFields,
  label_list: z.array(z.string()).nullable(),
  uuid_list: z.array(z.string()).nullable(),
});

export const statisticOutput = z.object({
  message: z.union([z.literal(0), z.literal(1)]),
  labeled_image: z.number().int(),
  unlabeled_image: z.number().int(),
  label_per_class_in_project: z.array(z.object({ label: z.string().nullable(), count: z.number().int() })).nullable(),
  ...failureFields,
});

/** tRPC only: the project's last change, which every save stamps (a change signal, cheaper than a count). */
export const lastChangeOutput = z.object({ last_modified_at: z.number() });

export const newLabelsInput = projectPathInput.extend({ label_list: z.array(z.string().max(1024)).max(10_000) });

/** The workspace's project list (tRPC only): both types, with labeled counts. */
export const projectOverviewOutput = z.array(
  z.object({
    name: z.string(),
    type: annotationTypeParam,
    folder: z.string(),
    folder_exists: z.boolean(),
    image_count: z.number().int(),
    labeled_count: z.number().int(),
    is_starred: z.boolean(),
    is_loaded: z.boolean(),
    /** Its folder is being scanned (created or reloaded): the counts are not final yet. */
    is_scanning: z.boolean(),
    created_at: z.number(),
    last_modified_at: z.number(),
    labels: z.array(z.string()),
  }),
);
export type ProjectOverviewOutput = z.infer<typeof projectOverviewOutput>[number];

/** tRPC only: what creating a project from a folder would find, before creating it. */
export const checkFolderInput = z.object({ project_path: z.string().max(4096) });
export const checkFolderOutput = z.object({
  image_count: z.number().int(),
  other_file_count: z.number().int(),
});

/**
 * The workspace's view of the background thumbnail pre-generation (tRPC only, not classifai's).
 * "none" before the project's first load; "stopped" when closing or deleting cut it short.
 */
export const thumbnailStatusOutput = z.object({
  state: z.enum(['none', 'running', 'done', 'stopped', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
});
export type ThumbnailStatusOutput = z.infer<typeof thumbnailStatusOutput>;
