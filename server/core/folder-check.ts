// A folder offered for a new project, checked before anything is created: the create and
// the workspace's pre-check (how many images would the project get?) share these rules.
import path from 'node:path';
import { inspectFolder, walkFolder } from '@/server/files/project-folder';
import { probeImageFile } from '@/server/media/image-media';
import { invalidInput, invalidState } from './errors';
import { mapLimited } from '@/server/files/map-limited';

const PROBES_IN_FLIGHT = 16;

/** The absolute folder, or a DomainError saying why it cannot hold a project. */
export async function resolveProjectFolder(given: string): Promise<string> {
  if (given.trim() === '') throw invalidInput('Project folder must be given', { reason: 'folder_missing', subject: given });
  const folder = path.resolve(given);
  const state = await inspectFolder(folder);
  switch (state) {
    case 'folder':
      return folder;
    case 'missing':
      // classifai's wording: REST clients may match on it.
      throw invalidInput(`Project folder does not exist: ${given}`, { reason: 'folder_missing', subject: given });
    case 'file':
      throw invalidInput(`Project path is a file, not a folder: ${given}`, { reason: 'folder_is_file', subject: given });
    case 'unreadable':
      throw invalidInput(`Project folder cannot be read: ${given}`, { reason: 'folder_unreadable', subject: given });
    default: {
      const unknownState: never = state;
      throw new Error(`Unknown folder state ${String(unknownState)}`);
    }
  }
}

export interface FolderContents {
  /** Files the creation scan would take as images (their headers are read, as it does). */
  imageCount: number;
  otherFileCount: number;
}

/**
 * Counts what a creation scan of the folder would find; reads headers only, writes nothing.
 * A huge folder takes as long as its scan would: the signal stops it when the caller leaves.
 */
export async function countFolderImages(given: string, signal?: AbortSignal): Promise<FolderContents> {
  // A caller that left is not a failure to log: a plain domain error, nobody reads it.
  const stopIfLeft = () => {
    if (signal?.aborted) throw invalidState('The folder check was cancelled');
  };
  const folder = await resolveProjectFolder(given);
  let entries;
  try {
    entries = await walkFolder(folder, signal);
  } catch {
    stopIfLeft();
    throw invalidState(`Project folder cannot be read: ${given}`, { reason: 'folder_unreadable', subject: given });
  }
  const probes = await mapLimited(entries, PROBES_IN_FLIGHT, (entry) => {
    stopIfLeft();
    return probeImageFile(entry.absPath);
  });
  const imageCount = probes.filter(Boolean).length;
  return { imageCount, otherFileCount: entries.length - imageCount };
}
