// Rows as both stores return them (snake_case columns, JSON as text) and the records the core
// gets from them: one mapping, so SQLite and PostgreSQL cannot drift apart (image-row.ts holds
// the images table's).
import type { ClassNumbers, ClassRecord, JobRow, SplitCandidate, SplitSettings } from '@/server/core/repositories';
import type { DatasetFields, ImageAnnotation, Shape, SplitName } from '@/server/core/types';

export interface AnnotationRow {
  uuid: string;
  shapes: string;
  img_x: number;
  img_y: number;
  img_w: number;
  img_h: number;
  dataset: string | null;
  annotation_version: number;
  annotation_client: string | null;
}

/** The columns of images an AnnotationRow is read from. */
export const ANNOTATION_COLUMNS = ['uuid', 'shapes', 'img_x', 'img_y', 'img_w', 'img_h', 'dataset', 'annotation_version', 'annotation_client'] as const;

export const toAnnotation = (row: AnnotationRow): ImageAnnotation => ({
  shapes: JSON.parse(row.shapes) as Shape[],
  placement: { x: row.img_x, y: row.img_y, w: row.img_w, h: row.img_h },
  ...(row.dataset === null ? {} : { dataset: JSON.parse(row.dataset) as DatasetFields }),
  version: Number(row.annotation_version),
  client: row.annotation_client,
});

export interface DatasetFieldsRow {
  uuid: string;
  dataset: string;
}

export const toDatasetFields = (rows: readonly DatasetFieldsRow[]): Map<string, DatasetFields> =>
  new Map(rows.map((row) => [row.uuid, JSON.parse(row.dataset) as DatasetFields]));

export interface ClassRow {
  name: string;
  color: string;
  class_id: number;
  hotkey: string | null;
  coco_id: number | null;
  yolo_index: number | null;
}

export const toClass = (row: ClassRow): ClassRecord => ({
  name: row.name,
  color: row.color,
  classId: row.class_id,
  hotkey: row.hotkey,
  cocoId: row.coco_id,
  yoloIndex: row.yolo_index,
});

/** The labels table's column of each class number. */
export const CLASS_NUMBER_COLUMNS: Record<keyof ClassNumbers, string> = { hotkey: 'hotkey', cocoId: 'coco_id', yoloIndex: 'yolo_index' };

export interface SplitSettingsRow {
  split_seed: number;
  split_train: number;
  split_val: number;
  split_test: number;
  split_at: number | null;
}

export const DEFAULT_SPLIT_SETTINGS: SplitSettings = { seed: 1, percentages: { train: 80, val: 20, test: 0 }, splitAt: null };

export const toSplitSettings = (row: SplitSettingsRow | undefined): SplitSettings =>
  row ? { seed: row.split_seed, percentages: { train: row.split_train, val: row.split_val, test: row.split_test }, splitAt: row.split_at } : DEFAULT_SPLIT_SETTINGS;

export interface SplitCandidateRow {
  uuid: string;
  rel_path: string;
  file_size: number;
  mtime_ms: number;
  content_hash: string | null;
  perceptual_hash: string | null;
  split: SplitName | null;
}

export const toSplitCandidate = (row: SplitCandidateRow): SplitCandidate => ({
  uuid: row.uuid,
  relPath: row.rel_path,
  fileSize: row.file_size,
  mtimeMs: row.mtime_ms,
  contentHash: row.content_hash,
  perceptualHash: row.perceptual_hash,
  split: row.split,
});

// The columns are the record's fields, with the result as JSON text and snake_case times.
export type StoredJobRow = Omit<JobRow, 'result' | 'startedAt' | 'finishedAt' | 'heartbeatAt' | 'startedBy'> & {
  result: string | null;
  started_by: string;
  started_at: number;
  finished_at: number | null;
  heartbeat_at: number;
};

export function toJobRow<Result>(row: StoredJobRow): JobRow<Result> {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    state: row.state,
    phase: row.phase,
    done: row.done,
    total: row.total,
    message: row.message,
    // The runner stored what this kind's handler returned, and JSON keeps that shape.
    result: row.result === null ? null : (JSON.parse(row.result) as Result),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    owner: row.owner,
    heartbeatAt: row.heartbeat_at,
    startedBy: row.started_by,
  };
}
