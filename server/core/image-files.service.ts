// The only operations that change a user's folder: add (copy in, never overwrite), rename
// (never overwrite) and delete (move into the deleted folder, never unlink).
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  isInside,
  isReservedName,
  moveToDeletedFolder,
  moveNoReplace,
  resolveExistingInside,
  resolveInside,
} from '@/server/files/project-folder';
import type { ThumbnailCache } from '@/server/files/thumbnail-cache';
import { probeImageBuffer } from '@/server/media/image-media';
import { hasIllegalRenameCharacter } from './image-file-rules';
import { DomainError, imageNotFound, invalidInput, invalidState, isDomainError } from './errors';
import type { JobRunner } from './jobs/job-runner';
import { addJobKey, type JobKinds, type JobStatusOf } from './jobs/job-kinds';
import { checkFileName } from './names';
import type { ProjectService } from './project.service';
import type { Repositories } from './repositories';
import type { AnnotationType } from './types';

export interface UploadedImage {
  name: string;
  /** A data URL as FileReader.readAsDataURL makes it. */
  dataUrl: string;
}

export type RenameOutcome =
  | { ok: true; absPath: string }
  | { ok: false; reason: 'exists' | 'illegal_character' | 'failed'; message: string };

const MAX_UPLOADS = 10_000;

async function decodeUpload(upload: UploadedImage): Promise<Buffer> {
  checkFileName(upload.name, 'Image name');
  // Here as well as where the file is placed: refused before any other upload is written.
  if (isReservedName(upload.name)) throw invalidInput(`${upload.name}: the name is reserved by Labelport`);
  const marker = upload.dataUrl.indexOf('base64,');
  if (marker < 0) throw invalidInput(`${upload.name}: expected a data URL with base64 content`);
  const bytes = Buffer.from(upload.dataUrl.slice(marker + 'base64,'.length), 'base64');
  if (!probeImageBuffer(bytes)) throw invalidInput(`${upload.name} is not a JPEG, PNG, BMP or WebP image`);
  return bytes;
}

export function createImageFilesService(deps: {
  repos: Repositories;
  projects: ProjectService;
  jobs: JobRunner<JobKinds>;
  thumbnails: ThumbnailCache;
  /** A team server: no file dialog (the chooser service refuses it too), uploads only. */
  remote?: boolean;
}) {
  const { repos, projects, jobs, thumbnails } = deps;

  return {
    /**
     * Uploads when any are given, else every image of a folder the user picks. Uploads are
     * checked first: one bad file refuses the whole request and writes nothing.
     */
    async add(type: AnnotationType, name: string, uploads: readonly UploadedImage[]): Promise<JobStatusOf<'add'>> {
      const project = await projects.get(type, name);
      if (uploads.length === 0) {
        if (deps.remote) throw new DomainError('unsupported', 'This team server has no file dialog: upload the images instead');
        return jobs.start('add', addJobKey(project.id), { projectId: project.id, source: { kind: 'folder' } });
      }
      if (uploads.length > MAX_UPLOADS) throw invalidInput(`At most ${MAX_UPLOADS} images per request`);
      const files = [];
      for (const upload of uploads) files.push({ name: upload.name, bytes: await decodeUpload(upload) });
      // Not start(): that answers a running add's status as this one's, and these files would be dropped.
      const started = await jobs.startIfIdle('add', addJobKey(project.id), { projectId: project.id, source: { kind: 'upload', files } });
      if (!started) throw invalidState('Images are being added to this project already; send these when that is done');
      return started;
    },

    async addStatus(type: AnnotationType, name: string): Promise<JobStatusOf<'add'> | undefined> {
      return jobs.status('add', addJobKey((await projects.get(type, name)).id));
    },

    /** Renames in place, keeping the old extension; the new name must not exist. */
    async rename(type: AnnotationType, name: string, uuid: string, newFileName: string): Promise<RenameOutcome> {
      const project = await projects.get(type, name);
      const image = await repos.images.find(project.id, uuid);
      if (!image) throw imageNotFound(name, uuid);
      try {
        checkFileName(newFileName, 'New file name');
      } catch (error) {
        if (isDomainError(error)) return { ok: false, reason: 'illegal_character', message: error.message };
        throw error;
      }
      const dot = newFileName.lastIndexOf('.');
      const base = dot > 0 ? newFileName.slice(0, dot) : newFileName;
      if (base.trim() === '' || hasIllegalRenameCharacter(base)) {
        return { ok: false, reason: 'illegal_character', message: 'Contain illegal character' };
      }
      const oldAbs = await resolveExistingInside(project.folder, image.relPath);
      if (!oldAbs) return { ok: false, reason: 'failed', message: 'Fail to rename file: the image file is missing' };
      const folder = path.posix.dirname(image.relPath);
      const newRel = (folder === '.' ? '' : `${folder}/`) + base + path.extname(image.relPath);
      const newAbs = resolveInside(project.folder, newRel);
      if (!newAbs || !isInside(path.dirname(oldAbs), newAbs)) return { ok: false, reason: 'illegal_character', message: 'Contain illegal character' };
      if (newRel === image.relPath) return { ok: false, reason: 'exists', message: 'Name exists' };
      // A missing image keeps its row and shapes under its path until a reload finds it again:
      // taking its name would fail in the database after the file moved, and hand it those shapes.
      if ((await repos.images.pathIndex(project.id)).has(newRel)) return { ok: false, reason: 'exists', message: 'Name exists' };
      try {
        await moveNoReplace(oldAbs, newAbs);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ok: false, reason: 'exists', message: 'Name exists' };
        return { ok: false, reason: 'failed', message: 'Fail to rename file' };
      }
      const stat = await fsp.stat(newAbs);
      await repos.inTransaction(async () => {
        await repos.images.rename(project.id, uuid, newRel);
        const { format, width, height, depth, fileSize } = image;
        await repos.images.updateFileFacts(project.id, uuid, { format, width, height, depth, fileSize, mtimeMs: Math.trunc(stat.mtimeMs) });
      });
      await thumbnails.forget(project.id, uuid);
      return { ok: true, absPath: newAbs };
    },

    /**
     * Moves each image's own file into the deleted folder and forgets the uuid. Paths a client
     * names are never trusted: only the file stored for the uuid moves. Nothing moves when one
     * uuid is unknown.
     */
    async remove(type: AnnotationType, name: string, uuids: readonly string[]): Promise<void> {
      const project = await projects.get(type, name);
      const images = [];
      for (const uuid of uuids) {
        const image = await repos.images.find(project.id, uuid);
        if (!image) throw imageNotFound(name, uuid);
        images.push(image);
      }
      for (const image of images) {
        const absPath = await resolveExistingInside(project.folder, image.relPath);
        if (absPath) await moveToDeletedFolder(project.folder, absPath);
        await repos.inTransaction(() => repos.images.delete(project.id, image.uuid));
        await thumbnails.forget(project.id, image.uuid);
      }
    },

    /** The project's uuids, in its order: what classifai's delete answers (3.9 MB at 100,000 images). */
    async uuids(type: AnnotationType, name: string): Promise<readonly string[]> {
      return repos.images.listUuids((await projects.get(type, name)).id);
    },
  };
}

export type ImageFilesService = ReturnType<typeof createImageFilesService>;
