import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, isFile } from '@/server/files/project-folder';
import { countFolderImages, resolveProjectFolder, type FolderContents } from './folder-check';
import type { ProjectRoots } from './project-roots';
import { alreadyExists, invalidInput, invalidState, notFound } from './errors';
import type { JobRunner } from './jobs/job-runner';
import { scanJobKey, thumbnailJobKey, type JobKinds, type JobStatusOf } from './jobs/job-kinds';
import type { ImportService } from './import.service';
import { assignLabelColors } from './label-colors';
import { checkProjectName, parseLabelLines } from './names';
import { PRESENCE_TTL_MS } from './teamwork/teamwork.service';
import type { LabelCount, Repositories } from './repositories';
import type { AnnotationType, Project } from './types';

export interface ProjectOverview {
  project: Project;
  imageCount: number;
  labeledCount: number;
  folderExists: boolean;
  isLoaded: boolean;
  /** Its folder is being scanned (created or reloaded): the counts are not final yet. */
  scanning: boolean;
}

/** A project comes from a folder of images, or from a classifai configuration file the user picks. */
export type CreateProjectCommand =
  | { source: 'folder'; name: string; type: AnnotationType; folder: string; labelFilePath: string }
  | { source: 'chosen_config' };

export interface LoadingStatus {
  state: 'not_loaded' | 'loaded';
  labels: string[];
  /** Shared with the cache of the list: never changed. */
  uuids: readonly string[];
}

export interface ProjectStatistic {
  labeled: number;
  unlabeled: number;
  perLabel: LabelCount[];
}

const MAX_LABEL_FILE_BYTES = 1024 * 1024;

export function createProjectService(deps: { repos: Repositories; jobs: JobRunner<JobKinds>; imports: ImportService; now: () => number; roots: ProjectRoots }) {
  const { repos, jobs, imports, now, roots } = deps;

  const get = async (type: AnnotationType, name: string): Promise<Project> => {
    const project = await repos.projects.findByName(type, name);
    if (!project) throw notFound(`Project not exist: ${name}`, { reason: 'project_missing', subject: name });
    return project;
  };

  const readLabelFile = async (labelFilePath: string): Promise<string[]> => {
    if (labelFilePath.trim() === '') return [];
    const absolute = path.resolve(labelFilePath);
    if (!(await isFile(absolute))) throw invalidInput(`Label file not found: ${labelFilePath}`, { reason: 'label_file_missing', subject: labelFilePath });
    const stat = await fsp.stat(absolute);
    if (stat.size > MAX_LABEL_FILE_BYTES) {
      throw invalidInput('Label file is larger than 1 MB', { reason: 'label_file_too_large', subject: labelFilePath });
    }
    return parseLabelLines(await fsp.readFile(absolute, 'utf8'));
  };

  const refuseTakenName = async (type: AnnotationType, name: string) => {
    // classifai's wording, kept for REST clients.
    if (await repos.projects.findByName(type, name)) throw alreadyExists(`Project name exist: ${name}`, { reason: 'project_name_taken', subject: name });
  };

  const overview = async (project: Project): Promise<ProjectOverview> => {
    const counts = await repos.images.counts(project.id);
    return {
      project,
      imageCount: counts.total,
      labeledCount: counts.labeled,
      folderExists: await isDirectory(project.folder),
      isLoaded: (await repos.projects.sessionState(project.id)).open,
      scanning: await jobs.isRunning(scanJobKey(project.id)),
    };
  };

  return {
    get,

    /** Starts the job that fills the new project: the folder scan, or the configuration import. */
    async create(command: CreateProjectCommand): Promise<JobStatusOf<'scan'> | JobStatusOf<'import'>> {
      if (command.source === 'chosen_config') return imports.start();
      const name = checkProjectName(command.name);
      const folder = await roots.check(await resolveProjectFolder(command.folder));
      if (command.labelFilePath.trim() !== '') await roots.check(path.resolve(command.labelFilePath), 'label file');
      const labels = await readLabelFile(command.labelFilePath);
      await refuseTakenName(command.type, name);
      const at = now();
      const project: Project = {
        id: randomUUID(),
        name,
        type: command.type,
        folder,
        isNew: true,
        isStarred: false,
        versionUuid: randomUUID(),
        createdAt: at,
        lastModifiedAt: at,
        labels,
      };
      try {
        await repos.inTransaction(async () => {
          await repos.projects.insert(project);
          await repos.labels.replace(project.id, assignLabelColors(labels, []));
        });
      } catch (error) {
        // Another creation of this name (another tab, another process) got in since the check:
        // its unique key refused this one, which is the same answer as the check's.
        await refuseTakenName(command.type, name);
        throw error;
      }
      await repos.projects.setSessionState(project.id, { loaded: true });
      return jobs.start('scan', scanJobKey(project.id), { projectId: project.id, mode: 'create' });
    },

    /** What creating a project from this folder would find, without creating anything. */
    async checkFolder(folder: string, signal?: AbortSignal): Promise<FolderContents> {
      if (roots.roots && folder.trim() !== '') await roots.check(path.resolve(folder));
      return countFolderImages(folder, signal);
    },

    async listAll(): Promise<ProjectOverview[]> {
      return Promise.all((await repos.projects.listAll()).map(overview));
    },

    async list(type: AnnotationType): Promise<ProjectOverview[]> {
      return Promise.all((await repos.projects.listByType(type)).map(overview));
    },

    async overview(type: AnnotationType, name: string): Promise<ProjectOverview> {
      return overview(await get(type, name));
    },

    /**
     * V1 load: the project opens; classifai reads is_loaded to refuse a second tab. Its
     * thumbnails are made in the background meanwhile (a running pre-generation is kept).
     */
    async load(type: AnnotationType, name: string): Promise<void> {
      const project = await get(type, name);
      if (project.isNew) await repos.projects.markOpened(project.id);
      await repos.projects.setSessionState(project.id, { loaded: true, open: true });
      await jobs.start('thumbnails', thumbnailJobKey(project.id), { projectId: project.id });
    },

    /** The background thumbnail pre-generation of the project; undefined before its first load. */
    async thumbnailStatus(type: AnnotationType, name: string): Promise<JobStatusOf<'thumbnails'> | undefined> {
      return jobs.status('thumbnails', thumbnailJobKey((await get(type, name)).id));
    },

    async loadingStatus(type: AnnotationType, name: string): Promise<LoadingStatus> {
      const project = await get(type, name);
      if (!(await repos.projects.sessionState(project.id)).loaded) return { state: 'not_loaded', labels: [], uuids: [] };
      return { state: 'loaded', labels: project.labels, uuids: await repos.images.listUuids(project.id) };
    },

    async close(type: AnnotationType, name: string): Promise<void> {
      const project = await get(type, name);
      await repos.projects.setSessionState(project.id, { open: false });
      jobs.cancel(thumbnailJobKey(project.id));
    },

    async star(type: AnnotationType, name: string, starred: boolean): Promise<void> {
      await repos.projects.setStarred((await get(type, name)).id, starred);
    },

    async rename(type: AnnotationType, name: string, newName: string): Promise<void> {
      const project = await get(type, name);
      checkProjectName(newName);
      await refuseTakenName(type, newName);
      // A workspace tab edits the project by its name: renamed under it, its next saves were
      // refused as "no longer exists" and lost. Tabs say they are open every few seconds and
      // leave on closing (one whose leave was lost counts until PRESENCE_TTL_MS has passed).
      const tabs = await repos.teamwork.countPresent(project.id, now() - PRESENCE_TTL_MS);
      if (tabs > 0) {
        const open = tabs === 1 ? 'a workspace tab: close it' : `${tabs} workspace tabs: close them`;
        throw invalidState(`${name} is open in ${open} first, or what is drawn there after the rename would not be saved`);
      }
      await repos.projects.rename(project.id, newName);
    },

    /** Forgets the project. Its images, exports and deleted folder stay on disk. */
    async remove(type: AnnotationType, name: string): Promise<void> {
      const project = await get(type, name);
      if (await jobs.isRunning(scanJobKey(project.id))) throw invalidState('The project folder is being scanned; try again when it is done');
      jobs.cancel(thumbnailJobKey(project.id));
      await repos.projects.delete(project.id);
    },

    async statistic(type: AnnotationType, name: string): Promise<ProjectStatistic> {
      const project = await get(type, name);
      const counts = await repos.images.counts(project.id);
      const perLabel = await repos.annotations.countPerLabel(project.id);
      const used = new Set(perLabel.map((entry) => entry.label));
      const unused = project.labels.filter((label) => !used.has(label)).map((label) => ({ label, count: 0 }));
      return { labeled: counts.labeled, unlabeled: counts.total - counts.labeled, perLabel: [...perLabel, ...unused] };
    },

    async reload(type: AnnotationType, name: string): Promise<JobStatusOf<'scan'>> {
      const project = await get(type, name);
      if (!(await isDirectory(project.folder))) throw invalidState(`Failed to reload project ${name}: its folder is missing`);
      return jobs.start('scan', scanJobKey(project.id), { projectId: project.id, mode: 'reload' });
    },

    /** The creation/reload scan of the project: classifai reads both from one status. */
    async scanStatus(type: AnnotationType, name: string): Promise<JobStatusOf<'scan'> | undefined> {
      return jobs.status('scan', scanJobKey((await get(type, name)).id));
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
