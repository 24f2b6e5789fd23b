import type { AddImagesParams, AddImagesResult } from './add-images.job';
import type { ExportJobResult, ExportParams } from './export.job';
import type { FindDuplicatesParams, FindDuplicatesResult } from './find-duplicates.job';
import type { FolderScanParams, FolderScanResult } from './folder-scan.job';
import type { ConfigImportJobResult, ImportParams } from './import.job';
import type { JobStatus } from './job-runner';
import type { ThumbnailWarmParams, ThumbnailWarmResult } from './thumbnail-warm.job';
import type { TilePyramidParams, TilePyramidResult } from './tile-pyramid.job';

/** Every kind of long work, what it takes and what it records; createCore gives each exactly one handler. */
export type JobKinds = {
  scan: { params: FolderScanParams; result: FolderScanResult };
  add: { params: AddImagesParams; result: AddImagesResult };
  export: { params: ExportParams; result: ExportJobResult };
  import: { params: ImportParams; result: ConfigImportJobResult };
  thumbnails: { params: ThumbnailWarmParams; result: ThumbnailWarmResult };
  tiles: { params: TilePyramidParams; result: TilePyramidResult };
  duplicates: { params: FindDuplicatesParams; result: FindDuplicatesResult };
};

export type JobStatusOf<K extends keyof JobKinds> = JobStatus<JobKinds[K]['result']>;

export const scanJobKey = (projectId: string) => `scan:${projectId}`;
export const thumbnailJobKey = (projectId: string) => `thumbnails:${projectId}`;
export const duplicatesJobKey = (projectId: string) => `duplicates:${projectId}`;
export const addJobKey = (projectId: string) => `add:${projectId}`;
/** Export and import statuses are global in classifai (one value for the whole server). */
export const EXPORT_JOB_KEY = 'export';
export const IMPORT_JOB_KEY = 'import';
