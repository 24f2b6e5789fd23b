import { z } from 'zod';
import { failureFields } from './common.schema';

/** classifai's FileSystemStatus, shared by creation, reload and import. */
export const FILE_SYSTEM_STATUS = {
  DID_NOT_INITIATED: 0,
  ITERATING_FOLDER: 1,
  DATABASE_UPDATING: 2,
  DATABASE_UPDATED: 3,
  DATABASE_NOT_UPDATED: 4,
  ABORTED: 5,
} as const;
export type FileSystemMessage = keyof typeof FILE_SYSTEM_STATUS;

const fileSystemFields = {
  message: z.union([z.literal(0), z.literal(1)]),
  ...failureFields,
  file_system_status: z.number().int(),
  file_system_message: z.string().nullable(),
};

export const creationStatusOutput = z.object({
  ...fileSystemFields,
  progress: z.tuple([z.number().int(), z.number().int()]).optional(),
  unsupported_image_list: z.array(z.string()).optional(),
});

export const reloadStatusOutput = z.object({
  ...fileSystemFields,
  progress: z.tuple([z.number().int(), z.number().int()]).nullable(),
  uuid_add_list: z.array(z.string()).nullable(),
  uuid_delete_list: z.array(z.string()).nullable(),
  unsupported_image_list: z.array(z.string()).nullable(),
});

export const folderWindowOutput = z.object({
  message: z.literal(1),
  window_status: z.number().int(),
  window_message: z.enum(['WINDOW_OPEN', 'WINDOW_CLOSE']),
  project_path: z.string().optional(),
});

export const labelFileWindowOutput = z.object({
  message: z.literal(1),
  window_status: z.number().int(),
  window_message: z.enum(['WINDOW_OPEN', 'WINDOW_CLOSE']),
  label_file_path: z.string().optional(),
});
