import type { ImageFormat, ImageRecord, SplitName } from '@/server/core/types';

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
  split: SplitName | null;
  orientation: number | null;
}

export const IMAGE_COLUMNS = ['project_id', 'uuid', 'rel_path', 'format', 'width', 'height', 'depth', 'file_size', 'mtime_ms', 'split', 'orientation'] as const;

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
  // Absent rather than undefined: a record without a side reads as it did before splits.
  ...(row.split ? { split: row.split } : {}),
  ...(row.orientation ? { orientation: row.orientation } : {}),
});
