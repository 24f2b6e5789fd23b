import type { FolderScanResult } from '@/server/core/jobs/folder-scan.job';
import type { JobStatus } from '@/server/core/jobs/job-runner';
import { FILE_SYSTEM_STATUS, type FileSystemMessage } from '../schemas/status.schema';

export interface FileSystemState {
  name: FileSystemMessage;
  progress: [number, number] | null;
  result: FolderScanResult | null;
  errorMessage: string | null;
}

/** A scan job as classifai's FileSystemStatus: 1 while walking, 2 while writing, 3 done, 5 failed. */
export function toFileSystemState(job: JobStatus | undefined): FileSystemState {
  if (!job) return { name: 'DID_NOT_INITIATED', progress: null, result: null, errorMessage: null };
  if (job.state === 'failed') return { name: 'ABORTED', progress: null, result: null, errorMessage: job.message };
  if (job.state === 'succeeded') {
    return { name: 'DATABASE_UPDATED', progress: null, result: job.result as FolderScanResult, errorMessage: null };
  }
  if (job.phase === 'updating') return { name: 'DATABASE_UPDATING', progress: [job.done, job.total], result: null, errorMessage: null };
  return { name: 'ITERATING_FOLDER', progress: null, result: null, errorMessage: null };
}

export const fileSystemFields = (state: FileSystemState) => ({
  file_system_status: FILE_SYSTEM_STATUS[state.name],
  file_system_message: state.name,
});
