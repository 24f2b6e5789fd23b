import type { AddImagesParams } from './add-images.job';
import type { ExportParams } from './export.job';
import type { FolderScanParams } from './folder-scan.job';
import type { ImportParams } from './import.job';

/** Every kind of long work and its parameters; createCore gives each exactly one handler. */
export type JobKinds = {
  scan: FolderScanParams;
  add: AddImagesParams;
  export: ExportParams;
  import: ImportParams;
};

export const scanJobKey = (projectId: string) => `scan:${projectId}`;
export const addJobKey = (projectId: string) => `add:${projectId}`;
/** Export and import statuses are global in classifai (one value for the whole server). */
export const EXPORT_JOB_KEY = 'export';
export const IMPORT_JOB_KEY = 'import';
