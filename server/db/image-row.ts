import type { ImageFormat, ImageRecord } from '@/server/core/types';

export interface ImageRow {
  project_id: string;
  uuid: string;
  rel_path: string;
  format: ImageFormat;
  width: number;
  height: number;
  depth: number;
  file_size: number;
  mtime_ms: number;
}

export const IMAGE_COLUMNS = ['project_id', 'uuid', 'rel_path', 'format', 'width', 'height', 'depth', 'file_size', 'mtime_ms'] as const;

export const toImageRecord = (row: ImageRow): ImageRecord => ({
  uuid: row.uuid,
  projectId: row.project_id,
  relPath: row.rel_path,
  format: row.format,
  width: row.width,
  height: row.height,
  depth: row.depth,
  fileSize: row.file_size,
  mtimeMs: row.mtime_ms,
});
