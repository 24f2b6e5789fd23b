import type { AddImagesParams } from './add-images.job';
import type { FolderScanParams } from './folder-scan.job';

/** Every kind of long work and its parameters; createCore gives each exactly one handler. */
export type JobKinds = {
  scan: FolderScanParams;
  add: AddImagesParams;
};

export const scanJobKey = (projectId: string) => `scan:${projectId}`;
export const addJobKey = (projectId: string) => `add:${projectId}`;
