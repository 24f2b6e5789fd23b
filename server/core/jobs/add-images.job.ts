// Copies images into a project folder: uploaded bytes, or every image of a folder the user
// picks. Never overwrites: a taken name gets a (1), (2)… suffix. The new files become images
// of the project through the reload the client runs next.
import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Chooser } from '@/server/files/chooser';
import { isInside, isReservedName, placeNewFile, removeStaleTemporaries, walkFolder, writeNewFile } from '@/server/files/project-folder';
import { probeImageFile } from '@/server/media/image-media';
import { invalidInput, notFound } from '../errors';
import type { Repositories } from '../repositories';
import type { JobKinds } from './job-kinds';
import type { JobHandler } from './job-runner';

export interface AddImagesParams {
  projectId: string;
  source: { kind: 'upload'; files: Array<{ name: string; bytes: Buffer }> } | { kind: 'folder' };
}

export interface AddImagesResult {
  added: string[];
  cancelled: boolean;
}

export function createAddImagesHandler(repos: Repositories, chooser: Chooser): JobHandler<JobKinds['add']> {
  return async ({ projectId, source }, context) => {
    const project = await repos.projects.findById(projectId);
    if (!project) throw notFound('The project was deleted');
    const added: string[] = [];
    await removeStaleTemporaries(project.folder);
    if (source.kind === 'upload') {
      context.progress(0, source.files.length);
      for (const file of source.files) {
        context.signal.throwIfAborted();
        added.push(await writeNewFile(project.folder, file.name, file.bytes));
        context.progress(added.length, source.files.length);
      }
      return { result: { added, cancelled: false } satisfies AddImagesResult };
    }
    context.setPhase('choosing');
    const chosen = await chooser.choose('folder', context.signal);
    context.signal.throwIfAborted(); // a shutdown closed the dialog: that is no choice
    if (chosen === '') return { result: { added, cancelled: true } satisfies AddImagesResult };
    const realChosen = await fsp.realpath(chosen).catch(() => '');
    if (!realChosen) throw invalidInput(`The chosen folder does not exist: ${chosen}`);
    const realProject = await fsp.realpath(project.folder);
    if (isInside(realProject, realChosen) || isInside(realChosen, realProject)) {
      throw invalidInput('Choose a folder outside the project folder');
    }
    context.setPhase('copying');
    const entries = await walkFolder(realChosen, context.signal);
    context.progress(0, entries.length);
    for (const [index, entry] of entries.entries()) {
      context.signal.throwIfAborted();
      const name = path.basename(entry.relPath);
      // A name Labelport keeps is its own file (another project's leftover temporary), not an image to copy.
      if (!isReservedName(name) && (await probeImageFile(entry.absPath))) added.push(await placeNewFile(project.folder, name, (temporary) => fsp.copyFile(entry.absPath, temporary, constants.COPYFILE_EXCL)));
      context.progress(index + 1, entries.length);
    }
    return { result: { added, cancelled: false } satisfies AddImagesResult };
  };
}
