// Imports a classifai configuration file: the folder holding the file becomes the project
// folder. Everything is checked before anything is written, then one transaction creates the
// project, so a refused import leaves nothing half-created.
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Chooser } from '@/server/files/chooser';
import { isFile, resolveExistingInside } from '@/server/files/project-folder';
import { probeImageFile } from '@/server/media/image-media';
import { alreadyExists, invalidInput } from '../errors';
import { parseClassifaiConfig } from '../formats/classifai-cfg';
import { assignLabelColors } from '../label-colors';
import { addMissingLabels, shapeLabels } from '../label.service';
import { checkProjectName } from '../names';
import type { NewImage, Repositories } from '../repositories';
import type { Project } from '../types';
import type { JobKinds } from './job-kinds';
import type { JobHandler } from './job-runner';

export interface ImportParams {
  /** The configuration file; when absent the file chooser asks for it. */
  configPath?: string;
}

export interface ConfigImportJobResult {
  projectName: string | null;
  cancelled: boolean;
  /** Listed images whose files are gone: left out, as classifai does (first 100). */
  missing?: string[];
  missingCount?: number;
}

const MISSING_LISTED = 100;

/** The first few paths of a refusal's message. */
const someOf = (paths: readonly string[]) => `${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', …' : ''}`;

const MAX_CONFIG_BYTES = 512 * 1024 * 1024;

/**
 * insideRoots: the file's real path when it is under a project root of this server (its folder
 * becomes the project's), else an outside_root error; the path as it is without roots.
 */
export function createImportHandler(repos: Repositories, chooser: Chooser, now: () => number, insideRoots: (absPath: string, what: string) => Promise<string>): JobHandler<JobKinds['import']> {
  return async ({ configPath }, context) => {
    context.setPhase('choosing');
    const chosen = configPath ?? (await chooser.choose('file', context.signal));
    context.signal.throwIfAborted(); // a shutdown closed the dialog: that is no choice
    if (chosen === '') return { result: { projectName: null, cancelled: true } satisfies ConfigImportJobResult, message: 'No file was chosen' };
    context.setPhase('importing');
    // Its folder becomes the project's: a project made from a folder must be under a root too.
    // Checked first: outside the roots, whether a path exists is none of the caller's business.
    const file = await insideRoots(path.resolve(chosen), 'configuration file');
    if (!(await isFile(file))) throw invalidInput(`The configuration file does not exist: ${chosen}`);
    if ((await fsp.stat(file)).size > MAX_CONFIG_BYTES) throw invalidInput('The configuration file is larger than 512 MB');
    const parsed = parseClassifaiConfig(await fsp.readFile(file, 'utf8'));
    if (!parsed.ok) throw invalidInput(`The configuration file is not valid: ${parsed.error}`);
    const config = parsed.value;
    const name = checkProjectName(config.name);
    if (await repos.projects.findByName(config.type, name)) throw alreadyExists(`A ${config.type} project named ${name} already exists`);
    const folder = path.dirname(file);

    const images: NewImage[] = [];
    const missing: string[] = [];
    const unreadable: string[] = [];
    context.progress(0, config.images.length);
    for (const entry of config.images) {
      context.signal.throwIfAborted();
      const absPath = await resolveExistingInside(folder, entry.relPath);
      if (!absPath) {
        missing.push(entry.relPath);
        continue;
      }
      const probe = await probeImageFile(absPath);
      if (!probe) {
        unreadable.push(entry.relPath);
        continue;
      }
      const stat = await fsp.stat(absPath);
      images.push({
        uuid: entry.uuid,
        relPath: entry.relPath,
        format: probe.format,
        width: probe.width,
        height: probe.height,
        depth: probe.depth,
        orientation: probe.orientation,
        fileSize: stat.size,
        mtimeMs: Math.trunc(stat.mtimeMs),
      });
      context.progress(images.length + missing.length, config.images.length);
    }
    // A file that is there but cannot be read now (permissions, a sync client's placeholder) may
    // be readable later: importing without it would lose its shapes, so nothing is imported.
    if (unreadable.length > 0) {
      throw invalidInput(`${unreadable.length} image(s) of the configuration cannot be read in ${folder}: ${someOf(unreadable)}`);
    }
    // A file deleted since the export leaves its image out (its shapes stay in the file); a
    // configuration none of whose images is there was moved away from its folder.
    if (images.length === 0 && missing.length > 0) {
      throw invalidInput(`None of the ${missing.length} image(s) of the configuration is in ${folder}: ${someOf(missing)}`);
    }
    const kept = new Set(images.map((image) => image.uuid));
    const keptEntries = config.images.filter((entry) => kept.has(entry.uuid));

    const at = now();
    const project: Project = {
      id: (await repos.projects.findById(config.projectId)) ? randomUUID() : config.projectId,
      name,
      type: config.type,
      folder,
      isNew: true,
      isStarred: config.isStarred,
      versionUuid: config.versionUuid,
      createdAt: at,
      lastModifiedAt: at,
      labels: config.labels,
    };
    await repos.inTransaction(async () => {
      await repos.projects.insert(project);
      await repos.labels.replace(project.id, assignLabelColors(config.labels, []));
      await repos.images.insertMany(project.id, images);
      for (const entry of keptEntries) {
        await repos.annotations.save(project.id, entry.uuid, { shapes: entry.shapes, placement: entry.placement }, at);
      }
      // A configuration whose label list misses a label its shapes use still brings it.
      await addMissingLabels(repos, project.id, shapeLabels(keptEntries.map((entry) => entry.shapes)));
    });
    const result: ConfigImportJobResult = { projectName: name, cancelled: false, ...(missing.length > 0 ? { missing: missing.slice(0, MISSING_LISTED), missingCount: missing.length } : {}) };
    return { result, ...(missing.length > 0 ? { message: `${missing.length} image(s) of the configuration were missing and were left out` } : {}) };
  };
}
