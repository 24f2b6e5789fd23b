import type { ListedImage } from '@/server/core/repositories';
import type { ImageAnnotation, ImageFormat, ImageRecord, SplitName } from '@/server/core/types';
import { ANNOTATION_COLUMNS, type AnnotationRow, toAnnotation } from './stored-rows';

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

/** The row of a listed image: the record's columns and the shape count saves keep beside the shapes. */
export type ListedImageRow = ImageRow & { shape_count: number };
export const LISTED_IMAGE_COLUMNS = [...IMAGE_COLUMNS, 'shape_count'] as const;

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

/** An image read with its annotation in one row (a thumbnail, the editor's view). */
export type ImageWithAnnotationRow = ImageRow & AnnotationRow;
export const IMAGE_WITH_ANNOTATION_COLUMNS = [...new Set([...IMAGE_COLUMNS, ...ANNOTATION_COLUMNS])];

export const toImageWithAnnotation = (row: ImageWithAnnotationRow): { image: ImageRecord; annotation: ImageAnnotation } => ({
  image: toImageRecord(row),
  annotation: toAnnotation(row),
});

export const toListedImage = (row: ListedImageRow): ListedImage => ({ image: toImageRecord(row), shapeCount: Number(row.shape_count) });

/**
 * A listed row as its values in LISTED_IMAGE_COLUMNS' order, as a statement in raw mode reads
 * it: better-sqlite3 then builds no object per row, which was a third of reading a page of 50.
 */
export type ListedImageValues = [
  project_id: string,
  uuid: string,
  rel_path: string,
  format: ImageFormat,
  width: number,
  height: number,
  depth: number,
  file_size: number,
  mtime_ms: number,
  split: SplitName | null,
  orientation: number | null,
  shape_count: number,
];

export const listedImageFromValues = ([project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms, split, orientation, shape_count]: ListedImageValues): ListedImage =>
  toListedImage({ project_id, uuid, rel_path, format, width, height, depth, file_size, mtime_ms, split, orientation, shape_count });
