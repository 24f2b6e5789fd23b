// Job and loader states as classifai's status records. Each *status procedure reads a state
// from the core and hands it to one of these; the numeric codes are the spec's.
import type { ChooserWindow } from '@/server/core/chooser.service';
import type { FolderScanResult } from '@/server/core/jobs/folder-scan.job';
import type { JobStatusOf } from '@/server/core/jobs/job-kinds';
import type { LoadingStatus } from '@/server/core/project.service';
import { ERROR_CODES } from '../errors';
import { ADD_IMAGE_STATUS } from '../schemas/image.schema';
import type { ThumbnailStatusOutput } from '../schemas/project.schema';
import { FILE_SYSTEM_STATUS, type FileSystemMessage } from '../schemas/status.schema';
import { EXPORT_STATUS } from '../schemas/transfer.schema';

interface FileSystemState {
  name: FileSystemMessage;
  progress: [number, number] | null;
  result: FolderScanResult | null;
  errorMessage: string | null;
}

/** A scan job as classifai's FileSystemStatus: 1 while walking, 2 while writing, 3 done, 5 failed. */
function toFileSystemState(job: JobStatusOf<'scan'> | undefined): FileSystemState {
  if (!job) return { name: 'DID_NOT_INITIATED', progress: null, result: null, errorMessage: null };
  if (job.state === 'failed') return { name: 'ABORTED', progress: null, result: null, errorMessage: job.message };
  if (job.state === 'succeeded') {
    return { name: 'DATABASE_UPDATED', progress: null, result: job.result, errorMessage: null };
  }
  if (job.phase === 'updating') return { name: 'DATABASE_UPDATING', progress: [job.done, job.total], result: null, errorMessage: null };
  return { name: 'ITERATING_FOLDER', progress: null, result: null, errorMessage: null };
}

const fileSystemFields = (state: FileSystemState) => ({
  message: 1 as const,
  file_system_status: FILE_SYSTEM_STATUS[state.name],
  file_system_message: state.name,
});

/** Creation status: optional fields appear only when they have a value, as classifai sends them. */
export function toCreationStatus(job: JobStatusOf<'scan'> | undefined) {
  const state = toFileSystemState(job);
  return {
    ...fileSystemFields(state),
    ...(state.progress ? { progress: state.progress } : {}),
    ...(state.result ? { unsupported_image_list: state.result.unsupported } : {}),
    ...(state.errorMessage ? { error_message: state.errorMessage } : {}),
  };
}

/** Reload status: every list is present, null until the reload is done. */
export function toReloadStatus(job: JobStatusOf<'scan'> | undefined) {
  const state = toFileSystemState(job);
  return {
    ...fileSystemFields(state),
    progress: state.progress,
    uuid_add_list: state.result?.added ?? null,
    uuid_delete_list: state.result?.removed ?? null,
    unsupported_image_list: state.result?.unsupported ?? null,
    ...(state.errorMessage ? { error_message: state.errorMessage } : {}),
  };
}

/** V1 loader: 2 with labels and uuids once loaded; classifai words the other case as an error. */
export function toLoadingStatus(status: LoadingStatus, projectName: string) {
  // A copy: the core's list is shared with its cache, the wire shape is a plain array.
  if (status.state === 'loaded') return { message: 2 as const, progress: null, label_list: status.labels, uuid_list: [...status.uuids] };
  // A failure envelope like every other: error_code too (the original left it out).
  return {
    message: 0 as const,
    progress: null,
    error_code: ERROR_CODES.userDefined,
    error_message: `Loading failed. LoaderStatus error for project ${projectName}`,
    label_list: null,
    uuid_list: null,
  };
}

export function toAddStatus(job: JobStatusOf<'add'> | undefined) {
  if (job?.state === 'running') {
    return { message: 1 as const, add_image_status: ADD_IMAGE_STATUS.ADDING_IMAGES, add_image_message: 'ADDING_IMAGES' as const, progress: [job.done, job.total] as [number, number] };
  }
  if (job?.state === 'failed') {
    return { message: 1 as const, add_image_status: ADD_IMAGE_STATUS.OPERATION_FAILED, add_image_message: 'OPERATION_FAILED' as const, error_message: job.message };
  }
  return {
    message: 1 as const,
    add_image_status: ADD_IMAGE_STATUS.IMAGES_ADDED,
    add_image_message: 'IMAGES_ADDED' as const,
    added_image_list: job?.result?.added ?? [],
  };
}

export function toExportStatus(job: JobStatusOf<'export'> | undefined) {
  const progress = job?.state === 'running' ? { progress: [job.done, job.total] as [number, number] } : {};
  const name: keyof typeof EXPORT_STATUS =
    !job ? 'EXPORT_NOT_INITIATED' : job.state === 'running' ? 'EXPORT_STARTING' : job.state === 'succeeded' ? 'EXPORT_SUCCESS' : 'EXPORT_FAIL';
  return {
    message: 1 as const,
    export_status: EXPORT_STATUS[name],
    export_status_message: name,
    project_config_path: job?.state === 'succeeded' ? (job.result?.path ?? null) : null,
    ...progress,
    ...(job?.state === 'failed' ? { error_message: job.message } : {}),
    ...(job?.state === 'succeeded' && job.result?.unspellableLabels ? { unspellable_labels: job.result.unspellableLabels } : {}),
  };
}

/** A cancelled choice ends the import "succeeded" without a project: classifai says ABORTED. */
export function toImportStatus(job: JobStatusOf<'import'> | undefined) {
  const result = job?.state === 'succeeded' ? job.result : null;
  const name: FileSystemMessage = !job
    ? 'DID_NOT_INITIATED'
    : job.state === 'running'
      ? job.phase === 'importing' ? 'DATABASE_UPDATING' : 'ITERATING_FOLDER'
      : result?.projectName ? 'DATABASE_UPDATED' : 'ABORTED';
  return {
    message: 1 as const,
    file_system_status: FILE_SYSTEM_STATUS[name],
    file_system_message: name,
    ...(result?.projectName ? { project_name: result.projectName } : {}),
    ...(result?.missingCount ? { missing_image_count: result.missingCount, missing_image_list: result.missing ?? [] } : {}),
    error_message: job && (job.state === 'failed' || result?.cancelled) ? job.message : '',
    ...(job?.state === 'running' && job.phase === 'importing' ? { progress: [job.done, job.total] as [number, number] } : {}),
  };
}

/** classifai's SelectionWindowStatus: 0 open, 1 closed (with the chosen path, '' if cancelled). */
const windowFields = (window: ChooserWindow) =>
  window.open
    ? { message: 1 as const, window_status: 0, window_message: 'WINDOW_OPEN' as const }
    : { message: 1 as const, window_status: 1, window_message: 'WINDOW_CLOSE' as const };

export const toFolderWindowStatus = (window: ChooserWindow) =>
  window.open ? windowFields(window) : { ...windowFields(window), project_path: window.chosenPath };

export const toLabelFileWindowStatus = (window: ChooserWindow) =>
  window.open ? windowFields(window) : { ...windowFields(window), label_file_path: window.chosenPath };

/** The pre-generation as the workspace's progress bar reads it. */
export function toThumbnailStatus(status: JobStatusOf<'thumbnails'> | undefined): ThumbnailStatusOutput {
  if (!status) return { state: 'none', done: 0, total: 0 };
  const { done, total } = status;
  switch (status.state) {
    case 'running':
      return { state: 'running', done, total };
    case 'succeeded':
      return { state: status.result?.stopped ? 'stopped' : 'done', done, total };
    case 'failed':
      return { state: 'failed', done, total };
  }
}
